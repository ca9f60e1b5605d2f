"""Tests of championship seasons: schedule, draft, points, notation, scenarios."""
