"""A league's draft on the fake Discord, made by its public buttons as its people would."""

from __future__ import annotations

from tests.support.botdriver import Table, custom_ids
from tests.support.botrace import mentioned

ANSWERED_S = 60.0
"""A ceiling far above the edit's milliseconds, for a loaded machine."""


async def draft(t: Table, *, restart: bool = False) -> int:
    """Make every person's draft decision by its public buttons; returns how many were made.

    ``restart``: the bot is restarted while the first prompt waits, then it is clicked.
    """
    made = 0
    people = [t.alice, t.bob]
    while True:
        await t.fake.wait_for(lambda: _draft_or_race(t.public()[-1].custom_ids))
        prompt = t.public()[-1]
        buttons = [c for c in custom_ids(prompt) if c.startswith("heat:b:lg:")]
        if not buttons:
            return made
        picker = mentioned(prompt, people)
        assert len(picker) == 1, prompt.content
        assert prompt.attachments, "the market is drawn"
        if restart:
            await t.restart()
            assert t.bot is not None
            await t.bot.caught_up()
            restart = False
        count = len(t.public())
        choice = buttons[0]  # the first card offered, or keep (a swap offer's button)
        click = await t.fake.click(picker[0], prompt, choice)
        await click.done()
        assert not click.failed
        # An answered prompt loses its buttons: an edit the bot makes after answering the click.
        await t.fake.wait_for(lambda answered=prompt: custom_ids(answered) == [], ANSWERED_S)
        await t.wait_public(count + 1)
        made += 1


def _draft_or_race(ids: list[str]) -> bool:
    return any(c.startswith(("heat:b:lg:", "heat:b:hand:")) for c in ids)
