"""Tests of the championship inside one race: events, sponsors, press corners, results."""
