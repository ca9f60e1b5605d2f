"""What a finished race keeps for ever: its export (the race notation file) and its result.

A finished race keeps its full state and decision log for the retention period
(``HEAT_RETENTION_DAYS``), then a timer row prunes it to these two: the export
is the very file ``/heat export`` posts, made once here for both, so a pruned
race exports the same bytes as before. A league's races are never pruned.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.storage import Store, Timer
from engine import Decision, RaceState, as_replayed
from engine.notation import load_scenario, scenario_json

DAY = 24 * 3600.0
RETENTION_DAYS = 30.0  # HEAT_RETENTION_DAYS unless set
FINISHED = "finished"  # the wait a retention timer names: it never goes stale


def race_file(initial: RaceState, decisions: Sequence[Decision]) -> bytes:
    """The race notation file of a race: its first state and every decision, in order."""
    return json.dumps(scenario_json(initial, decisions), indent=1).encode()


async def finished_race(store: Store, race_id: int) -> tuple[RaceState, list[Decision]] | None:
    """A finished race's first state and decisions: from its log or, past its retention,
    from the export it kept (``/heat replay`` draws either), as today's rules replay them."""
    initial = await store.first_state(race_id)
    if initial is not None:
        return initial, as_replayed(initial, await store.decisions(race_id))
    kept = await store.kept_race_export(race_id)
    if kept is None:
        return None
    initial, decisions = load_scenario(kept.decode())
    return initial, as_replayed(initial, decisions)


def result_of(state: RaceState) -> dict[str, int | None]:
    """Each car's place (None for a car out of the race without one)."""
    return {car.id: car.finished for car in state.cars}


def retention_timer(race_id: int, now: float, days: float) -> Timer:
    """The timer that prunes a race finished at ``now`` once ``days`` have passed."""
    return Timer(race_id, "prune", "", now + days * DAY, FINISHED)
