"""Tests of the race and league services, timers and CPU workers, without Discord."""
