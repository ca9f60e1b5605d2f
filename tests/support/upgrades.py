"""What a store upgraded from schema 4 still holds and now takes, checked alike on both stores.

The file or database was left with one race whose timer and unposted row were written
by :data:`OLD_TIMER` and :data:`OLD_POST` (the schema 4 layout).
"""

from __future__ import annotations

from dataclasses import replace

from bot.storage import OutboxRow, Store, Timer
from tests.support.leagues import league_with_season, moved

OLD_TIMER = "INSERT INTO timers VALUES ({race}, 'deadline', 'A', 99.0, '1/plan')"
OLD_POST = (
    "INSERT INTO outbox (id, race_id, kind, text, text_values, at)"
    " VALUES (7, {race}, 'say', 'kicked', '{{\"user\": 3}}', 0)"
)


async def check_upgraded(store: Store, race_id: int) -> None:
    """The race's timer and row are kept (the row's id too), a race's timer is still one per
    car and kind, and a league's rows and timers fit beside them."""
    deadline = Timer(race_id, "deadline", "A", 99.0, "1/plan")
    assert await store.timers(race_id) == [deadline]
    kept = OutboxRow(race_id, "say", text="kicked", values={"user": 3}, id=7)
    assert await store.outbox(race_id) == [kept]
    moved_on = replace(deadline, due_at=120.0)
    await store.replace_timer(deadline, moved_on)
    assert await store.timers(race_id) == [moved_on]
    league_id, season = await league_with_season(store)
    draft = Timer(None, "draft", "A", 50.0, "1", league_id=league_id)
    asked = OutboxRow(None, "draft", values={"version": 1}, league_id=league_id)
    change = replace(moved(league_id, season), timers=[draft], outbox=[asked])
    [row] = await store.commit_season(change)
    assert await store.outbox(league_id=league_id) == [row]
    assert await store.due_timers(200.0) == [draft, moved_on]
