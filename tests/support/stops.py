"""A league's stored posts over a stop of the real bot process, timed by the fake Discord.

The real bot process (``bench/bot_process.py``) against the fake Discord, stopped by
SIGTERM (as ``docker stop`` does) or killed with kill -9. A post is kept over the stop
by an outage: Discord answers 503, so the bot keeps the row in its outbox, as a crash
between a commit and its post would. Discord is back when the bot starts again. Times
are taken by the fake as things happen. Shared by the test that holds the bound and the
bench that prints the figures.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from tests.support.botdriver import custom_ids
from tests.support.botprocess import start_bot_process
from tests.support.botrace import mentioned
from tests.support.fakediscord import (
    WAIT_CEILING,
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    FakeUser,
)

DRAFT = ("heat:b:lg:", "heat:s:lgs:")  # a draft prompt's pick buttons and swap selects
BOARD = "heat:b:hand:"  # a race's board carries the "open my hand" button


@dataclass
class PostTimes:
    """Seconds from the reconnect (or from the pick) to each post, and what came twice."""

    prompt_after_restart: float = 0.0
    prompts_after_picks: list[float] = field(default_factory=list)
    podium_after_restart: float = 0.0
    standings_after_restart: float = 0.0
    picks_posted: int = 0
    standings_posted: int = 0


class Server:
    """The fake Discord's server with its #races channel, alice and bob, and the bot process."""

    def __init__(self, fake: FakeDiscord, database: str) -> None:
        self.fake = fake
        self.database = database
        guild = fake.add_guild("Heat Club")
        self.channel = fake.add_text_channel(guild, "races")
        self.people = [fake.add_user("alice"), fake.add_user("bob")]
        for person in self.people:
            fake.add_member(guild, person)
        self.bot: asyncio.subprocess.Process | None = None

    def public(self) -> list[FakeMessage]:
        return self.fake.with_threads(self.channel)

    async def start(self) -> float:
        """Start the bot process; the moment it reconnected (identified to the gateway)."""
        identified = self.fake.gateway.identify_count
        starting = asyncio.create_task(start_bot_process(self.fake, self.database))
        reconnected = await self.fake.moment(lambda: self.fake.gateway.identify_count > identified)
        self.bot = await starting
        return reconnected

    async def stop(self, how: signal.Signals) -> None:
        assert self.bot is not None
        self.bot.send_signal(how)
        code = await asyncio.wait_for(self.bot.wait(), WAIT_CEILING)
        assert code == (0 if how == signal.SIGTERM else -how), "SIGTERM stops the bot cleanly"
        self.bot = None

    async def slash(self, person: FakeUser, command: str, /, **options: object) -> None:
        await (await self.fake.slash(person, self.channel, command, **options)).done()

    def thread(self) -> FakeChannel:
        """The thread the league race's draft, then the race, runs in."""
        [thread] = self.fake.threads(self.channel)
        return thread

    async def kept_by_an_outage(
        self, act: Callable[[], Awaitable[object]], place: FakeChannel
    ) -> None:
        """``act`` while Discord refuses new messages in ``place``: the posts wait."""
        refused = len(self.fake.rejections)
        self.fake.outage(place)
        await act()
        await self.fake.wait_for(lambda: len(self.fake.rejections) > refused)
        assert not any(r.error.status != 503 for r in self.fake.rejections[refused:])

    async def click_first(self, prompt: FakeMessage) -> float:
        """The named picker clicks the prompt's first pick (or keep); when it was acknowledged."""
        [picker] = mentioned(prompt, self.people)
        choice = next(c for c in custom_ids(prompt) if c.startswith(DRAFT[0]))
        click = await self.fake.click(picker, prompt, choice)
        acked = await self.fake.moment(lambda: click.ack_type is not None)
        await click.done()
        return acked

    async def next_post(
        self, after: int, prefix: str | tuple[str, ...]
    ) -> tuple[float, FakeMessage]:
        """The first public message past index ``after`` with a component of ``prefix``, and
        when it came."""

        def found() -> FakeMessage | None:
            new = self.public()[after:]
            return next((m for m in new if any(c.startswith(prefix) for c in m.custom_ids)), None)

        came = await self.fake.moment(lambda: found() is not None)
        message = found()
        assert message is not None
        return came, message


def posted_with(messages: list[FakeMessage], text: str) -> list[FakeMessage]:
    return [m for m in messages if text in m.content]


async def posts_after_a_stop(database: str, how: signal.Signals) -> PostTimes:
    """A league whose draft pick, then whose race's podium and standings, wait over a stop."""
    times = PostTimes()
    async with FakeDiscord() as fake:
        server = Server(fake, database)
        alice, bob = server.people
        await server.start()
        try:
            await server.slash(
                alice, "league create", name="Cup", season="custom",
                tracks="espana:6,usa:3,espana:2", seats=3, fill="ai",
            )  # fmt: skip
            await server.slash(bob, "league join")
            await server.slash(alice, "league start-race")
            _, prompt = await server.next_post(0, DRAFT)
            thread = server.thread()
            assert prompt.channel_id == thread.id, "the draft runs in the race's thread"

            # A pick is stored; its posts (the pick, the next prompt) wait over a stop.
            await server.kept_by_an_outage(lambda: server.click_first(prompt), thread)
            await server.stop(how)
            fake.outage(thread, on=False)
            seen = len(server.public())
            reconnected = await server.start()
            asked, prompt = await server.next_post(seen, DRAFT)
            times.prompt_after_restart = asked - reconnected
            times.picks_posted = len(posted_with(server.public()[seen:], " took "))

            # The rest of the draft, live: each prompt, then the race's board, after its pick.
            while not custom_ids(prompt)[0].startswith(BOARD):
                seen = len(server.public())
                clicked = await server.click_first(prompt)
                came, prompt = await server.next_post(seen, (*DRAFT, BOARD))
                times.prompts_after_picks.append(came - clicked)

            # The race ends (both cars handed to the AI); its posts wait over a stop.
            async def hand_both_cars_to_the_ai() -> None:
                await server.slash(alice, "heat kick", user=alice)
                await server.slash(alice, "heat kick", user=bob)

            # The podium and the standings: in the channel.
            await server.kept_by_an_outage(hand_both_cars_to_the_ai, server.channel)
            await server.stop(how)
            fake.outage(server.channel, on=False)
            reconnected = await server.start()
            podium = await fake.moment(lambda: bool(posted_with(server.public(), "Chequered")))
            scored = await fake.moment(lambda: bool(posted_with(server.public(), "is scored")))
            times.podium_after_restart = podium - reconnected
            times.standings_after_restart = scored - reconnected
            times.standings_posted = len(posted_with(server.public(), "is scored"))
        finally:
            if server.bot is not None:
                await server.stop(signal.SIGTERM)
    return times
