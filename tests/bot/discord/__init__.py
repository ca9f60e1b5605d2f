"""Tests of the real bot on discord.py against the fake Discord."""
