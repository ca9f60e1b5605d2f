"""Tests of the AI drivers."""
