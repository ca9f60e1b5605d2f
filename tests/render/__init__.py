"""Tests of the pictures: boards, hands, summaries, standings, text."""
