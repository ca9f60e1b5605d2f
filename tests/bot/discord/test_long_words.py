"""Longer words stay within Discord's limits (issue 35 point 3): the bot speaks the pseudo-
language (English about 40% longer, accented) and Italian through the fake Discord, which
refuses, as Discord does, a message, embed, button, select or modal over its limits
(``fakediscord/message_limits.py``) and a command tree whose texts, in any locale, are
(``fakediscord/command_limits.py``).

A server and its people all read one language; a race with the Garage draft, the weather,
live prompts and standing orders runs to its Hall of Fame, the race commands are asked on
the way, and a league runs a race to its standings, history and statistics: nothing is
refused, every interaction is answered, and what was said is in that language.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

import data
import engine
from bot.discord import league_posts
from bot.discord.league_threads import draft_thread_name
from bot.discord.texts import HeatTranslator
from bot.discord.threads import start_thread
from bot.service.league_values import Standing
from data import words
from tests.support.botdriver import Table, answer, custom_ids, table
from tests.support.botleague import draft
from tests.support.botrace import CAUTIOUS, car_of, stored_state
from tests.support.fakediscord import FakeMessage, FakeUser, Permission
from tests.support.fakediscord.command_limits import validate_commands
from tests.support.fakediscord.errors import DiscordAPIError, FormErrors
from tests.support.fakediscord.message_limits import validate_message_body

LOCALES = ["qps-ploc", "it"]
PICK = ".pick."
NAMES = ("Maximilián Ærøskøbing-Çelik Żółć", "鈴木一郎" * 8, "محمد عبد الرحمن بن عبد العزيز آل")
SPEED = ".speed."


class PseudoAsItalian(HeatTranslator):
    """The commands' texts in the pseudo-language, handed to Discord as Italian's (Discord
    has no pseudo-language of its own)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.italian:
            return None
        return await super().translate(string, "qps-ploc", context)  # type: ignore[arg-type]


def speak(t: Table, locale: str) -> None:
    """The server and everyone in it read ``locale``; its people go by Discord's longest
    names (32 characters) in three scripts."""
    t.guild.locale = locale
    for user, name in zip((t.alice, t.bob, t.cleo), NAMES, strict=True):
        user.locale = locale
        user.global_name = name


def said_in(locale: str, key: str) -> str:
    """The message ``key`` in ``locale`` up to its first placeholder: what any of its
    sayings starts with."""
    return words.text(key, locale, podium="\0", name="\0", race="\0").split("\0")[0]


def nothing_refused(t: Table) -> None:
    refused = t.fake.rejections
    assert not refused, "\n".join(str(rejection) for rejection in refused)
    failed = [i for i in t.fake.interactions if i.failed or i.ack_type is None]
    assert not failed, failed


async def texts_of_the_tree(translator: app_commands.Translator, t: Table) -> list[dict[str, Any]]:
    assert t.bot is not None
    tree = t.bot.tree
    return [
        await command.get_translated_payload(tree, translator) for command in tree.get_commands()
    ]


def localized(payload: object) -> list[str]:
    """Every Italian text of a command payload, however deep."""
    found: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key.endswith("_localizations") and isinstance(value, dict) and "it" in value:
                found.append(value["it"])
            else:
                found += localized(value)
    elif isinstance(payload, list):
        for item in payload:
            found += localized(item)
    return found


async def test_the_command_tree_fits_discords_limits_in_italian_and_the_pseudo_language(
    tmp_path: Path,
) -> None:
    """The sync (with Italian) passes the fake's limits; so does the tree in the pseudo-
    language, whose two longest descriptions (77 and 78 characters in English, 111 in the
    pseudo-language) are cut after a word with "…" to Discord's 100 rather than refused."""
    async with table(tmp_path / "heat.sqlite3") as t:
        await t.start()
        italian = await texts_of_the_tree(HeatTranslator(), t)
        validate_commands(italian)
        pseudo = await texts_of_the_tree(PseudoAsItalian(), t)
        validate_commands(pseudo)
        said = localized(pseudo)
        assert len(said) > 100 and all(text.startswith("[") for text in said)
        cut = [text for text in said if not text.endswith("]")]
        assert cut and all(text.endswith("…") and len(text) <= 100 for text in cut), cut
        nothing_refused(t)


def test_a_description_over_discords_limit_is_refused_by_the_fake() -> None:
    """The fake checks each locale's text, as Discord does."""
    command = {
        "name": "heat",
        "description": "Race",
        "description_localizations": {"it": "x" * 101},
    }
    with pytest.raises(DiscordAPIError, match="50035"):
        validate_commands([command])


async def posted(t: Table, holds: object) -> FakeMessage:
    """The newest public message, once one holds a component id starting with ``holds``."""
    prefix = str(holds)
    await t.fake.wait_for(
        lambda: any(cid.startswith(prefix) for m in t.public() for cid in custom_ids(m))
    )
    return next(m for m in reversed(t.public()) if any(c.startswith(prefix) for c in custom_ids(m)))


async def drive_to_the_flag(t: Table, people: list[FakeUser], orders: dict[int, list[str]]) -> int:
    """Every decision a person is asked for, made by the buttons they see, to the flag:
    the Garage draft from the market, plans from the hand (with ``orders``), live steps by
    their prompt's cautious choice. Returns the rounds raced."""
    cars = {await car_of(t, user): user for user in people}
    race = 1
    while (waiting := engine.pending(state := await stored_state(t))) is not None:
        assert state.round < 150, "the race did not end"
        if waiting.step == "draft":
            user = cars[waiting.cars[0]]
            prompt = await posted(t, f"heat:b:mkt:{race}:{state.version}:")
            market = answer(await t.click(user, prompt, "heat:b:mkt:"))
            assert market.ephemeral and market.attachments
            buttons = [cid for cid in custom_ids(market) if PICK in cid]
            await (await t.fake.click(user, market, buttons[0])).done()
        elif waiting.step == "plan":
            board = await posted(t, f"heat:b:hand:{race}:")
            for car in waiting.cars:
                user = cars[car]
                hand = answer(await t.click(user, board, "heat:b:hand:"))
                assert hand.components, hand.content
                await t.click(user, hand, "heat:b:sug:")
                if user.id in orders:
                    await t.select(user, hand, "heat:s:o:", orders[user.id])
                await t.click(user, hand, "heat:b:go:")
        else:
            car = waiting.cars[0]
            prompt = await posted(t, f"heat:b:do:{race}:{state.version}:{car}.")
            choice = next(c for c in custom_ids(prompt) if c.endswith(CAUTIOUS) or SPEED in c)
            await (await t.fake.click(cars[car], prompt, choice)).done()
    return state.round


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_garage_and_weather_race_speaks_within_discords_limits(
    tmp_path: Path, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lobby, draft, hands (a Champion's suggestion says what its playouts found), prompts,
    boards, the race commands, the Hall of Fame, the export and the replay, all in one
    language: Discord refuses nothing."""
    monkeypatch.setenv("HEAT_CHAMPION_PLAYOUTS", "1")  # its words, not its strength
    async with table(tmp_path / "heat.sqlite3") as t:
        speak(t, locale)
        await t.start()
        await t.slash(
            t.alice,
            "heat new",
            track="great_britain",
            laps=1,
            seats=5,
            fill="ai",
            garage="both",
            weather=True,
            level="champion",
        )
        lobby = t.latest_with("heat:b:join:")
        await t.click(t.bob, lobby, "heat:b:join:")
        await t.slash(t.cleo, "heat join")
        await t.slash(t.cleo, "heat status")
        await t.click(t.alice, lobby, "heat:b:start:")
        await t.wait_started()
        for command in ("heat status", "heat board", "heat hand", "heat rules"):
            await t.slash(t.bob, command)
        await t.slash(t.cleo, "heat notify", how="dm")
        orders = {t.alice.id: ["live"], t.bob.id: ["boost", "slipstream"]}
        await drive_to_the_flag(t, [t.alice, t.bob, t.cleo], orders)
        flag = said_in(locale, "race_over")
        await t.fake.wait_for(lambda: any(flag in m.content for m in t.public()))
        for command in ("heat status", "heat export", "heat replay"):
            await t.slash(t.bob, command)
        nothing_refused(t)
        said = " ".join(m.content for m in t.public())
        fields = [f["name"] for m in t.public() for e in m.embeds for f in e.get("fields", [])]
        assert all(any(name in field for field in fields) for name in NAMES), "whole names"
        assert flag in said and (locale != "qps-ploc" or "[" in said)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_league_race_speaks_within_discords_limits(tmp_path: Path, locale: str) -> None:
    """A league from create to a scored race: draft, race, standings (table and chart),
    history, statistics and the season's schedule, all in one language."""
    async with table(tmp_path / "heat.sqlite3") as t:
        speak(t, locale)
        t.fake.grant_bot(t.guild, Permission.MANAGE_ROLES)
        await t.start()
        name = "Coppa Città di Montecatini Terme e della Valdinievole, 2027!"  # 60: the most
        created = await t.slash(
            t.alice,
            "league create",
            name=name,
            season="custom",
            tracks="espana:6,usa:3,espana:2",
            seats=4,
            fill="ai",
            timer=60,
        )
        assert not answer(created).ephemeral or "✅" in answer(created).content
        await t.slash(t.bob, "league join")
        await t.slash(t.cleo, "league schedule")
        await t.slash(t.alice, "league start-race")
        await draft(t)
        await drive_to_the_flag(t, [t.alice, t.bob], {})
        scored = said_in(locale, "league_recorded")
        await t.fake.wait_for(lambda: any(scored in m.content for m in t.public()))
        for command in ("league standings", "league history", "league schedule"):
            await t.slash(t.cleo, command)
        await t.slash(t.cleo, "heat stats", user=t.bob)
        nothing_refused(t)
        assert any(m.attachments for m in t.public()[-4:]), "the standings' pictures"
        threads = [thread.name for thread in t.threads()]
        assert threads and all(len(thread) <= 100 for thread in threads), threads


async def inline(fn: Any, *args: Any, **kwargs: Any) -> Any:
    return fn(*args, **kwargs)


def long_season(races: int) -> tuple[Any, list[Standing]]:
    """A league of ``races`` races run (its worst dropped), six drivers of 32-character names."""
    tracks = data.track_ids()
    season = SimpleNamespace(
        drop_worst=True,
        races=[SimpleNamespace(track=tracks[n % len(tracks)]) for n in range(races)],
        results=[object()] * races,
    )
    league = SimpleNamespace(id=7, season=season, record=SimpleNamespace(name="Coppa " * 5))
    names = (*NAMES, "W" * 32, "🏎🏁 Speedy González 🏁🏎 der Zwei!", "Ève")
    rows = [
        Standing(
            str(i),
            name,
            "red",
            None,
            200 - i,
            tuple((i + r) % 6 + 1 for r in range(races)),
            (9,) * races,
            bonuses=tuple(2 * (r % 3 == 0) for r in range(races)),
            dropped=1,
            totals=tuple(range(races + 1)),
        )
        for i, name in enumerate(names)
    ]
    return league, rows


@pytest.mark.parametrize("locale", ["en", *LOCALES])
@pytest.mark.parametrize("races", [7, 15, 40])
async def test_a_long_seasons_standings_post_within_a_message(
    locale: str, races: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The standings' words (one line a driver, every race on it) outgrow a message by
    fifteen races in English and by ten in the pseudo-language: they are cut after the
    drivers' lines that fit, with "…" (the picture beside them has every figure), and
    Discord takes the message."""
    monkeypatch.setattr(league_posts.cpu, "run", inline)
    league, rows = long_season(races)
    head = words.text("league_recorded", locale, race=races, name=league.record.name)
    message = await league_posts.standings_message(league, rows, locale, head)
    errors = FormErrors()
    validate_message_body({"content": message["content"]}, errors)
    errors.raise_if_any()
    whole = f"{head}\n{league_posts.standings_text(league, rows, locale)}"
    said = message["content"]
    assert said == whole or (said.endswith("\n…") and whole.startswith(said[:-1]))
    assert said.startswith(head) and len(message["files"]) == 2


async def test_a_thread_name_longer_than_discord_takes_ends_with_an_ellipsis() -> None:
    """A league's draft thread is named for its track and the league (60 characters at
    most): 96 in the pseudo-language; a language whose track names run longer still gets
    a thread, its name cut to Discord's 100 with "…"."""
    league = SimpleNamespace(
        season=SimpleNamespace(races=[SimpleNamespace(track="south_africa")] * 10),
        record=SimpleNamespace(name="Coppa Città di Montecatini Terme e della Valdinievole, 2027!"),
    )
    name = draft_thread_name(league, 10, "qps-ploc")  # type: ignore[arg-type]
    assert len(name) <= 100
    named: list[str] = []

    class Starter:
        async def create_thread(self, *, name: str, auto_archive_duration: int) -> object:
            named.append(name)
            return object()

    longer = name.replace("Šöûţĥ Åƒŕîċå", "Šöûţĥ Åƒŕîċå Ŕéþûƀļîċ")
    await start_thread(None, Starter(), longer)  # type: ignore[arg-type]
    assert len(longer) > 100 and named == [longer[:99] + "…"]
