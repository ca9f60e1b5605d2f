"""The bot's own latency histograms (bot.hosting.metrics) resolve what the bot really takes."""

from __future__ import annotations

from prometheus_client import Histogram

from bot.hosting import metrics


def bounds(histogram: Histogram) -> list[float]:
    """The buckets' upper bounds as a scrape shows them (+Inf left out)."""
    histogram.labels("bounds-probe")
    try:
        (family,) = histogram.collect()
        found = {
            float(sample.labels["le"])
            for sample in family.samples
            if sample.name.endswith("_bucket") and sample.labels["shard"] == "bounds-probe"
        }
    finally:
        histogram.remove("bounds-probe")
    return sorted(found - {float("inf")})


def test_every_latency_histogram_starts_at_one_millisecond() -> None:
    """An acknowledgement takes about 1.5 ms (bench/bot_load.py): a first bucket of 10 ms
    held all 392 of a load run and said nothing; the smallest bucket is 1 ms."""
    histograms = {n: v for n, v in vars(metrics).items() if isinstance(v, Histogram)}
    assert {"ACKNOWLEDGED", "TIMER_LAG"} <= set(histograms)
    for name, histogram in histograms.items():
        found = bounds(histogram)
        assert found[0] <= 0.001, f"{name}: its smallest bucket is {found[0]} s"
        assert len(found) >= 10, f"{name}: {found}"
