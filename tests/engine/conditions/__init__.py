"""Tests of the weather and road conditions module."""
