"""The hand's AI suggestion shows one line of reasons, in the driver's language (issue 24.2)."""

from __future__ import annotations

from pathlib import Path

import engine
from bot.discord.ai_reason import reason_line
from engine.ai import Reason, suggest
from engine.forecast import next_corner
from tests.support.botdriver import answer, table
from tests.support.botrace import car_of, stored_state, two_driver_race


async def test_the_suggestion_comes_with_its_reason_in_each_drivers_language(
    tmp_path: Path,
) -> None:
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        board = await two_driver_race(t)
        state = await stored_state(t)
        for user, prefix in ((t.alice, "AI: gear "), (t.bob, "IA: marcia ")):
            car = await car_of(t, user)
            view = engine.view_for(state, car)
            plan, reason = suggest(view, car)
            hand = answer(await t.click(user, board, "heat:b:hand:"))
            assert prefix not in hand.embeds[0]["description"], "no reason before it is asked"
            await t.click(user, hand, "heat:b:sug:")
            lines = hand.embeds[0]["description"].split("\n")
            (line,) = [line for line in lines if line.startswith(prefix)]
            assert line == reason_line(reason, str(user.locale))
            assert line.startswith(f"{prefix}{plan.gear}, {' '.join(plan.cards)}: ")
            # Round 1 starts on the grid: the move lands before the first corner, which the
            # hand's own "Next corner" line names too.
            corner = next_corner(view, view.car(car))
            assert corner is not None and reason.corner == corner[0]
            assert f" {corner[0]} " in line and f" {corner[1]}," in line


def test_the_reason_line_words_each_figure() -> None:
    crossing = Reason(3, ("4", "3", "2"), False, 9, 9, 21, 21, 17, 4, True, 5, 5, 1, 0.0)
    assert reason_line(crossing, "en-US") == (
        "AI: gear 3, 4 3 2: crosses the corner after space 17 (limit 4) for 5 Heat, "
        "lands on 21; 1 Heat left in the Engine; no spin-out risk"
    )
    ahead = Reason(4, ("S", "3", "4", "2"), False, 10, 13, 10, 13, 15, 3, False, 0, 0, 2, 0.25)
    assert reason_line(ahead, "it") == (
        "IA: marcia 4, S 3 4 2: arriva allo spazio 10–13, prima della curva dopo lo spazio 15 "
        "(limite 3, superata a velocità 3+); 2 Heat restano nel Motore; rischio di sbandare 25%"
    )
    assert "cluttered" in reason_line(
        Reason(1, ("H",), True, *(0,) * 4, 12, 3, False, 0, 0, 0, 0), "en"
    )
