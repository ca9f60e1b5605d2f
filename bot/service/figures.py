"""The races and the outbox as a scrape reads them, on the ``/metrics`` server.

Read from the database at each scrape, these figures are true for the whole
cluster; each process reports the servers of its own shards.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator

from prometheus_client import REGISTRY
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

from bot.hosting.metrics import DATABASE_ERRORS, TIMER_LAG, Listening, Shards, database_error
from bot.storage import Store

log = logging.getLogger("heat.metrics")

SCRAPE_READ_S = 5.0  # how long a scrape waits for the database before it reports without it


class StoreFigures(Collector):
    """Races by status and the outbox's waiting rows, read from the store at each scrape.

    The scrape runs in the HTTP server's thread: the read is handed to the bot's
    event loop and waited for (at most :data:`SCRAPE_READ_S`).
    """

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop, shards: set[str]) -> None:
        self.store = store
        self.loop = loop
        self.shards = shards

    def describe(self) -> Iterator[Metric]:
        """The families without reading the store: the registry asks for them when the
        collector is registered, on the event loop's own thread, where waiting for the
        loop would stall the bot (without this, ``register`` calls :meth:`collect`)."""
        yield from _families()

    def collect(self) -> Iterator[Metric]:
        races, rows, oldest = _families()
        try:
            backlog = asyncio.run_coroutine_threadsafe(self.store.backlog(), self.loop).result(
                SCRAPE_READ_S
            )
        except Exception as error:
            log.warning("metrics scrape without the database error=%r", error)
            database_error()
            return
        counts: dict[tuple[str, str], int] = {}
        for (guild_id, status), count in backlog.races.items():
            key = (Shards.of(guild_id), status)
            counts[key] = counts.get(key, 0) + count
        waiting: dict[str, tuple[int, float]] = {s: (0, time.time()) for s in self.shards}
        for guild_id, (count, at) in backlog.outbox.items():
            shard = Shards.of(guild_id)
            before, first = waiting.get(shard, (0, at))
            waiting[shard] = (before + count, min(first, at))
        now = time.time()
        for shard in sorted(self.shards):
            for status in ("lobby", "running", "finished", "cancelled"):
                races.add_metric([shard, status], counts.get((shard, status), 0))
            count, first = waiting[shard]
            rows.add_metric([shard], count)
            oldest.add_metric([shard], max(0.0, now - first) if count else 0.0)
        yield from (races, rows, oldest)


def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily, GaugeMetricFamily]:
    """Races by status, the outbox's waiting rows and the oldest one's age (no figures yet)."""
    return (
        GaugeMetricFamily("heat_races", "Races by status", labels=["shard", "status"]),
        GaugeMetricFamily("heat_outbox_rows", "Posts waiting", labels=["shard"]),
        GaugeMetricFamily(
            "heat_outbox_oldest_seconds", "Age of the oldest post waiting", labels=["shard"]
        ),
    )


class Served:
    """The figures of a running bot on its ``/metrics`` server (listening since before the
    bot connected); :meth:`close` stops both (a bot closing)."""

    def __init__(
        self, store: Store, server: Listening, shard_count: int | None, shards: list[int]
    ) -> None:
        Shards.count = shard_count or 1
        Shards.process = "-".join(map(str, sorted(shards)))
        # This process's own series exist from the first scrape, at 0, rather than
        # appearing with the first error or the first timer (an alert can then compare).
        DATABASE_ERRORS.labels(Shards.process)
        TIMER_LAG.labels(Shards.process)
        self.figures = StoreFigures(store, asyncio.get_running_loop(), {str(s) for s in shards})
        REGISTRY.register(self.figures)
        self.server = server

    def close(self) -> None:
        self.server.close()
        REGISTRY.unregister(self.figures)
