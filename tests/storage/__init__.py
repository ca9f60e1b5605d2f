"""Tests of the stores (SQLite and PostgreSQL): races, leagues, migrations, claims, copies."""
