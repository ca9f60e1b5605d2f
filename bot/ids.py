"""Custom ids of buttons and selects: what was clicked, in which race, at which moment.

``heat:<b|s>:<action>:<race>:<stamp>:<arg>``: ``stamp`` is the round (hand
views) or the race version (live prompts) the component was made for, so a
click on an old message is recognised as stale; ``arg`` carries the rest (a
draft plan, a choice). Discord allows 100 characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PATTERN = r"heat:{kind}:(?P<action>[a-z]+):(?P<race>\d+):(?P<stamp>\d+):(?P<arg>[\w.\-]*)"
BUTTON_PATTERN = PATTERN.format(kind="b")
SELECT_PATTERN = PATTERN.format(kind="s")
MAX_LENGTH = 100


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
