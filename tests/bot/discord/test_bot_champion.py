"""Champion where players see it: ``/heat new`` offers it (English and Italian), and in a
race it drives, the hand's private suggestion is its search and says what its playouts found
(issue 34 point 5)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot.discord.ai_reason import reason_line
from bot.service import cpu
from bot.service.autoplay import ai_suggestion, search_seed
from bot.storage import RaceConfig
from engine import view_for
from engine.ai import CHAMPION, LEVELS, Reason, playouts_for, search
from tests.support.botdriver import answer, table
from tests.support.botrace import car_of, open_lobby, stored_state

# Playouts a plan beside five cars that plan; beside the two of these races, a few more
# (engine.ai.playouts_for): three for each of the champion's four candidates.
BUDGET = "8"


async def test_heat_new_offers_every_level_the_champion_first(tmp_path: Path) -> None:
    """The level option lists the engine's levels, strongest first, the champion named
    "Champion" and in Italian "Campione"; a lobby opened with it races champions."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        (heat,) = [c for c in t.fake.commands() if c["name"] == "heat"]
        (new,) = [o for o in heat["options"] if o["name"] == "new"]
        (level,) = [o for o in new["options"] if o["name"] == "level"]
        assert [c["value"] for c in level["choices"]] == list(reversed(LEVELS))
        (champion,) = [c for c in level["choices"] if c["value"] == CHAMPION]
        assert champion["name"] == "Champion"
        assert champion["name_localizations"]["it"] == "Campione"
        await open_lobby(t, level=CHAMPION, fill="ai", seats=3)
        await t.click(t.alice, t.latest_with("heat:b:join:"), "heat:b:start:")
        await t.wait_started()
        async with aiosqlite.connect(t.database) as db:
            row = await (await db.execute("SELECT config FROM races")).fetchone()
        assert row is not None
        config = RaceConfig.model_validate_json(row[0])
        assert (config.ai_level, config.fill) == (CHAMPION, "ai")


@pytest.mark.parametrize(
    ("user_name", "prefix"), [("alice", "Champion: gear "), ("bob", "Campione: marcia ")]
)
async def test_the_champions_suggestion_says_what_its_playouts_found_privately(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_name: str, prefix: str
) -> None:
    """In a race the champion drives, "AI suggestion" shows the plan its timer would play
    (the bot's budget, the race's seed) and, in the driver's language, in how many of the
    plan's playouts it won or did best, only to that driver."""
    monkeypatch.setenv("HEAT_CHAMPION_PLAYOUTS", BUDGET)
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        user = getattr(t, user_name)
        lobby = await open_lobby(t, level=CHAMPION, fill="ai", seats=3)
        await t.click(t.bob, lobby, "heat:b:join:")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        board = t.latest_with("heat:b:hand:")
        state = await stored_state(t)
        car = await car_of(t, user)
        plan, reason = await cpu.run(ai_suggestion, state, car, CHAMPION, int(BUDGET))
        bought = playouts_for(view_for(state, car), car, int(BUDGET))
        assert bought == 12 and isinstance(reason, Reason) and reason.plans == 4
        found = search(view_for(state, car), car, search_seed(state, car), bought)
        assert found.playouts == 12 and found.decision == plan
        assert reason.playouts == next(c.playouts for c in found.candidates if c.decision == plan)
        hand = answer(await t.click(user, board, "heat:b:hand:"))
        assert hand.ephemeral, "a hand is shown to its driver alone"
        await t.click(user, hand, "heat:b:sug:")
        lines = hand.embeds[0]["description"].split("\n")
        (line,) = [line for line in lines if line.startswith(prefix)]
        assert line == reason_line(reason, str(user.locale))
        assert line.startswith(f"{prefix}{plan.gear}, {' '.join(plan.cards)}: ")
        if user_name == "alice":
            searched = f"of {reason.playouts} playouts; "
        else:
            searched = f"simulazioni su {reason.playouts}; "
        assert searched in line
        assert not any(prefix in message.content for message in t.public())


def test_the_search_is_worded_in_plain_words() -> None:
    """A playout run to the finish counts the races won; one that stops sooner, how often
    the plan did best of those played out."""
    base = (3, ("4", "3", "2"), False, 9, 9, 21, 21, 17, 4, True, 5, 5, 1, 0.0)
    near = Reason(*base, playouts=300, won=212, best=250, plans=4)
    assert reason_line(near, "en-US") == (
        "Champion: gear 3, 4 3 2: won 212 of 300 playouts; crosses the corner after space 17"
        " (limit 4) for 5 Heat, lands on 21; 1 Heat left in the Engine; no spin-out risk"
    )
    far = Reason(*base, playouts=10, won=0, best=7, plans=4)
    assert reason_line(far, "it").startswith(
        "Campione: marcia 3, 4 3 2: la migliore di 4 mosse in 7 simulazioni su 10; passa "
    )
    assert "the best of 4 plans in 7 of 10 playouts; " in reason_line(far, "en")
    assert reason_line(Reason(*base), "en").startswith("AI: gear 3, 4 3 2: crosses ")
