"""A league on the fake Discord, from ``/league create`` to the champion, through two restarts.

The points are worked out here from the finished races alone (their final
states in the database), so the standings the bot shows are checked against
an independent count, not against the bot's own tables.
"""

from __future__ import annotations

import re
from pathlib import Path

import aiosqlite

from engine.notation import load_state
from engine.season import RaceRecorded, replay_season
from render import png_bytes
from render.standings import StandingRow, Standings, standings_image
from tests.support.botdriver import Table, answer, table
from tests.support.botleague import draft
from tests.support.botrace import race_to_the_flag
from tests.support.fakediscord import Permission

LEAGUE = "Club Cup"
# Three 1-lap races (España has 1 lap; the USA's 2 less the strike's one), with both
# events that add points: Corruption (6) and the Drivers' strike (3).
TRACKS = "espana:6,usa:3,espana:2"
EVENTS = (6, 3, 2)

# The facts (../shared/facts/championship.json): "points_by_place": [9, 6, 4, 3, 2, 1].
POINTS_BY_PLACE = (9, 6, 4, 3, 2, 1)
# Event 3, Drivers' strike: "the winner scores 2 extra championship points"; event 6,
# Corruption in rules committee: "The 1st, 2nd and 3rd placed drivers each score 1 extra
# championship point."
WINNER_BONUS = {3: 2}
PODIUM_BONUS = {6: 1}
BONUS = 40  # an admin's correction for Alice: more than anyone can score in three races


TRACK_NAMES = ("España", "USA", "España")
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def race_bonus(place: int, event: int) -> int:
    return (WINNER_BONUS.get(event, 0) if place == 1 else 0) + (
        PODIUM_BONUS.get(event, 0) if place <= 3 else 0
    )


def race_points(place: int, event: int) -> int:
    score = POINTS_BY_PLACE[place - 1] if place <= len(POINTS_BY_PLACE) else 0
    return score + race_bonus(place, event)


def cell(place: int, event: int) -> str:
    """A race as the standings say it: "1st · 9+2", the event's bonus apart."""
    bonus = race_bonus(place, event)
    points = race_points(place, event) - bonus
    return f"{ORDINALS[place]} · {points}+{bonus}" if bonus else f"{ORDINALS[place]} · {points}"


def counted(n: int, word: str) -> str:
    """English's singular for one, plural otherwise: "1 win", "0 wins"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


async def finished_races(t: Table) -> list[dict[str, tuple[int, str]]]:
    """Each finished race's cars: car id -> (place, colour), read from its final state."""
    async with aiosqlite.connect(t.database) as db:
        query = "SELECT state FROM races WHERE status = 'finished' ORDER BY id"
        rows = await (await db.execute(query)).fetchall()
    races = []
    for (text,) in rows:
        state = load_state(text)
        races.append({car.id: (car.finished or 0, car.color) for car in state.cars})
    return races


async def season_version(t: Table) -> int:
    async with aiosqlite.connect(t.database) as db:
        row = await (await db.execute("SELECT season_version FROM leagues")).fetchone()
    assert row is not None
    return int(row[0])


async def run_race(t: Table, race_no: int, *, restart_in_draft: bool = False) -> None:
    started = await t.slash(t.alice, "league start-race")
    assert answer(started).content == "🏁"
    await draft(t, restart=restart_in_draft)
    await race_to_the_flag(t, {}, live=None)
    heading = f"Race {race_no} of **{LEAGUE}** is scored."
    await t.fake.wait_for(lambda: any(heading in m.content for m in t.public()))


def expected_table(
    races: list[dict[str, tuple[int, str]]],
    names: dict[str, str],
    corrections: dict[str, tuple[int, str]],
) -> tuple[list[StandingRow], list[str]]:
    """The standings worked out here, as picture rows and as the text's lines: points per
    race and corrections; ties broken by the last race, then the one before, then entry."""
    cars = sorted({car for race in races for car in race})
    scored = {
        car: [race_points(race[car][0], event) for race, event in zip(races, EVENTS, strict=True)]
        for car in cars
    }
    totals = {car: sum(scored[car]) + corrections.get(car, (0, ""))[0] for car in cars}

    def order(car: str) -> tuple[int | str, ...]:
        return (-totals[car], *(race[car][0] for race in reversed(races)), car)

    ranked = sorted(cars, key=order)
    rows = [
        StandingRow(
            names[car],
            totals[car],
            [race[car][0] for race in races],
            races[0][car][1],
            [False] * len(races),
            scored[car],
            [race_bonus(race[car][0], event) for race, event in zip(races, EVENTS, strict=True)],
        )
        for car in ranked
    ]
    lines = []
    for car in ranked:
        parts = [
            f"{track} {cell(race[car][0], event)}"
            for track, race, event in zip(TRACK_NAMES, races, EVENTS, strict=True)
        ]
        if car in corrections:
            delta, reason = corrections[car]
            parts.append(f"correction {delta:+d}: {reason}")
        rank = 1 + sum(1 for other in cars if totals[other] > totals[car])
        pts = "pt" if totals[car] == 1 else "pts"
        lines.append(f"{rank}. {names[car]}: {totals[car]} {pts} ({'; '.join(parts)})")
    return rows, lines


async def test_a_three_race_league_runs_from_create_to_the_champion(tmp_path: Path) -> None:
    """Create, join, three drafted races (restarts between two and during a draft), champion."""
    async with table(tmp_path / "heat.sqlite3") as t:
        t.fake.grant_bot(t.guild, Permission.MANAGE_ROLES)
        await t.start()
        created = await t.slash(
            t.alice,
            "league create",
            name=LEAGUE,
            season="custom",
            tracks=TRACKS,
            seats=4,
            fill="ai",
            timer=60,
        )
        assert answer(created).content == "✅"
        assert t.public()[-1].content.startswith(f"League **{LEAGUE}** created: 3 races")
        joined = answer(await t.slash(t.bob, "league join"))
        assert joined.ephemeral and "parti da 0 punti" in joined.content
        schedule = answer(await t.slash(t.cleo, "league schedule")).content
        assert "Race 1: España, event 6: Corruption in rules committee" in schedule
        assert "Race 2: USA, event 3: Drivers' strike" in schedule

        await run_race(t, 1)
        await t.restart()  # between two races
        assert t.bot is not None
        await t.bot.caught_up()
        await run_race(t, 2, restart_in_draft=True)
        dana = t.member("dana", manage=True)
        await t.slash(dana, "league correct", user=t.alice, points=BONUS, reason="fastest lap")
        said = f"Points correction for <@{t.alice.id}>: +{BONUS} (fastest lap), by <@{dana.id}>."
        await t.fake.wait_for(lambda: t.public()[-1].content == said)
        await run_race(t, 3)

        races = await finished_races(t)
        assert len(races) == 3
        async with aiosqlite.connect(t.database) as db:
            query = "SELECT driver_id, user_id FROM league_members"
            members = dict(await (await db.execute(query)).fetchall())
        alice = next(car for car, user in members.items() if user == t.alice.id)
        people = {t.alice.id: "alice", t.bob.id: "bob"}
        names = {car: f"AI {colour}" for car, (_, colour) in races[0].items()}
        names |= {car: people[user] for car, user in members.items()}
        rows, lines = expected_table(races, names, {alice: (BONUS, "fastest lap")})

        final = next(m for m in t.public() if f"Race 3 of **{LEAGUE}** is scored." in m.content)
        assert final.content.splitlines()[2:] == lines, "the text agrees with the count"
        expected = Standings(f"{LEAGUE}: standings", rows, TRACK_NAMES)
        picture = png_bytes(standings_image(expected))
        assert final.attachments[0].data == picture, "the picture agrees with the count"
        assert answer(await t.slash(t.cleo, "league standings")).ephemeral
        asked = t.public()[-1]
        assert asked.content.splitlines()[1:] == lines and asked.attachments[0].data == picture

        champion = next(m for m in t.public() if "is the champion of" in m.content)
        assert rows[0].name == "alice", "the correction makes Alice champion whatever the races"
        crowned = f"<@{t.alice.id}> is the champion of **{LEAGUE}** with {rows[0].points} points"
        assert crowned in champion.content
        assert "now has the **Heat Champion** role" in champion.content
        roles = t.guild.members[t.alice.id].roles
        assert [role.name for role in roles] == ["Heat Champion"]

        assert answer(await t.slash(t.cleo, "league history")).content == "✅"
        history = t.public()[-1].content.splitlines()
        assert history[0] == f"**{LEAGUE}**: the races" and len(history) == 1 + 3 * 3
        assert history[1].startswith("**Race 1**: España, event 6: Corruption in rules committee")
        assert history[7].startswith("**Race 3**: España, event 2: ")
        for no, (race, event) in enumerate(zip(races, EVENTS, strict=True)):
            order = sorted(race, key=lambda car, race=race: race[car][0])
            podium = " · ".join(f"{ORDINALS[race[car][0]]} {names[car]}" for car in order[:3])
            assert history[2 + 3 * no] == f"Podium: {podium}"
            scored = [f"{names[car]} {cell(race[car][0], event).split(' · ')[1]}" for car in order]
            assert history[3 + 3 * no] == f"Points: {' · '.join(scored)}"
        stats = answer(await t.slash(t.cleo, "heat stats", user=t.bob))
        bob = next(car for car, user in members.items() if user == t.bob.id)
        places = [race[bob][0] for race in races]
        wins, podiums = places.count(1), sum(1 for p in places if p <= 3)
        assert stats.content.startswith(
            f"<@{t.bob.id}> across leagues: 3 races, {counted(wins, 'win')}, "
            f"{counted(podiums, 'podium')}, average place {sum(places) / 3:.1f}, "
        )
        assert re.fullmatch(r".*, (1 spin out|\d+ spin outs)\.", stats.content)
        assert t.bot is not None
        store, league_id = t.bot.store, (await t.bot.leagues.league_in(t.channel.id)).id
        log = await store.season_decisions(league_id)
        assert [d.race_no for d in log if isinstance(d, RaceRecorded)] == [1, 2, 3], "once each"
        first = await store.first_season(league_id)
        assert first is not None and replay_season(first, log) == await store.season(league_id)
        assert all(not i.failed and i.ack_type is not None for i in t.fake.interactions)


async def test_the_standings_list_fill_drivers_from_race_1_and_mark_who_left(
    tmp_path: Path,
) -> None:
    """After race 1 and Bob leaving: the AI driver that filled the third seat has its race 1
    cell, and Bob keeps his points, marked as gone."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        await t.slash(
            t.alice, "league create", name=LEAGUE, season="custom", tracks=TRACKS, seats=3
        )
        await t.slash(t.bob, "league join")
        await run_race(t, 1)
        [race] = await finished_races(t)
        assert answer(await t.slash(t.bob, "league leave")).ephemeral
        assert answer(await t.slash(t.cleo, "league standings")).content == "✅"
        lines = t.public()[-1].content.splitlines()[1:]
        assert len(lines) == 3, "alice, bob and the AI driver"
        by_name = {line.split(": ")[0].split(". ", 1)[1]: line for line in lines}
        ai_cars = [car for car in race if f"AI {race[car][1]}" in by_name]
        assert len(ai_cars) == 1, by_name
        ai = ai_cars[0]
        assert f"(España {cell(race[ai][0], EVENTS[0])})" in by_name[f"AI {race[ai][1]}"]
        assert "bob (left the league)" in by_name
        assert "alice" in by_name
        assert t.public()[-1].attachments[0].data.startswith(b"\x89PNG")
