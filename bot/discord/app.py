"""The Discord client: wiring in ``setup_hook``, the one error handler, ``run_bot``."""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import math
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.discord.acks import time_acknowledgement
from bot.discord.clicks import Clicks
from bot.discord.commands import HeatCommands
from bot.discord.components import route_click
from bot.discord.controller import Controller
from bot.discord.errors import answer_failure, say_privately
from bot.discord.league_commands import LeagueCommands, stats_command
from bot.discord.league_controller import LeagueController
from bot.discord.league_night_commands import night_commands
from bot.discord.league_nights import LeagueNightsController
from bot.discord.league_posts import LeaguePoster
from bot.discord.loop import loop_factory
from bot.discord.publisher import Publisher
from bot.discord.replay import replay_command
from bot.discord.texts import HeatTranslator, t
from bot.hosting import heartbeat, log_format, metrics
from bot.hosting.rate_limit import RateLimit
from bot.hosting.settings import Settings
from bot.service import cpu, figures
from bot.service.league_nights import LeagueNights
from bot.service.leagues import LeagueService
from bot.service.outbox import Outbox
from bot.service.races import RaceService, fresh_seed
from bot.service.timers import LONGEST_NAP, SHARED_NAP, Scheduler
from bot.storage import NIGHT_TIMERS, OutboxRow, Timer
from bot.storage.choice import is_postgres, open_store, without_password

log = logging.getLogger("heat.bot")


# Seconds a closing bot gives what is under way (interactions being handled, the timer
# being fired, posts being caught up) before it cancels it: Docker kills a container 10 s
# after SIGTERM, and what is cancelled was not committed (a transaction is whole or absent).
STOP_GRACE = 3.0
CANCELLED_WITHIN_S = 0.5  # how long a stop waits for what it cancelled to unwind


class HeatTree(app_commands.CommandTree["HeatBot"]):
    """The command tree; every command's interaction is tracked until it is handled."""

    async def interaction_check(self, interaction: discord.Interaction[HeatBot], /) -> bool:
        """Timed and tracked; someone over the rate limit gets one private line, nothing else."""
        time_acknowledgement(interaction)
        self.client.handling()
        return await self.client.within_rate(interaction)


class HeatBot(discord.Client):
    """The bot: one store, one race service, the ``/heat`` commands and restart-proof buttons."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = fresh_seed,
        stop_on_sigterm: bool = False,
        **shards: Any,
    ) -> None:
        super().__init__(intents=discord.Intents(guilds=True), **shards)
        self.settings = settings
        self.clock = clock
        self.seeds = seeds
        self.stop_on_sigterm = stop_on_sigterm
        self._stopping = False
        self.tree = HeatTree(self)
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]
        self._catching_up: set[asyncio.Task[None]] = set()
        self._caught_up = asyncio.Event()
        self._handling: set[asyncio.Task[Any]] = set()
        self.rate = RateLimit(settings.rate_per_second, settings.rate_burst)
        self._listening: metrics.Listening | None = None
        self._metrics: figures.Served | None = None
        self._connecting: asyncio.Task[None] | None = None
        self._heartbeat: asyncio.Task[None] | None = None

    def handling(self) -> None:
        """The running task handles an interaction: a close lets it finish first."""
        task = asyncio.current_task()
        if task is not None:
            self._handling.add(task)
            task.add_done_callback(self._handling.discard)

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        """discord.py's ``start``, which :meth:`close` ends even while it waits to reconnect.

        discord.py's connection loop sleeps between attempts when Discord cannot be
        reached (up to 2**10 s, growing with each failure) and looks whether the client
        is closed only when it wakes: a bot told to stop then would sleep on, holding its
        port and its process, until Docker kills it.
        """
        connecting = asyncio.create_task(
            super().start(token, reconnect=reconnect), name="heat-connect"
        )
        self._connecting = connecting
        try:
            await connecting
        except asyncio.CancelledError:
            running = asyncio.current_task()
            if self._stopping and connecting.cancelled() and not (running and running.cancelling()):
                return  # ended by close()
            raise

    async def login(self, token: str) -> None:
        """Take the metrics port first: a port in use stops the bot before it contacts
        Discord, opens the database or takes a timer (:class:`metrics.PortInUse`)."""
        if self.settings.metrics_port is not None and self._listening is None:
            self._listening = metrics.Listening(
                self.settings.metrics_address, self.settings.metrics_port
            )
        await super().login(token)

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database, self.settings.process_name)
        self.races = RaceService(
            self.store,
            self.clock,
            retention_days=self.settings.retention_days,
            seeds=self.seeds,
            champion_playouts=self.settings.champion_playouts,
        )
        self.publisher = Publisher(self, self.store, self.locale_of)
        self.outbox = Outbox(self.store, self._post)
        shared = is_postgres(self.settings.database)
        self.scheduler = Scheduler(
            self.store,
            self.races,
            self.outbox.flush,
            self.clock,
            longest_nap=SHARED_NAP if shared else LONGEST_NAP,
        )
        self.controller = Controller(
            self.store, self.races, self.publisher, self.outbox, self.scheduler
        )
        self.leagues = LeagueService(self.store, self.races, self.clock)
        self.nights = LeagueNights(self.store, self.leagues, self.clock)
        self.league_controller = LeagueController(self.controller, self.leagues, self.nights)
        self.league_nights = LeagueNightsController(self.league_controller, self.nights)
        self.scheduler.league_timer = self._league_timer
        self.publisher.say_hooks["league_recorded"] = LeaguePoster(self, self.leagues).recorded
        self.clicks = Clicks(self.controller, self.league_controller, self.league_nights)
        heat = HeatCommands(self.controller)
        heat.add_command(stats_command(self.league_controller))
        heat.add_command(replay_command(self.controller))
        self.tree.add_command(heat)
        league = LeagueCommands(self.league_controller)
        for command in night_commands(self.league_nights):
            league.add_command(command)
        self.tree.add_command(league)
        await self.tree.set_translator(HeatTranslator())
        if self.settings.dev_guild is not None:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        await cpu.warm_up()
        # Score the league races a stopped bot finished but did not score, before their
        # standings (left in the outbox) are posted.
        scored = await self.leagues.resume()
        log.info("leagues caught up races_scored=%s", scored)
        self.scheduler.start()
        self._heartbeat = asyncio.create_task(self._beat(), name="heat-heartbeat")
        if self._listening is not None:
            count = self.settings.shard_count
            shards = self.settings.shard_ids or list(range(count or 1))
            self._metrics = figures.Served(self.store, self._listening, count, shards)
            log.info(
                "metrics served address=%s port=%s",
                self.settings.metrics_address,
                self.settings.metrics_port,
            )
        if self.stop_on_sigterm:
            # ``docker stop`` and the bench end the bot with SIGTERM: close as a
            # graceful stop does, so posts and answers under way finish.
            stop = functools.partial(asyncio.create_task, self.close())
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)
        # Everything built so far lives as long as the process: move it out of the
        # collector's sight, so full collections scan only what races create (they
        # pause the event loop, and every interaction waits for them).
        gc.freeze()
        log.info("bot ready database=%s", without_password(self.settings.database))

    def dispatch(self, event: str, /, *args: Any, **kwargs: Any) -> None:
        """Drop events that reach a closed client.

        discord.py announces ``ready`` some time after connecting, from a task that
        a close does not cancel: a bot stopped before then would schedule its
        ``on_ready`` on a loop it no longer has.
        """
        if not self.is_closed():
            super().dispatch(event, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction[HeatBot]) -> None:
        """A click on a button or select: routed by its custom id, even after a restart."""
        if interaction.type is discord.InteractionType.component:
            time_acknowledgement(interaction)
            self.handling()
            if await self.within_rate(interaction):
                await route_click(interaction, self.clicks)

    async def within_rate(self, interaction: discord.Interaction[Any]) -> bool:
        """True if the person may act now; if not, they are told so privately (and only that)."""
        if self.rate.allow(interaction.user.id):
            return True
        log.info("too fast user=%s guild=%s", interaction.user.id, interaction.guild_id)
        await say_privately(interaction, t("too_fast", interaction.locale))
        return False

    async def _beat(self) -> None:
        """Write the heartbeat file while the gateway is connected (bot.hosting.heartbeat).

        discord.py keeps the connection's heartbeat and reconnects when it is not
        acknowledged; meanwhile it has no connection (a latency of NaN) and the file ages.
        """
        path = self.settings.heartbeat_path
        await self.wait_until_ready()
        while True:
            if not math.isnan(self.latency):
                try:
                    heartbeat.beat(path)
                except OSError:
                    log.warning("cannot write the heartbeat file=%s", path)
            await asyncio.sleep(heartbeat.BEAT_EVERY_S)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server is known (at start-up, or back after an outage): post what was left there.

        At start-up this comes as each server arrives, not with ``on_ready``, which
        discord.py holds back until no server has arrived for 2 s.
        """
        self._catch_up(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A server the bot joins (or one discord.py names so at start-up): as above."""
        self._catch_up(guild.id)

    def _catch_up(self, guild_id: int) -> None:
        task = asyncio.create_task(self._post_what_was_left(guild_id), name="heat-catch-up")
        self._catching_up.add(task)
        task.add_done_callback(self._catching_up.discard)

    async def _post_what_was_left(self, guild_id: int) -> None:
        try:
            posted = await self.outbox.catch_up(guild_id)
        except Exception:
            log.exception("catch-up failed guild=%s", guild_id)
            return
        if posted:
            log.info("outbox caught up guild=%s posts=%s", guild_id, posted)

    async def on_ready(self) -> None:
        """Every server is known: once their catch-ups are done, the bot has caught up."""
        await asyncio.gather(*self._catching_up)
        self._caught_up.set()

    async def caught_up(self) -> None:
        """Wait until whatever a stopped bot left in the outbox is posted."""
        await self._caught_up.wait()

    async def _league_timer(self, timer: Timer) -> None:
        """A league's timer: a dated race's reminder or start, or its draft's turn timer."""
        if timer.kind in NIGHT_TIMERS:
            await self.league_nights.on_timer(timer)
        else:
            await self.league_controller.draft.on_timer(timer)

    async def _post(self, row: OutboxRow, resumed: bool) -> None:
        """One outbox row: a league night's goes to the league's channel, a league's other
        rows to its draft, a race's to the publisher."""
        if row.league_id is not None and self.league_nights.posts(row):
            await self.league_nights.post(row, resumed)
        elif row.league_id is not None:
            await self.league_controller.draft.post(row, resumed)
        else:
            await self.publisher.post(row, resumed)

    def locale_of(self, guild_id: int) -> str:
        """The language for a server's public messages."""
        guild = self.get_guild(guild_id)
        return str(guild.preferred_locale) if guild is not None else "en-US"

    async def close(self) -> None:
        """Stop the timers, give what is under way :data:`STOP_GRACE` to finish, cancel what
        is left, then close the database and disconnect (well within Docker's 10 s)."""
        if self._stopping:
            return
        self._stopping = True
        try:
            loop = asyncio.get_running_loop()
            until = loop.time() + STOP_GRACE
            if self._heartbeat is not None:
                self._heartbeat.cancel()
                heartbeat.stop(self.settings.heartbeat_path)
            # The timers end after the one being fired (those not yet fired stay due) while
            # the interactions and catch-ups under way finish, all within the grace.
            timers = (
                asyncio.create_task(self.scheduler.stop(grace=STOP_GRACE))
                if hasattr(self, "scheduler")
                else None
            )
            under_way = (self._catching_up | self._handling) - {asyncio.current_task()}
            if under_way:
                _, late = await asyncio.wait(under_way, timeout=max(0.0, until - loop.time()))
                for task in late:
                    task.cancel()
                if late:
                    log.warning("stopping: cancelled tasks=%s still under way", len(late))
                    await asyncio.wait(late, timeout=CANCELLED_WITHIN_S)
            if timers is not None:
                await timers
        finally:
            if self._metrics is not None:
                self._metrics.close()
            elif self._listening is not None:
                self._listening.close()
            if hasattr(self, "store"):
                await self.store.close()
            await super().close()
            connecting = self._connecting
            if connecting is not None and connecting is not asyncio.current_task():
                connecting.cancel()  # asleep before reconnecting, it would not see the close

    async def on_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await answer_failure(interaction, error)


class ShardedHeatBot(HeatBot, discord.AutoShardedClient):
    """The bot running its shards of a cluster; the processes share only the database.

    Discord requires sharding past about 2,500 servers. Every handler reloads
    the race from the store, so each process runs the shards ``HEAT_SHARD_IDS``
    names out of ``HEAT_SHARD_COUNT`` and nothing else is shared.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        stop_on_sigterm: bool = False,
    ) -> None:
        super().__init__(
            settings,
            clock=clock,
            stop_on_sigterm=stop_on_sigterm,
            shard_count=settings.shard_count,
            shard_ids=settings.shard_ids,
        )


def bot_for(settings: Settings, *, stop_on_sigterm: bool = False) -> HeatBot:
    """The bot these settings ask for: one connection, or this process's shards."""
    if settings.shard_count is None:
        return HeatBot(settings, stop_on_sigterm=stop_on_sigterm)
    return ShardedHeatBot(settings, stop_on_sigterm=stop_on_sigterm)


def run_bot(settings: Settings) -> None:
    """Start the bot and block until it stops; logs go to stderr, one line (or JSON object)
    per event. A metrics port in use ends it at once, in one line, with status 2."""
    log_format.configure(settings.log_level, settings.log_format)
    assert settings.discord_token is not None
    try:
        serve(bot_for(settings, stop_on_sigterm=True), settings.discord_token.get_secret_value())
    except metrics.PortInUse as error:
        print(f"heat run: {error}", file=sys.stderr)
        raise SystemExit(2) from None


def serve(bot: HeatBot, token: str) -> None:
    """Run the bot on the fastest event loop there is until it closes (or Ctrl-C)."""

    async def connected() -> None:
        async with bot:
            await bot.start(token)

    try:
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            try:
                runner.run(connected())
            except KeyboardInterrupt:
                return
    finally:
        cpu.stop()  # a job still running is for a bot that has stopped
