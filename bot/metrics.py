"""Prometheus figures of a running bot (``HEAT_METRICS_PORT``), labelled by shard.

Counters and histograms are kept as things happen (decisions, acknowledgements,
timer lag, worker jobs, database errors); the races and the outbox are read
from the database when a scrape asks (:class:`StoreFigures`), so they are true
for the whole cluster, each process reporting the servers of its own shards.
Every figure here costs a dictionary update: with the server off, nothing
else happens.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from prometheus_client.metrics_core import Metric

    from bot.storage import Store

SCRAPE_READ_S = 5.0  # how long a scrape waits for the database before it reports without it

DECISIONS = Counter(
    "heat_decisions",
    "Decisions applied, by the step they decide",
    ["shard", "kind"],
)
ACKNOWLEDGED = Histogram(
    "heat_interaction_ack_seconds",
    "From the bot taking an interaction to its acknowledgement",
    ["shard"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
)
TIMER_LAG = Histogram(
    "heat_timer_lag_seconds",
    "How late a turn timer fired after it was due",
    ["shard"],
    buckets=(0.1, 0.5, 1.0, 5.0, 15.0, 30.0, 60.0, 300.0),
)
WORKER_QUEUE = Gauge(
    "heat_worker_queue",
    "CPU jobs handed to the worker pool, not done",
    ["shard"],
)
DATABASE_ERRORS = Counter(
    "heat_database_errors", "Database operations that failed (connection lost, timeout)", ["shard"]
)


class Shards:
    """Which shard a server is on, and the label of what is this process's as a whole."""

    count = 1
    process = "0"  # this process's shards, e.g. "0" or "2-3"

    @classmethod
    def of(cls, guild_id: int | None) -> str:
        """Discord's rule: a server's shard is its id's timestamp modulo the shard count."""
        return str(((guild_id or 0) >> 22) % cls.count)


def decided(guild_id: int, kind: str) -> None:
    DECISIONS.labels(Shards.of(guild_id), kind).inc()


def acknowledged(guild_id: int | None, seconds: float) -> None:
    ACKNOWLEDGED.labels(Shards.of(guild_id)).observe(seconds)


def timer_fired(due_at: float, now: float) -> None:
    TIMER_LAG.labels(Shards.process).observe(max(0.0, now - due_at))


def worker_job() -> Gauge:
    """The worker-queue gauge of this process (``with worker_job().track_inprogress():``)."""
    return WORKER_QUEUE.labels(Shards.process)


def database_error() -> None:
    DATABASE_ERRORS.labels(Shards.process).inc()


class StoreFigures(Collector):
    """Races by status and the outbox's waiting rows, read from the store at each scrape.

    The scrape runs in the HTTP server's thread: the read is handed to the bot's
    event loop and waited for (at most :data:`SCRAPE_READ_S`).
    """

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop, shards: set[str]) -> None:
        self.store = store
        self.loop = loop
        self.shards = shards

    def collect(self) -> Iterator[Metric]:
        races = GaugeMetricFamily("heat_races", "Races by status", labels=["shard", "status"])
        rows = GaugeMetricFamily("heat_outbox_rows", "Posts waiting", labels=["shard"])
        oldest = GaugeMetricFamily(
            "heat_outbox_oldest_seconds", "Age of the oldest post waiting", labels=["shard"]
        )
        try:
            backlog = asyncio.run_coroutine_threadsafe(self.store.backlog(), self.loop).result(
                SCRAPE_READ_S
            )
        except Exception:
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


class Served:
    """The ``/metrics`` server of a running bot; :meth:`close` stops it (a bot closing)."""

    def __init__(
        self, store: Store, address: str, port: int, shard_count: int | None, shards: list[int]
    ) -> None:
        Shards.count = shard_count or 1
        Shards.process = "-".join(map(str, sorted(shards)))
        self.figures = StoreFigures(store, asyncio.get_running_loop(), {str(s) for s in shards})
        REGISTRY.register(self.figures)
        self.server, self.thread = start_http_server(port, address)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        REGISTRY.unregister(self.figures)
