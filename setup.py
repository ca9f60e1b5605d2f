"""Pure Python unless the build backend (build_support/heat_build.py) was asked to compile.

With ``HEAT_COMPILE=1`` a wheel carries the engine compiled by mypyc, its ``.py`` files
beside (Python loads the compiled module first). The modules left out below stay
interpreted, for the reason mypyc gives today (mypy 2.4.1):

- pydantic models (``BaseModel`` and its metaclass): the race, season and championship
  documents, read and written once a race, not on the hot path; mypyc writes C that
  does not compile for them.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

INTERPRETED = {
    "engine/notation.py",
    "engine/season/notation.py",
    "engine/championship/race.py",
}


def compiled_engine() -> list[str]:
    """The engine's modules that mypyc compiles, as paths from the repository's root."""
    modules = sorted(path.as_posix() for path in Path("engine").rglob("*.py"))
    return [path for path in modules if path not in INTERPRETED]


if os.environ.get("HEAT_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(compiled_engine(), opt_level="3"))
else:
    setup()
