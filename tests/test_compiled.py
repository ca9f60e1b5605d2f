"""The engine compiled by mypyc (the wheel and the Docker image run it) plays as the pure one.

One test, so that xdist never builds the wheel twice: it builds the compiled engine
(about 75 s of CPU, most of it the C compiler) into a venv of its own, checks that it
plays seeded races to the same decisions, events and final states as the pure engine
here, then runs engine tests against it: the rulebook scenarios, the API tests, the
decisions' text forms (the compiled classes list their ``do`` words as fields), the
expert AI's two-round plans (the seeded races have no expert), the random driver of
playouts (the compiled engine bench's) and the pickling of engine values to the bot's
worker processes (pickle's default way cannot rebuild a compiled class) in the suite, the whole
of ``tests/engine`` with ``make compiled-check`` (``HEAT_COMPILED_TESTS`` holds the
pytest arguments).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.support.compiled import build
from tests.support.fingerprint import fingerprint

PYTEST_ARGS = os.environ.get(
    "HEAT_COMPILED_TESTS",
    "tests/engine/test_scenarios.py tests/engine/test_api.py tests/engine/test_text_forms.py"
    " tests/engine/ai/test_ai_championship.py tests/engine/ai/test_playout.py"
    " tests/engine/test_pickling.py -n 0",
).split()


@pytest.mark.slow
def test_the_compiled_engine_plays_as_the_pure_one_and_passes_the_engine_tests(
    tmp_path: Path,
) -> None:
    if shutil.which("cc") is None:
        pytest.skip("no C compiler here: mypyc cannot build the compiled engine")
    compiled = build(tmp_path)
    assert compiled.run("-m", "tests.support.fingerprint").strip() == fingerprint()
    compiled.run("-m", "pytest", *PYTEST_ARGS, "-p", "no:cacheprovider")
