"""Tests of the bot: the Discord layer and the services under it."""
