"""The hand's "AI suggestion" in words: one line of the reasons the engine's AI gives as data.

The engine says which corner mattered, where the move lands, the Heat it
costs and leaves, the odds of a spin out and, for a champion's plan, what its
playouts found (:class:`engine.ai.Reason`); this module only words those figures
in the driver's language.
"""

from __future__ import annotations

from bot.discord.texts import t
from engine.ai import Reason


def reason_line(reason: Reason, locale: str) -> str:
    """E.g. "AI: gear 3, 4 3 2: crosses the corner after space 12 (limit 4) for 1 Heat,
    lands on 15; 2 Heat left in the Engine; no spin-out risk"; a champion's plan says what
    its playouts found first ("Champion: gear 3, 4 3 2: won 7 of 10 playouts; ...")."""
    cards = " ".join(reason.cards)
    if reason.cluttered:
        return t("ai_reason_cluttered", locale, gear=reason.gear, cards=cards)
    land = _range(reason.land_low, reason.land_high)
    if reason.corner is None:
        where = t("ai_reason_clear", locale, land=land)
    elif reason.crosses:
        heat = _range(reason.heat_low, reason.heat_high)
        where = t(
            "ai_reason_crosses",
            locale,
            space=reason.corner,
            limit=reason.limit,
            heat=heat,
            land=land,
        )
    else:
        where = t(
            "ai_reason_ahead",
            locale,
            space=reason.corner,
            limit=reason.limit,
            land=land,
            # The Speed that crosses the line from the farthest landing, as the hand says it.
            distance=reason.corner - reason.land_high + 1,
        )
    left = t("ai_reason_heat", locale, n=reason.heat_left)
    if reason.spin_chance > 0:
        risk = t("ai_reason_risk", locale, percent=max(1, round(100 * reason.spin_chance)))
    else:
        risk = t("ai_reason_safe", locale)
    if reason.playouts:
        return t(
            "ai_reason_searched",
            locale,
            gear=reason.gear,
            cards=cards,
            search=_searched(reason, locale),
            where=where,
            left=left,
            risk=risk,
        )
    return t("ai_reason", locale, gear=reason.gear, cards=cards, where=where, left=left, risk=risk)


def _searched(reason: Reason, locale: str) -> str:
    """What the champion's playouts found for the plan: the races it won in them (a playout
    run to the finish), else how often it did best of the plans played out."""
    if reason.won:
        return t("ai_reason_won", locale, won=reason.won, n=reason.playouts)
    return t("ai_reason_best", locale, best=reason.best, n=reason.playouts, plans=reason.plans)


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"
