"""Pure Python unless the build backend (build_support/heat_build.py) was asked to compile;
the gettext catalogs (``data/locale/*/LC_MESSAGES/heat.po``) always compiled into the wheel.

With ``HEAT_COMPILE=1`` a wheel carries the engine compiled by mypyc, its ``.py`` files
beside (Python loads the compiled module first). The modules left out below stay
interpreted, for the reason mypyc gives today (mypy 2.4.1):

- pydantic models (``BaseModel`` and its metaclass): the race, season and championship
  documents, read and written once a race, not on the hot path; mypyc writes C that
  does not compile for them.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

INTERPRETED = {
    "engine/notation.py",
    "engine/season/notation.py",
    "engine/championship/race.py",
}


def compiled_engine() -> list[str]:
    """The engine's modules that mypyc compiles, as paths from the repository's root."""
    modules = sorted(path.as_posix() for path in Path("engine").rglob("*.py"))
    return [path for path in modules if path not in INTERPRETED]


class BuildWithCatalogs(build_py):
    """setuptools' build_py, then each ``.po`` compiled to the ``.mo`` beside it in the build
    (by ``data/catalogs.py``, loaded by its path: the package may not import before it is
    built). An editable install reads the ``.po`` files and compiles them when first read."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        spec = importlib.util.spec_from_file_location("heat_catalogs", "data/catalogs.py")
        assert spec is not None and spec.loader is not None
        catalogs = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogs)
        for path in catalogs.compile_into(Path(self.build_lib) / "data" / "locale"):
            self.announce(f"compiled {path}", level=2)


commands = {"build_py": BuildWithCatalogs}
if os.environ.get("HEAT_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(compiled_engine(), opt_level="3"), cmdclass=commands)
else:
    setup(cmdclass=commands)
