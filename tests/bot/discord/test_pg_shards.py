"""A shard cluster through the fake Discord: two bot processes, one shard each, one PostgreSQL.

Each bot hears only its own guilds (as Discord shards them), yet they share
every race through the database: a turn timer of a race in one shard's guild
can be fired by the other process, which posts the round by the REST API.
"""

from __future__ import annotations

import asyncpg

from bot.discord.app import ShardedHeatBot
from bot.hosting.settings import Settings
from tests.support.botdriver import BotClock, answer, custom_id, custom_ids, lobby_in
from tests.support.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


async def click(
    fake: FakeDiscord, user: FakeUser, message: FakeMessage, prefix: str
) -> FakeMessage:
    interaction = await fake.click(user, message, custom_id(message, prefix))
    await interaction.done()
    assert interaction.ack_type is not None and not interaction.failed
    return answer(interaction)


def boards(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    return [m for m in fake.with_threads(channel) if m.attachments]


async def race_started(
    fake: FakeDiscord, channel: FakeChannel, host: FakeUser, guest: FakeUser
) -> FakeMessage:
    created = await fake.slash(host, channel, "heat new", track="usa", laps=1, seats=2, fill="none")
    await created.done()
    lobby = lobby_in(fake, channel)
    await click(fake, guest, lobby, "heat:b:join:")
    await click(fake, host, lobby, "heat:b:start:")
    await fake.wait_for(lambda: len(boards(fake, channel)) >= 1)
    return boards(fake, channel)[-1]


async def test_each_process_serves_its_shard_and_fires_the_other_s_timers(pg_url: str) -> None:
    async with FakeDiscord() as fake:
        tables = []
        for shard in (0, 1):
            guild = fake.add_guild(f"Club {shard}", shard=(shard, 2))
            channel = fake.add_text_channel(guild, "races")
            users = [fake.add_user(f"driver-{shard}-{n}") for n in range(2)]
            for user in users:
                fake.add_member(guild, user)
            tables.append((guild, channel, users))
        clocks = [BotClock(), BotClock()]
        bots = [
            ShardedHeatBot(
                Settings(database=pg_url, shard_count=2, shard_ids=[shard]), clock=clocks[shard]
            )
            for shard in (0, 1)
        ]
        for bot in bots:
            await fake.start_bot(bot)
        try:
            assert [[g.id for g in bot.guilds] for bot in bots] == [[t[0].id] for t in tables]
            for _, channel, users in tables:
                await race_started(fake, channel, *users)
            # Shard 1's drivers let their turn timer run out. Only shard 0's process sees
            # the time pass (shard 1's clock stands still), so it is the one that fires.
            clocks[0].now += 3600
            bots[0].scheduler.wake()
            _, channel, _ = tables[1]
            await fake.wait_for(lambda: len(boards(fake, channel)) >= 2)
            assert any("heat:b:hand:" in cid for cid in custom_ids(boards(fake, channel)[-1]))
            db = await asyncpg.connect(pg_url)
            try:
                by_timer = await db.fetchval(
                    "SELECT count(*) FROM decisions d JOIN races r ON r.id = d.race_id"
                    " WHERE r.guild_id = $1 AND d.decided_by = 'timer'",
                    tables[1][0].id,
                )
            finally:
                await db.close()
            assert by_timer >= 2
        finally:
            for bot in bots:
                await fake.stop_bot(bot)
