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
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import ParamSpec, TypeVar

import engine
from bot.hosting import metrics

P = ParamSpec("P")
R = TypeVar("R")

_pool: ProcessPoolExecutor | None = None
# The workers give way to the event loop (about 3 to 2 when both want a core) without being
# starved by other busy processes: beside 4 of them a picture took 2.6-4.6 s at 19, and the
# slowest post after a click or a restart took 1.27 s at 5, 0.94 s at 2, 0.67 s at 0.
WORKER_NICENESS = 2
ORPHAN_CHECK_S = 1.0  # how often a worker looks whether the bot that started it is gone
WORKER_EXIT_S = 1.0  # how long a stopping bot waits for each ended worker to go


def workers() -> int:
    """One worker per core, at least two (the event loop keeps a core busy too)."""
    return max(2, os.cpu_count() or 1)


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # "spawn": a fork would copy the event loop's threads and open files mid-use.
        context = multiprocessing.get_context("spawn")
        _pool = ProcessPoolExecutor(
            workers(), mp_context=context, initializer=_watch_parent, initargs=(os.getpid(),)
        )
        atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
    return _pool


def stop() -> None:
    """The bot's process is ending: drop the jobs not started and end the workers now.

    Without this, Python's exit waits for every job under way (an AI search, a
    picture) for a bot that has stopped; a worker ended mid-job wrote nothing, the
    bot's transactions being its own. The next :func:`run` starts a new pool.
    """
    global _pool
    pool, _pool = _pool, None
    if pool is None:
        return
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(WORKER_EXIT_S)


def _watch_parent(parent: int) -> None:
    """In a worker: end when the bot that started it is gone (even killed with -9)."""
    os.nice(WORKER_NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


async def warm_up() -> None:
    """Start the workers and load the rules and pictures in each, before the first click."""
    await asyncio.gather(*(run(_load_everything) for _ in range(workers())))


def _load_everything() -> None:
    import engine.ai  # noqa: F401  (imported for its load time, paid here once)
    import render  # noqa: F401


async def run(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args, **kwargs)`` in a worker process; arguments and result are pickled, the
    engine's values by their fields on both sides (:func:`engine.pickle_by_fields`: the
    compiled engine's classes cannot be rebuilt pickle's default way)."""
    loop = asyncio.get_running_loop()
    engine.pickle_by_fields()
    job = functools.partial(_picklable_result, fn, *args, **kwargs)
    with metrics.worker_job().track_inprogress():
        return await loop.run_in_executor(_executor(), job)


def _picklable_result(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """In a worker: ``fn``'s result, once every engine module it loaded pickles by fields."""
    result = fn(*args, **kwargs)
    engine.pickle_by_fields()
    return result
