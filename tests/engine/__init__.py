"""Tests of the rules: the race core, its scenarios (each quoting the rulebook) and properties."""
