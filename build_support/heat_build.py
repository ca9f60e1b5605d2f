"""The build backend: setuptools', plus mypyc for a wheel built with ``HEAT_COMPILE=1``.

A wheel asks for Babel, which compiles the gettext catalogs into it (setup.py), pinned as
the lock pins it. Only a wheel built with the switch asks for mypy (mypyc comes with it)
and pydantic (``data`` and the engine's documents are type-checked with its mypy plugin
before they compile): ``pip install -e .`` fetches nothing more than setuptools. An
editable install never compiles, whatever the environment says, since compiled files
beside the sources would shadow every edit made after them (it reads the catalogs'
``.po`` sources, compiled when first read).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (the hooks this module does not change)

SWITCH = "HEAT_COMPILE"
MYPY = "mypy==2.4.1"  # the compiler's version decides the C it writes: one, pinned
LOCK = Path(__file__).resolve().parent.parent / "requirements.lock"


def compiling() -> bool:
    return os.environ.get(SWITCH) == "1"


def pinned(name: str) -> str:
    """``name==version`` as requirements.lock pins it (the image's run-time version)."""
    for line in LOCK.read_text().splitlines():
        if line.lower().startswith(f"{name}=="):
            return line
    raise LookupError(f"{name} is not pinned in {LOCK.name}")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    switch = os.environ.pop(SWITCH, None)  # setup.py runs here before mypy is installed
    try:
        wanted = build_meta.get_requires_for_build_wheel(config_settings)
    finally:
        if switch is not None:
            os.environ[SWITCH] = switch
    wanted = [*wanted, pinned("babel")]
    return [*wanted, MYPY, pinned("pydantic")] if compiling() else wanted


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    os.environ.pop(SWITCH, None)
    return build_meta.get_requires_for_build_editable(config_settings)


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: dict[str, Any] | None = None
) -> str:
    os.environ.pop(SWITCH, None)
    return build_meta.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    os.environ.pop(SWITCH, None)
    return build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
