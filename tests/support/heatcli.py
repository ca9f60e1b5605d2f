"""The ``heat`` command run in this process under a time budget, for the CLI tests.

A run that hangs fails its test (``Stalled``) instead of stalling the suite.
"""

from __future__ import annotations

import contextlib
import io
import signal
from collections.abc import Iterator
from types import FrameType

from bot import cli

BUDGET_S = 20.0
"""CPU seconds, not wall seconds: a loaded machine (xdist, other jobs) must not fail a run."""


class Stalled(Exception):
    """A run went past its time budget."""


@contextlib.contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    """Raise Stalled in this (main) thread if the block uses more than ``seconds`` of CPU.

    The process's own CPU time (ITIMER_PROF) is what a hang burns, and it does not grow
    when other processes share the cores, so the budget cannot flake under load.
    """

    def stall(signum: int, frame: FrameType | None) -> None:
        raise Stalled(f"no answer within {seconds} s of CPU")

    previous = signal.signal(signal.SIGPROF, stall)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def heat(*argv: str) -> tuple[int, str, str]:
    """Run ``heat`` with these arguments: its exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with time_budget(BUDGET_S), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def refused(command: str, code: int, err: str) -> str:
    """The one line of a refusal, checked: exit status 2 and the ``heat <command>:`` prefix."""
    assert code == 2, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith(f"heat {command}: "), err
    return err
