"""The races of a season: a printed season, a custom list, or 4 random tracks and events.

Random seasons follow BGA ("random = 4 circuits + random events, never España
with Drivers' Strike", modules-notes.md); what BGA leaves open we settle so:
the 4 tracks are distinct, drawn from every track we have; each race gets a
distinct event, drawn from the base game's events 1-10 and, when the Garage
expansions are on, from the expansion events whose printed season races them on
that very track (events 11-18 are tied to their tracks, as in 1964 and 1965).
España never gets event 3.
"""

from __future__ import annotations

import data
from engine.championship import race_laps_of
from engine.errors import SeasonSetupError, quoted
from engine.rng import shuffled
from engine.season.state import SeasonConfig, SeasonRace

MIN_RACES = 3
RANDOM_RACES = 4
RANDOM_DRAWS = RANDOM_RACES + 1
"""A random season shuffles the tracks once, then one event pool per race."""
BASE_EVENTS = range(1, 11)
STRIKE = 3
ESPANA = "espana"


def schedule(config: SeasonConfig, seed: int, draw: int) -> tuple[SeasonRace, ...]:
    """The season's races in order; a random season uses :data:`RANDOM_DRAWS` draws of
    ``seed`` from number ``draw`` on.

    ValueError names an unknown season, track or event, or a too short list.
    """
    championship = data.championship()
    if config.kind == "preset":
        if config.season is None:
            raise SeasonSetupError("no_year", "a preset season needs its year")
        try:
            season = championship.season(config.season)
        except KeyError:
            years = ", ".join(str(s.season) for s in championship.seasons)
            raise SeasonSetupError(
                "unknown_year",
                f"no season {config.season}: the seasons are {years}",
                year=config.season,
                years=years,
            ) from None
        return tuple(SeasonRace(race.track, race.event) for race in season.races)
    if config.kind == "random":
        return random_schedule(config, seed, draw)
    if len(config.races) < MIN_RACES:
        raise SeasonSetupError(
            "too_few_races",
            f"a season has {MIN_RACES} or more races, not {len(config.races)}",
            least=MIN_RACES,
            races=len(config.races),
        )
    for race in config.races:
        check_race(race)
    return config.races


def check_race(race: SeasonRace) -> None:
    """ValueError unless the track and the event exist and can race together."""
    if race.track not in data.track_ids():
        raise SeasonSetupError(
            "unknown_track",
            f"unknown track {quoted(race.track)}",
            track=quoted(race.track),
            tracks=", ".join(data.track_ids()),
        )
    try:
        event = data.championship().event(race.event)
    except KeyError:
        events = len(data.championship().events)
        raise SeasonSetupError(
            "unknown_event",
            f"unknown event {race.event}: events are 1 to {events}",
            event=race.event,
            events=events,
        ) from None
    track = data.track(race.track)
    race_laps_of(track, track.laps, event)


def event_pool(track: str, expansions: bool) -> list[int]:
    """The events a random season may race on ``track``."""
    pool = list(BASE_EVENTS)
    if expansions:
        pool += [
            e.id for e in data.championship().events if e.id not in BASE_EVENTS and e.track == track
        ]
    if track == ESPANA:
        pool.remove(STRIKE)
    return pool


def random_schedule(config: SeasonConfig, seed: int, draw: int) -> tuple[SeasonRace, ...]:
    """4 distinct tracks, each with an event from its pool not raced before in the season."""
    tracks = shuffled(seed, draw, tuple(sorted(data.track_ids())))[:RANDOM_RACES]
    races: list[SeasonRace] = []
    for number, track in enumerate(tracks, start=1):
        taken = {race.event for race in races}
        pool = [e for e in event_pool(track, config.options.garage_expansions) if e not in taken]
        races.append(SeasonRace(track, shuffled(seed, draw + number, tuple(pool))[0]))
    return tuple(races)
