"""A hand is seen by its driver alone: no public message shows a card held in a hand.

What counts as showing a card is worked out in :mod:`tests.support.hands`.
"""

from __future__ import annotations

import re
from pathlib import Path

import aiosqlite

import engine
from bot.discord.prompts import private_choices_message, prompt_message
from bot.discord.texts import t as text
from engine import RaceState
from engine.notation import load_state
from tests.support.botdriver import Table, answer, table
from tests.support.botrace import CAUTIOUS, car_of, mentioned, plan
from tests.support.fakediscord import FakeMessage, FakeUser
from tests.support.hands import LOCALES, leaks, view_payload
from tests.support.playout import garage_states


def test_no_live_prompt_shows_a_card_held_in_a_hand() -> None:
    """Every live prompt of seeded Garage and weather races (every step, with Direct Play,
    Reduce Stress, Salvage...) shows no hand's card; the driver's private view does."""
    steps: set[str] = set()
    kinds: set[str] = set()
    shown_privately = 0
    for state in garage_states(range(4)):
        waiting = engine.pending(state)
        assert waiting is not None
        steps.add(waiting.step)
        kinds |= {decision.do for decision in engine.legal_decisions(state, waiting.car)}
        for locale in LOCALES:
            public = prompt_message(1, state, waiting.car, "<@42>", locale)
            assert leaks(*view_payload(public), state) == [], (waiting.step, public["content"])
            private = private_choices_message(1, state, waiting.car, locale)
            shown_privately += bool(leaks(*view_payload(private), state))
    assert {"draft", "reveal", "react", "slipstream", "discard"} <= steps, steps
    assert {"discard", "direct", "reduce"} <= kinds, kinds
    assert shown_privately, "the driver's own view shows their cards: the check can see them"


class Watch:
    """Checks each public message once, against the hands of the race stored when it came."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.checked: set[int] = set()

    def check(self, state: RaceState | None) -> None:
        """Every public message not yet checked, against the hands of ``state`` (None: no race
        is drawn, so no card is in a hand)."""
        for message in self.t.public():
            if message.id in self.checked:
                continue
            self.checked.add(message.id)
            if state is not None:
                found = leaks(message.content, message.embeds, message.components, state)
                assert found == [], (message.content, found)


async def race_state(t: Table) -> RaceState | None:
    """The newest race's state, once it has started."""
    async with aiosqlite.connect(t.database) as db:
        query = "SELECT state FROM races WHERE state IS NOT NULL ORDER BY id DESC LIMIT 1"
        row = await (await db.execute(query)).fetchone()
    return None if row is None else load_state(row[0])


CHOOSE_SPEED = re.compile(r":[A-Z]\.speed\.")  # a revealed card's speed (not Adrenaline's)
UNSTAMPED = ("join", "leave", "start", "hand", "board")


async def posted_for(t: Table, state: RaceState, step: str) -> FakeMessage:
    """The public message that asks for ``state``'s decision, once it is posted: a board
    for a plan, else a prompt whose controls are stamped with the state's version (the
    lobby's and the board's buttons carry none)."""

    def asks(message: FakeMessage) -> bool:
        if step == "plan":
            return f"plan round {state.round} " in message.content
        stamped = [cid.split(":") for cid in message.custom_ids]
        return any(p[4] == str(state.version) and p[2] not in UNSTAMPED for p in stamped)

    await t.fake.wait_for(lambda: any(map(asks, t.public())), timeout=60)
    return next(m for m in reversed(t.public()) if asks(m))


async def clicked(t: Table, user: FakeUser, message: FakeMessage, custom_id: str) -> FakeMessage:
    """What ``user`` saw after clicking ``custom_id`` on ``message``."""
    interaction = await t.fake.click(user, message, custom_id)
    await interaction.done()
    return answer(interaction)


async def chose_privately(t: Table, user: FakeUser, view: FakeMessage) -> None:
    """The first choice of a private view: a select's first card, or its first button."""
    first = view.custom_ids[0]
    if first.startswith("heat:s:"):
        await (await t.fake.select(user, view, first, ["0"])).done()
    else:
        await (await t.fake.click(user, view, first)).done()


async def timers_run_out(t: Table, watch: Watch, state: RaceState) -> None:
    """Nobody plans: a reminder to each driver, then the AI plans for them."""
    assert t.bot is not None
    count = len(t.public())
    t.clock.now += 60 * 60 * 0.8
    t.bot.scheduler.wake()
    await t.fake.wait_for(lambda: len(t.public()) >= count + 2, timeout=60)
    watch.check(state)
    t.clock.now += 60 * 60 * 0.3
    t.bot.scheduler.wake()

    def both_ran_out() -> bool:
        return sum("Time ran out" in m.content for m in t.public()) == 2

    await t.fake.wait_for(both_ran_out, timeout=60)


async def live_step(t: Table, prompt: FakeMessage, owner: FakeUser, *, refuse: bool) -> bool:
    """Answer a live prompt: from the driver's private view if it has one (after someone
    else is refused it, if ``refuse``), else cautiously. True if the view was opened."""
    opener = next((c for c in prompt.custom_ids if c.startswith("heat:b:mine:")), None)
    public = [c for c in prompt.custom_ids if c != opener]

    async def cautiously() -> bool:
        cautious = [c for c in public if c.endswith(CAUTIOUS)]
        speeds = [c for c in public if CHOOSE_SPEED.search(c)]
        # React cannot end with a card's Heat owed: then only paying it (or a way to) is offered.
        choice = (cautious or speeds or public)[0]
        await (await t.fake.click(owner, prompt, choice)).done()
        return False

    if opener is None:
        return await cautiously()
    if refuse:
        other = t.bob if owner is t.alice else t.alice
        said = await clicked(t, other, prompt, opener)
        assert said.ephemeral and not said.custom_ids, "nobody else's cards, nor one's own"
    mine = await clicked(t, owner, prompt, opener)
    assert mine.ephemeral, "the driver's own choices, if any"
    if not mine.custom_ids:
        # A Garage React prompt offers the opener whatever the hand holds (or it would tell).
        assert mine.content == text("no_hidden_choices", owner.locale)
        return await cautiously()
    await chose_privately(t, owner, mine)
    await t.fake.wait_for(lambda: prompt.custom_ids == [], timeout=60)  # answered, publicly too
    return True


async def a_garage_race_to_the_flag(t: Table, watch: Watch) -> set[str]:
    """Alice and Bob, asked at each step, with an AI: the draft, a reminder and a timer run
    out, the drivers' own cards chosen privately, a kick, the flag. Returns the steps asked,
    with "mine" once a driver chose from their private view and "kick" once Bob is kicked."""
    said = await t.slash(
        t.alice,
        "heat new",
        **{"track": "usa", "laps": 1, "seats": 3, "fill": "ai", "garage": "both"},
        **{"weather": True, "mode": "async", "timer": 60},
    )
    assert answer(said).ephemeral
    await t.click(t.bob, t.latest_with("heat:b:join:"), "heat:b:join:")
    await t.click(t.alice, t.latest_with("heat:b:start:"), "heat:b:start:")
    users = {await car_of(t, user): user for user in (t.alice, t.bob)}
    asked: set[str] = set()
    while (state := await race_state(t)) and (waiting := engine.pending(state)):
        assert state.round < 150, "the race did not end"  # a sanity bound
        prompt = await posted_for(t, state, waiting.step)
        watch.check(state)
        asked.add(waiting.step)
        if waiting.step == "draft":
            market = await clicked(t, users[waiting.car], prompt, prompt.custom_ids[0])
            assert market.ephemeral and market.custom_ids, market.content
            await (await t.fake.click(users[waiting.car], market, market.custom_ids[0])).done()
        elif waiting.step == "plan" and state.round == 1:
            await timers_run_out(t, watch, state)
        elif waiting.step == "plan" and state.round == 3 and "kick" not in asked:
            asked.add("kick")
            await t.slash(t.alice, "heat kick", user=t.bob)
        elif waiting.step == "plan":
            for car in waiting.cars:
                await plan(t, users[car], prompt, ["live"])
        elif await live_step(t, prompt, users[waiting.car], refuse="mine" not in asked):
            asked.add("mine")
    await t.fake.wait_for(lambda: "Chequered flag" in t.public()[-1].content, timeout=60)
    watch.check(await race_state(t))
    return asked


async def a_league_from_its_draft_to_its_end(t: Table, watch: Watch) -> None:
    """Bob joins Alice's league; its draft (no race drawn yet, no hands); its race starts and
    is cancelled; the standings, a correction and the end are posted."""
    await t.slash(
        t.alice,
        "league create",
        **{"name": "Cup", "season": "custom", "tracks": "espana:6,espana:2,espana:7"},
        **{"seats": 3, "fill": "ai", "timer": 60},
    )
    await t.slash(t.bob, "league join")
    await t.slash(t.alice, "league start-race")
    while True:
        await t.fake.wait_for(lambda: any(c.startswith(LEAGUE_ASKS) for c in _last(t)), timeout=60)
        prompt = t.public()[-1]
        choice = next((c for c in prompt.custom_ids if c.startswith("heat:b:lg:")), None)
        if choice is None:
            break
        watch.check(None)
        (picker,) = mentioned(prompt, [t.alice, t.bob])
        await (await t.fake.click(picker, prompt, choice)).done()
    started = await race_state(t)
    assert started is not None and started.championship is not None, "the league race is on"
    watch.check(started)
    await t.slash(t.alice, "heat cancel")
    admin = t.member("admin", manage=True)
    await t.slash(t.cleo, "league standings")
    await t.slash(admin, "league correct", user=t.bob, points=2, reason="fair play")
    ending = answer(await t.slash(admin, "league end"))
    await t.click(admin, ending, "heat:b:lgend:")
    await t.fake.wait_for(lambda: "ended by" in t.public()[-1].content, timeout=60)
    watch.check(await race_state(t))


LEAGUE_ASKS = ("heat:b:lg:", "heat:b:hand:")


def _last(t: Table) -> list[str]:
    return t.public()[-1].custom_ids if t.public() else []


async def test_no_public_message_shows_a_card_held_in_a_hand(tmp_path: Path) -> None:
    """A Garage race and a league on the fake Discord: each message posted in the channel
    (lobby, draft prompts and picks, boards and round summaries, every live prompt, reminders,
    timer and kick notes, the podium, the league's draft, start, cancel, standings, correction
    and end) shows no card held in a hand when it is posted."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        watch = Watch(t)
        asked = await a_garage_race_to_the_flag(t, watch)
        assert {"draft", "plan", "react", "discard", "mine", "kick"} <= asked, asked
        await a_league_from_its_draft_to_its_end(t, watch)
        assert len(watch.checked) == len(t.public())


def test_a_garage_react_prompt_always_offers_the_cards_opener() -> None:
    """Whether "Open my cards" is on a public prompt must not tell what the hand holds: in
    a Garage race every React prompt has it, with or without a Direct Play card (or Stress
    and a Reduce) in the hand; the choices it opens are the driver's alone."""
    with_choices = without = 0
    for state in garage_states(range(6)):
        waiting = engine.pending(state)
        assert waiting is not None
        if waiting.step != "react" or state.options.garage == "off":
            continue
        public = prompt_message(1, state, waiting.car, "<@42>", "en")
        actions = [item.target.action for item in public["view"].children]  # type: ignore[attr-defined]
        assert "mine" in actions
        private = private_choices_message(1, state, waiting.car, "en")
        if private["view"].children:
            with_choices += 1
        else:
            without += 1
    assert with_choices and without > with_choices
