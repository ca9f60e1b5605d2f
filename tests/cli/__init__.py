"""Tests of the ``heat`` command line."""
