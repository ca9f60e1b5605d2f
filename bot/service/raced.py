"""A change that lost to another process reads the race again; a lost database says "try again".

Several bot processes may share one PostgreSQL database. A change is made on
the race as read, and the store refuses it (StaleWrite) if another process
wrote first; reading again and deciding again is then right, because the
engine sees the decision against the race as it now stands: it is still
legal (two drivers planning at once) or it is refused as stale.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.service.refusals import Refused
from bot.storage import StaleWrite, StoreUnavailable

log = logging.getLogger("heat.race")

TRIES = 3  # each retry means another process changed the race meanwhile

P = ParamSpec("P")
S = TypeVar("S")
R = TypeVar("R")


def read_again_if_raced(
    method: Callable[Concatenate[S, P], Coroutine[Any, Any, R]],
) -> Callable[Concatenate[S, P], Coroutine[Any, Any, R]]:
    """Run a race change again when another process changed the race first."""

    @functools.wraps(method)
    async def again(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        for attempt in range(1, TRIES + 1):
            try:
                return await method(self, *args, **kwargs)
            except StaleWrite:
                log.info("raced by another process change=%s try=%s", method.__name__, attempt)
            except StoreUnavailable as error:
                log.warning("database unavailable change=%s: %s", method.__name__, error)
                raise Refused("try_again") from error
        raise Refused("stale")

    return again
