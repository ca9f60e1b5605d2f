"""Names in the reader's language: tracks, weather cards and championship event cards by
one catalog entry each (``track_<id>``, ``weather_card_<id>``, ``event_<id>_title``), a
picture and a message saying the same name; the bot's own drivers ("AI red", "Legend
blue"); the permissions a server must grant."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest

import data
import engine
from bot.discord.league_nights import race_event
from bot.discord.race_lines import board_embed, podium_text
from bot.discord.texts import HeatTranslator, fill_name, permission_names, shown_name
from bot.discord.threads import NoThread
from bot.service.league_values import League
from bot.service.race_seats import COLOURS, with_fill
from bot.storage import LeagueRecord, LeagueSettings, LeagueStatus, Member, RaceConfig, Seat
from bot.storage.models import Fill
from data import words
from engine.season import SeasonConfig, new_season
from engine.state import Options, Weather
from render import board_image
from render.road import token_label, weather_line
from render.text import boxes_drawn
from render.track_layer import track_layer
from tests.support.playout import entrants


def test_every_track_and_weather_card_is_named_and_english_as_its_data_file() -> None:
    """English reads as the data names it; Italian has its own name for each."""
    for track_id in data.track_ids():
        assert words.track_name(track_id, "en") == data.track(track_id).name
        assert words.track_name(track_id, "it") == words.text(f"track_{track_id}", "it")
    for card in data.weather().weather_cards:
        assert words.weather_card_name(card.id, "en") == card.name
        assert words.weather_card_name(card.id, "it") == words.text(f"weather_card_{card.id}", "it")
    italian = [words.track_name(track, "it") for track in ("italy", "great_britain", "nederland")]
    assert italian == ["Italia", "Gran Bretagna", "Paesi Bassi"]
    assert words.weather_card_name("fog", "it") == "Nebbia"


def test_an_italian_board_and_its_message_name_the_track_and_weather_alike() -> None:
    """The board's heading and the board message's title both say "Italia"; the weather
    card's line in the key, its tag on the track and the message's weather field say "Nebbia"."""
    state = engine.new_race("italy", entrants(["human"] * 3), 2, options=Options(weather=True))[0]
    state.weather = Weather("fog", tuple(["weather"] * len(data.track("italy").corners)))
    track_layer.cache_clear()
    with boxes_drawn() as boxes:
        board_image(engine.view_for(state, None), locale="it")
    drawn = [text for text, _ in boxes]
    embed = board_embed(state, {}, "it")
    assert embed.title is not None and embed.title.startswith("Italia ")
    assert any(text.startswith("Italia ") for text in drawn), drawn
    line = weather_line(state.weather, "it")
    assert "Nebbia" in line and line in drawn
    assert "Nebbia" in drawn, "the Weather token's tag names the card"
    assert embed.fields[-1].value == line
    assert not [text for text in drawn if "Italy" in text or "Fog" in text]


def test_sector_tags_are_said_in_italian() -> None:
    """A sector token's tag and an Overheat's extra Heat come from the catalogs (tag_*)."""
    weather = Weather("storm", ())
    tags = {
        token.id: token_label(token, weather, "it")
        for token in data.weather().road_conditions
        if token.applies_to == "sector" or token.overheat
    }
    assert tags == {
        "weather": "Tempesta",
        "overheat": "+1 Heat",
        "heat_control": "Boost gratis",
        "slipstream_plus_1": "Scia +1",
    }


@pytest.mark.parametrize(("locale", "said"), [(discord.Locale.italian, "Italia")])
async def test_the_track_choice_of_heat_new_is_the_tracks_own_entry(
    locale: discord.Locale, said: str
) -> None:
    """``/heat new``'s track choice shows the same name the messages say; English as written."""
    translator = HeatTranslator()
    context = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.choice_name, None
    )
    italy = discord.app_commands.locale_str("Italy", key="track_italy")
    assert await translator.translate(italy, locale, context) == said
    for other in (discord.Locale.american_english, discord.Locale.german):
        assert await translator.translate(italy, other, context) is None


@pytest.mark.parametrize("fill", ["legends", "ai"])
def test_the_bots_own_drivers_are_named_in_the_readers_language(fill: Fill) -> None:
    """The names a race gives its Legends and AI cars ("Legend red", stored in English) read
    as English says them and in Italian ("Leggenda rossa", "IA blu"); a person's name, or a
    name that is not the car's own, stays as it is."""
    config = RaceConfig(track="usa", laps=1, seats=6, fill=fill, timer_seconds=60)
    seats = with_fill([], config)
    assert {seat.color for seat in seats} == set(COLOURS)
    for seat in seats:
        assert seat.name == fill_name(seat.kind, seat.color, "en")
        assert shown_name(seat.name, seat.color, "en-US") == seat.name
    italian = {shown_name(seat.name, seat.color, "it") for seat in seats}
    noun = "Leggenda" if fill == "legends" else "IA"
    colours = ("rossa", "blu", "verde", "gialla", "nera", "grigia")
    assert italian == {f"{noun} {colour}" for colour in colours}
    assert shown_name("AI red", "blue", "it") == "AI red"
    assert shown_name("Ada", "red", "it") == "Ada"


def test_an_italian_result_names_the_ai_cars_in_italian() -> None:
    """The race's result line in Italian: "1. Ada · 2. IA blu"."""
    state = engine.new_race("usa", entrants(["human", "ai"]), 1)[0]
    state.cars[0].finished, state.cars[1].finished = 1, 2
    seats = [
        Seat(car_id="A", user_id=1, kind="human", name="Ada", color="red"),
        Seat(car_id="B", user_id=None, kind="ai", name="AI blue", color="blue"),
    ]
    assert podium_text(state, seats, "it") == "1. Ada · 2. IA blu"
    assert podium_text(state, seats, "en") == "1. Ada · 2. AI blue"


def test_missing_permissions_are_named_as_the_servers_settings_name_them() -> None:
    """A thread refused, or a channel the bot cannot race in, names the permissions in the
    reader's language; view_channel and its alias read_messages are named once."""
    refused = NoThread("create_public_threads", "send_messages_in_threads")
    assert refused.said("en-US") == "Create Public Threads, Send Messages in Threads"
    assert refused.said("it") == "Crea thread pubblici, Invia messaggi nei thread"
    assert permission_names(["view_channel", "read_messages", "attach_files"], "it") == (
        "Visualizza i canali, Allega file"
    )


def test_every_championship_event_card_is_named_and_said_in_each_language() -> None:
    """An event card's title and rule come from ``event_<id>_title`` and ``event_<id>_summary``:
    English titles as the cards print them (data/championship.json), Italian its own words."""
    for card in data.championship().events:
        assert words.event_title(card.id, "en") == card.title
        italian = words.event_title(card.id, "it"), words.event_summary(card.id, "it")
        assert italian == (
            words.text(f"event_{card.id}_title", "it"),
            words.text(f"event_{card.id}_summary", "it"),
        )
        assert italian[0] != card.title and italian[1] != words.event_summary(card.id, "en")
    assert words.event_title(3, "it") == "Sciopero dei piloti"
    assert "BGA" not in " ".join(
        words.event_summary(c.id, "en") for c in data.championship().events
    )


def test_an_italian_server_s_discord_event_names_the_event_card_in_italian() -> None:
    """The Discord event of a league race on an Italian server says the card's title and
    rule in Italian (the race's description, where a player reads what is special tonight)."""
    settings = LeagueSettings(timer_seconds=600)
    record = LeagueRecord(1, 10, 20, "Coppa", LeagueStatus.ACTIVE, settings, 1, 0.0, None, 0)
    league = League(record, [Member(1, "A", "Alice")], new_season(SeasonConfig.preset(1961), [], 1))
    when = datetime(2027, 1, 20, 20, 0, tzinfo=UTC)
    event = race_event(league, 3, "it", "#gare", when)
    card = league.season.races[2].event
    assert words.event_title(card, "it") in event.description
    assert words.event_summary(card, "it") in event.description
    assert data.championship().event(card).title not in event.description
    assert event.name == "Coppa — gara 3: Italia"
