"""Hosting the bot for many servers, on the fake Discord: caps set in /heat settings, a
flooding person answered alone, a scrape of the figures during a race, ``heat health``."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sys
import time
import urllib.request
from pathlib import Path

import aiosqlite
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.discord.texts import t as text
from bot.hosting import heartbeat
from bot.service.retention import DAY
from tests.support.botdriver import answer, custom_id, custom_ids, table
from tests.support.botrace import open_lobby, plan, two_driver_race
from tests.support.fakediscord import WAIT_CEILING


async def test_a_manager_caps_the_lobbies_and_the_next_one_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        refused = answer(await t.slash(t.alice, "heat settings", max_lobbies=1))
        assert refused.ephemeral and refused.content == text("needs_manage_server", "en-US")
        admin = t.member("admin", manage=True)
        saved = answer(await t.slash(admin, "heat settings", max_lobbies=1))
        assert saved.ephemeral
        assert text("limits_saved", "en-US", races=25, lobbies=1, leagues=5) in saved.content
        await open_lobby(t)
        other = t.fake.add_text_channel(t.guild, "more-races")
        created = await t.fake.slash(t.bob, other, "heat new", track="usa", laps=1)
        await created.done()
        line = answer(created)
        assert line.ephemeral and line.content == text("limit_lobbies", "it", limit=1)
        assert t.fake.channel_messages(other) == [], "no lobby posted"


async def test_thirty_clicks_at_once_get_one_private_line_each_and_others_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Burst 3, no refill within the test: exactly 3 of Alice's 30 clicks open her hand."""
    monkeypatch.setenv("HEAT_RATE_BURST", "3")
    monkeypatch.setenv("HEAT_RATE_PER_SECOND", "0.000001")
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)  # Alice: 2 actions (new, start); Bob: 1 (join)
        hand = custom_id(board, "heat:b:hand:")
        flood = [await t.fake.click(t.alice, board, hand) for _ in range(30)]
        await asyncio.gather(*(click.done() for click in flood))
        answers = [answer(click) for click in flood]
        assert all(a.ephemeral for a in answers)
        too_fast = text("too_fast", "en-US")
        assert sum(a.content == too_fast for a in answers) == 29, "one click left in her burst"
        bobs = await t.click(t.bob, board, "heat:b:hand:")
        assert answer(bobs).components, "Bob's hand opens as usual"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as response:
        body = response.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(body)
        for sample in family.samples
    }


def total(figures: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str) -> float:
    return sum(value for (sample, _), value in figures.items() if sample == name)


async def test_a_scrape_during_a_race_shows_the_figures_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    monkeypatch.setenv("HEAT_METRICS_PORT", str(port))
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        before = await asyncio.to_thread(scrape, port)
        board = await two_driver_race(t)
        during = await asyncio.to_thread(scrape, port)
        running = ("heat_races", (("shard", "0"), ("status", "running")))
        assert before[running] == 0 and during[running] == 1
        # Registering the figures read nothing: no stalled start counted as a database error.
        assert (("heat_database_errors_total", (("shard", "0"),))) in during
        assert total(during, "heat_database_errors_total") == 0
        count = len(t.public())
        await plan(t, t.alice, board, None)
        await plan(t, t.bob, board, None)
        await t.wait_public(count + 1)
        after = await asyncio.to_thread(scrape, port)
        for name in ("heat_decisions_total", "heat_interaction_ack_seconds_count"):
            assert total(after, name) > total(during, name) >= total(before, name), name
        plans = ("heat_decisions_total", (("kind", "plan"), ("shard", "0")))
        assert after[plans] - before.get(plans, 0) >= 2, "both plans counted"
        for gauge in ("heat_outbox_rows", "heat_outbox_oldest_seconds", "heat_worker_queue"):
            assert (gauge, (("shard", "0"),)) in after, gauge

        # Nobody plans round 2: the deadlines pass and the AI plays (the timers fire late by 5 s).
        assert t.bot is not None
        count = len(t.public())
        t.clock.now += 600 + 5
        t.bot.scheduler.wake()
        await t.wait_public(count + 1)  # what the AI played for them is posted
        timed = await asyncio.to_thread(scrape, port)
        lag = total(timed, "heat_timer_lag_seconds_sum") - total(
            after, "heat_timer_lag_seconds_sum"
        )
        fired = total(timed, "heat_timer_lag_seconds_count")
        assert fired > total(after, "heat_timer_lag_seconds_count") and lag >= 5


async def heat_health(env: dict[str, str]) -> tuple[int, str]:
    """``heat health`` as Docker's HEALTHCHECK runs it: its exit status and its one line."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "health",
        env=env,
        stdout=asyncio.subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[3],
    )
    out, _ = await asyncio.wait_for(process.communicate(), WAIT_CEILING)
    assert process.returncode is not None
    return process.returncode, out.decode()


async def test_heat_health_passes_for_a_live_bot_and_fails_for_a_stopped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    beat_file = tmp_path / "heat.heartbeat"
    database = tmp_path / "heat.sqlite3"
    monkeypatch.setenv("HEAT_HEARTBEAT_FILE", str(beat_file))
    env = dict(os.environ, HEAT_DATABASE=str(database), HEAT_HEARTBEAT_FILE=str(beat_file))
    async with table(database) as t:
        await t.start()
        give_up = time.monotonic() + WAIT_CEILING
        while not beat_file.exists():  # written once the bot is ready
            assert time.monotonic() < give_up, "the running bot never wrote its heartbeat"
            await asyncio.sleep(0.05)
        code, line = await heat_health(env)
        assert (code, line.count("\n")) == (0, 1) and line.startswith("healthy:"), line

        code, line = await heat_health(env | {"HEAT_DATABASE": str(tmp_path / "gone.sqlite3")})
        assert code == 1 and "database does not answer" in line, line

        await t.stop()
        assert not beat_file.exists(), "a stopped bot leaves no heartbeat"
        code, line = await heat_health(env)
        assert (code, line.count("\n")) == (1, 1) and "no gateway heartbeat" in line, line

    heartbeat.beat(beat_file, time.time() - 3600)  # left by a bot killed an hour ago
    code, line = await heat_health(env)
    assert code == 1 and re.search(r"heartbeat is 36\d\d s old", line), line


async def test_a_pruned_race_exports_the_same_file(tmp_path: Path) -> None:
    """Past its retention (the bot's clock 30 days on), /heat export posts the very same bytes
    and /heat replay still draws the race, from the export it kept."""
    async with table(tmp_path / "heat.sqlite3") as t:
        bot = await t.start()
        lobby = await open_lobby(t, seats=2, fill="ai")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        asked = answer(await t.slash(t.alice, "heat give-up"))
        await t.click(t.alice, asked, next(c for c in custom_ids(asked) if c.endswith(".give_up")))
        await t.fake.wait_for(lambda: "Chequered flag" in t.public()[-1].content)
        before = answer(await t.slash(t.bob, "heat export")).attachments[0].data

        assert await bot.scheduler.run_due(t.clock.now + 30 * DAY) == 1
        async with aiosqlite.connect(t.database) as db:
            row = await (await db.execute("SELECT state, export FROM races")).fetchone()
        assert row is not None and row[0] is None and row[1] is not None, "pruned"
        after = answer(await t.slash(t.bob, "heat export")).attachments[0].data
        assert after == before
        # /heat replay draws a pruned race from the export it kept.
        assert answer(await t.slash(t.cleo, "heat replay")).content == "✅"
        gif, notation = t.public()[-1].attachments
        assert gif.filename.endswith(".gif") and notation.data == before
