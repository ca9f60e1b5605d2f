"""Prometheus figures of a running bot (``HEAT_METRICS_PORT``), labelled by shard.

Counters and histograms here are kept as things happen (decisions,
acknowledgements, timer lag, worker jobs, database errors), by every layer;
the races and the outbox are read from the database when a scrape asks
(:mod:`bot.service.figures`, which also serves them). Each costs a dictionary
update: with the server off, nothing else happens.

The server (:class:`Listening`) takes its port before the bot connects to Discord
or opens its database: a port another process holds stops the bot at once
(:class:`PortInUse`), saying so in one line.
"""

from __future__ import annotations

import errno

from prometheus_client import Counter, Gauge, Histogram, start_http_server

DECISIONS = Counter(
    "heat_decisions",
    "Decisions applied, by the step they decide",
    ["shard", "kind"],
)
ACKNOWLEDGED = Histogram(
    "heat_interaction_ack_seconds",
    "From the bot taking an interaction to its acknowledgement",
    ["shard"],
    # An acknowledgement takes about 1.5 ms on a calm bot: the buckets start at 1 ms.
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
)
TIMER_LAG = Histogram(
    "heat_timer_lag_seconds",
    "How late a turn timer fired after it was due",
    ["shard"],
    # The scheduler naps until the soonest timer is due: on time is a few milliseconds late.
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 30.0, 60.0, 300.0),
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


class PortInUse(Exception):
    """``HEAT_METRICS_PORT`` is held by another process (another bot on this host?)."""

    def __init__(self, address: str, port: int) -> None:
        super().__init__(
            f"HEAT_METRICS_PORT {port} is in use on {address}: another process (another bot"
            " process on this host?) holds it; give each process a port of its own"
        )


class Listening:
    """The ``/metrics`` HTTP server, in a thread of its own, until :meth:`close`."""

    def __init__(self, address: str, port: int) -> None:
        try:
            self.server, self.thread = start_http_server(port, address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise PortInUse(address, port) from error
            raise

    def close(self) -> None:
        """Stop serving and free the port (the thread ends within its poll, 0.5 s)."""
        self.server.shutdown()
        self.server.server_close()
