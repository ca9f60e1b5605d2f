"""Issue 36 points 4 and 5 on the fake Discord: ``/league create drop-worst``, ``/league
drop-worst on|off`` (the league's creator or Manage Server, between races), the standings
with the dropped race struck through and the chart beside the table, ``/league breakdown``.
"""

from __future__ import annotations

from pathlib import Path

from bot.discord.league_posts import breakdown_text, chart_png
from bot.service.league_values import Breakdown, RaceLine, Standing
from tests.bot.discord.test_bot_league import LEAGUE, TRACKS, run_race
from tests.support.botdriver import answer, table

PNG = b"\x89PNG"
TRACK_NAMES = ("España", "USA")
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def pts(n: int) -> str:
    return f"{n} pt" if n == 1 else f"{n} pts"


def breakdown_lines(row: Standing) -> list[str]:
    """Alice's two races as ``/league breakdown`` must say them: place, points with the
    event's bonus named (event 6: +1 to the podium; event 3: +2 to the winner), the dropped
    race struck through; then her total."""
    lines = [f"**alice** in **{LEAGUE}**, race by race:"]
    for n, track in enumerate(TRACK_NAMES):
        place, points, bonus = row.places[n], row.race_points[n], row.bonuses[n]
        assert place is not None and points is not None
        line = f"Race {n + 1} · {track} · {ORDINALS[place]} · {pts(points)}"
        if bonus:
            line += f" (event bonus +{bonus})"
        lines.append(f"~~{line}~~ dropped" if n == row.dropped else line)
    return [*lines, f"**Total: {pts(row.points)}**"]


async def test_drop_worst_is_switched_by_the_creator_or_an_admin_only(tmp_path: Path) -> None:
    """Created with drop-worst, the league says so. Bob (a driver) may not switch it; Alice
    (its creator) may, without Manage Server; the same setting again is refused; an admin
    switches it back. Each switch is said in the channel."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(
            t.alice,
            "league create",
            name=LEAGUE,
            season="custom",
            tracks=TRACKS,
            seats=3,
            **{"drop-worst": True},
        )
        created = t.public()[-1].content
        assert created.endswith(
            "`/league join` to drive in it. Each driver's worst race is dropped from the standings."
        )
        await t.slash(t.bob, "league join")
        count = len(t.public())

        refused = answer(await t.slash(t.bob, "league drop-worst", setting="off"))
        assert refused.ephemeral
        assert (
            refused.content
            == "Solo chi ha creato il campionato o chi può gestire il server può farlo."
        )
        again = answer(await t.slash(t.alice, "league drop-worst", setting="on"))
        assert again.content == "This league already drops each driver's worst race."
        assert len(t.public()) == count, "a refusal says nothing in the channel"

        assert answer(await t.slash(t.alice, "league drop-worst", setting="off")).content == "✅"
        said = f"From now on **{LEAGUE}** counts every race in the standings (<@{t.alice.id}>)."
        assert t.public()[-1].content == said
        dana = t.member("dana", manage=True)
        await t.slash(dana, "league drop-worst", setting="on")
        said = (
            f"From now on **{LEAGUE}** drops each driver's worst race from the standings"
            f" (<@{dana.id}>)."
        )
        assert t.public()[-1].content == said
        assert all(not i.failed and i.ack_type is not None for i in t.fake.interactions)


async def test_standings_strike_the_dropped_race_and_carry_the_chart(tmp_path: Path) -> None:
    """Two races in a league dropping worst races: the scored post and ``/league standings``
    attach the table, then the chart; each driver's dropped race is struck through. Alice's
    breakdown is hers alone: a line per race, the dropped one struck, then her total."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(
            t.alice,
            "league create",
            name=LEAGUE,
            season="custom",
            tracks=TRACKS,
            seats=3,
            **{"drop-worst": True},
        )
        await t.slash(t.bob, "league join")
        await run_race(t, 1)
        after_one = next(m for m in t.public() if f"Race 1 of **{LEAGUE}** is scored" in m.content)
        assert [a.data[:4] for a in after_one.attachments] == [PNG, PNG], "table, then chart"
        assert "~~" not in after_one.content, "one race: nothing to drop yet"
        await run_race(t, 2)

        assert answer(await t.slash(t.cleo, "league standings")).content == "✅"
        posted = t.public()[-1]
        lines = posted.content.splitlines()
        assert lines[0] == f"**{LEAGUE}: standings, worst race dropped**"
        assert len(lines) == 4 and all(line.count("~~") == 2 for line in lines[1:])
        assert all(" dropped" in line for line in lines[1:])
        table_png, chart = posted.attachments
        assert table_png.filename.endswith("-standings.png")
        assert chart.filename.endswith("-chart.png") and chart.data.startswith(PNG)
        assert t.bot is not None
        league_id = (await t.bot.leagues.league_in(t.channel.id)).id
        _, rows = await t.bot.leagues.standings(league_id)
        assert chart.data == chart_png(f"{LEAGUE}: points after each race", rows)

        mine = answer(await t.slash(t.alice, "league breakdown"))
        assert mine.ephemeral
        alice = next(row for row in rows if row.name == "alice")
        assert mine.content.splitlines() == breakdown_lines(alice)
        worst = min(range(2), key=lambda n: (alice.race_points[n] or 0, n))
        assert alice.dropped == worst, "the lower race is struck, the earlier of equals"
        bob = answer(await t.slash(t.alice, "league breakdown", user=t.bob))
        assert bob.ephemeral and bob.content.startswith(f"**bob** in **{LEAGUE}**")
        nobody = answer(await t.slash(t.cleo, "league breakdown"))
        assert nobody.content == "You do not drive in this league."
        assert all(not i.failed and i.ack_type is not None for i in t.fake.interactions)


def test_a_breakdown_says_each_kind_of_race_in_each_language() -> None:
    """A race won with the event's bonus, one event 10 put the driver out of (0, no place),
    one missed after leaving (0, dropped, struck through), then the corrections and the
    total; in Italian as the Italian reader's Discord asks."""
    races = (
        RaceLine(1, "usa", 1, 11, 2, False, False),
        RaceLine(2, "italy", None, 0, 0, True, False),
        RaceLine(3, "espana", None, None, 0, False, True),
    )
    breakdown = Breakdown("Cup", "A", "Ada", races, -1, 10, True)
    assert breakdown_text(breakdown, "en-US").splitlines() == [
        "**Ada** in **Cup**, race by race:",
        "Race 1 · USA · 1st · 11 pts (event bonus +2)",
        "Race 2 · Italy · out · 0 pts",
        "~~Race 3 · España · did not race · 0 pts~~ dropped",
        "Corrections: -1",
        "**Total: 10 pts**",
    ]
    assert breakdown_text(breakdown, "it").splitlines() == [
        "**Ada** in **Cup**, gara per gara:",
        "Gara 1 · USA · 1º · 11 punti (bonus dell'evento +2)",
        "Gara 2 · Italia · fuori · 0 punti",
        "~~Gara 3 · Spagna · non ha corso · 0 punti~~ scartata",
        "Correzioni: -1",
        "**Totale: 10 punti**",
    ]
    joined = Breakdown("Cup", "E", "Erin", (), 0, 0, False)
    assert breakdown_text(joined, "en-US").splitlines()[1:] == [
        "No race scored since joining yet.",
        "**Total: 0 pts**",
    ]
