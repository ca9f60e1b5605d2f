"""Custom ids of buttons and selects: what was clicked, in which race, at which moment.

``heat:<b|s>:<action>:<race>:<stamp>:<arg>``: ``action`` is a code from
:data:`ACTIONS`; ``stamp`` is the race version the component was made on, so
a click on an old message is recognised as stale; ``arg`` carries the rest (a
draft plan, or a decision's text form with dots for spaces, after the number of
the card it takes where a market shows equal cards: ``2.pick.A.4wd-4``). Discord
allows 100 characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import Decision, parse_decision

PATTERN = r"heat:{kind}:(?P<action>[a-z]+):(?P<race>\d+):(?P<stamp>\d+):(?P<arg>[\w.\-]*)"
BUTTON_PATTERN = PATTERN.format(kind="b")
SELECT_PATTERN = PATTERN.format(kind="s")
MAX_LENGTH = 100
NUMBER = re.compile(r"^\d+\.")

ACTIONS: dict[str, str] = {
    # lobby and round messages
    "join": "take a seat in the lobby",
    "leave": "leave the lobby",
    "start": "start the race (host)",
    "hand": "open my hand",
    "board": "show the board",
    # the hand view: its draft plan rides in ``arg``
    "g": "hand: choose the gear",
    "c": "hand: choose the cards",
    "o": "hand: choose the reactions' standing orders",
    "d": "hand: choose the ordered discards",
    "sug": "hand: take the AI's suggestion",
    "go": "hand: confirm the plan",
    # live prompts
    "do": "make the decision in ``arg``",
    "mkt": "open the Garage draft's market (privately)",
    "mine": "open the choices that show the driver's cards (privately; ``arg``: the car)",
    "dl": "discard the selected cards (``arg``: the car)",
    "sv": "Salvage the selected cards (``arg``: the car)",
    # leagues: ``race`` is the league's id, ``stamp`` its season version
    "lg": "league draft: make the season decision in ``arg``",
    "lgs": "league draft: swap ``arg``'s card (driver.card) for the selected one",
    "lgend": "end the league (admin, after the confirmation)",
    # league nights' reminders: ``race`` is the league's id, ``stamp`` the race's number
    "rsvpy": "league night: I'll race",
    "rsvpn": "league night: I can't make it",
}


@dataclass(frozen=True, slots=True)
class ComponentId:
    kind: str
    action: str
    race: int
    stamp: int = 0
    arg: str = ""

    def __str__(self) -> str:
        text = f"heat:{self.kind}:{self.action}:{self.race}:{self.stamp}:{self.arg}"
        if len(text) > MAX_LENGTH:
            raise ValueError(f"custom id longer than {MAX_LENGTH}: {text}")
        return text

    @classmethod
    def parse(cls, kind: str, match: re.Match[str]) -> ComponentId:
        return cls(kind, match["action"], int(match["race"]), int(match["stamp"]), match["arg"])


def button(action: str, race: int, stamp: int = 0, arg: str = "") -> ComponentId:
    return ComponentId("b", action, race, stamp, arg)


def select(action: str, race: int, stamp: int = 0, arg: str = "") -> ComponentId:
    return ComponentId("s", action, race, stamp, arg)


def decision_button(
    race: int, version: int, decision: Decision, number: int | None = None
) -> ComponentId:
    """A button that makes ``decision`` on race ``version``, its text form in the id; after
    ``number`` (a market card's) where two buttons may make the same decision."""
    return button("do", race, version, numbered(str(decision).replace(" ", "."), number))


def numbered(arg: str, number: int | None) -> str:
    """``arg`` after a card's number, so equal cards' buttons have ids of their own."""
    return arg if number is None else f"{number}.{arg}"


def decision_text(target: ComponentId) -> str:
    """The decision's text form an id carries (the card's number, if any, left out)."""
    return NUMBER.sub("", target.arg, count=1).replace(".", " ")


def decision_of(target: ComponentId) -> Decision:
    """The decision a ``do`` button carries; ValueError if the id was tampered with."""
    return parse_decision(decision_text(target))
