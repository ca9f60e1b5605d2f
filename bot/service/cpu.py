"""CPU work (AI moves, standing orders, pictures) in worker processes, off the event loop.

Threads would hold the GIL and stall every acknowledgement; worker processes
do not. One pool serves the whole process, started on first use.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_pool: ProcessPoolExecutor | None = None


def workers() -> int:
    """One worker per core, at least two (the event loop keeps a core busy too)."""
    return max(2, os.cpu_count() or 1)


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # "spawn": a fork would copy the event loop's threads and open files mid-use.
        context = multiprocessing.get_context("spawn")
        _pool = ProcessPoolExecutor(workers(), mp_context=context)
        atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
    return _pool


async def run(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args, **kwargs)`` in a worker process; arguments and result are pickled."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_executor(), functools.partial(fn, *args, **kwargs))
