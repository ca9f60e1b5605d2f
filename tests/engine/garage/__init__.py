"""Tests of the Garage module: the draft, the upgrade cards and their symbols."""
