"""The weather module: its data, the setup draws and effects, chicanes, and the notation."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import data
import engine
from data.loader import DataError, load_file
from data.models import Track, WeatherModule
from engine import Options, RaceState
from engine.ai.cards import unseen_cards
from engine.cards import HEAT, STRESS
from engine.conditions import corner_limit, draw_weather, sector_effect, weather_problem
from engine.course import Course
from engine.errors import NotationError
from engine.forecast import forecast, next_corner
from engine.notation import dump_state, load_state, state_json
from engine.scenario import run_scenario
from engine.state import Weather
from tests.support.paths import RULEBOOK, SAMPLE_RACE, SCENARIO_FOLDER
from tests.support.playout import entrants


def quoted(rule: str, source: str = "weather-and-road-conditions.txt") -> str:
    """The rule, after checking that the rulebook says it word for word."""
    text = re.sub(r"\s+", " ", (RULEBOOK / source).read_text(encoding="utf-8"))
    assert re.sub(r"\s+", " ", rule) in text, rule
    return rule


def race_with(card: str, track: str = "usa") -> RaceState:
    """The first seeded two-car race whose setup draws ``card``."""
    for seed in range(500):
        state, _ = engine.new_race(
            track, entrants(["human", "human"]), seed, options=Options(weather=True)
        )
        assert state.weather is not None
        if state.weather.card == card:
            return state
    raise AssertionError(f"no seed below 500 draws {card}")


def chicane_track() -> Track:
    """USA with its corners 33 and 49 (both limit 3) made a chicane, as expansion tracks mark."""
    document = data.track("usa").model_dump(mode="json")
    document["corners"][1] |= {"chicane_with": 2, "chicane_role": "first"}
    document["corners"][2] |= {"chicane_with": 1, "chicane_role": "second"}
    return Track.model_validate(document)


def test_six_weather_cards_and_twelve_tokens() -> None:
    """ "12 road tokens (2 each of 6)"; the weather card is one of 6."""
    quoted("12 road tokens (2 each of 6)")
    module = data.weather()
    assert [card.id for card in module.weather_cards] == [
        "cloud",
        "fog",
        "storm",
        "snow",
        "rain",
        "sun",
    ]
    assert Counter(module.token_pool) == {token.id: 2 for token in module.road_conditions}
    assert len(module.token_pool) == 12


def test_a_bad_weather_file_is_named(tmp_path: Path) -> None:
    """A sector token without its effect fails loudly, naming the file and the field."""
    document = json.loads((Path(data.__file__).parent / "weather.json").read_text())
    del document["road_conditions"][0]["sector_effect"]
    bad = tmp_path / "weather.json"
    bad.write_text(json.dumps(document))
    with pytest.raises(DataError, match=r"weather\.json: field road_conditions\.0"):
        load_file(bad, WeatherModule)


@pytest.mark.parametrize(
    ("card", "rule", "engine_heat", "stress", "deck_heat", "discard"),
    [
        ("cloud", "Each player removes 1 Stress card from the deck.", 6, 2, 1, ()),
        ("fog", "Each player places 1 extra Heat card in the Engine.", 7, 3, 1, ()),
        ("storm", "Each player shuffles 1 extra Stress card into the deck.", 6, 4, 1, ()),
        ("snow", "Each player removes 1 Heat card from the Engine.", 5, 3, 1, ()),
        (
            "rain",
            "Each player takes 3 of the Heat cards meant for the Engine and shuffles them into"
            " the draw deck instead.",
            3,
            3,
            4,
            (),
        ),
        (
            "sun",
            "Each player takes 3 of the Heat cards meant for the Engine and places them in the"
            " discard pile instead.",
            3,
            3,
            1,
            (HEAT,) * 3,
        ),
    ],
)
def test_weather_card_setup_effect(
    card: str,
    rule: str,
    engine_heat: int,
    stress: int,
    deck_heat: int,
    discard: tuple[str, ...],
) -> None:
    """Each weather card changes every driver's Heat and Stress (USA: 6 Heat, 3 Stress)."""
    quoted(rule)
    state = race_with(card)
    for car in state.cars:
        cards = Counter(car.hand + car.deck)
        assert car.engine == engine_heat
        assert cards[STRESS] == stress
        assert cards[HEAT] == deck_heat  # the starting Heat upgrade, and Rain's 3
        assert car.discard == discard


def test_the_draws_come_from_the_seed() -> None:
    """Same seed, same weather; the option off draws nothing and changes no deck."""
    on = [
        engine.new_race("france", entrants(["human"] * 3), 9, options=Options(weather=True))[0]
        for _ in range(2)
    ]
    assert on[0] == on[1]
    off, _ = engine.new_race("france", entrants(["human"] * 3), 9)
    assert off.weather is None
    assert all(car.engine == 6 and not car.discard for car in off.cars)
    seen = {
        engine.new_race("usa", entrants(["human"]), seed, options=Options(weather=True))[0].weather
        for seed in range(40)
    }
    assert len({weather.card for weather in seen if weather is not None}) == 6


@pytest.mark.parametrize("track_id", data.track_ids())
def test_one_token_per_corner_from_the_twelve(track_id: str) -> None:
    """ "place 1 face up at each corner of the track, in lap order; the remaining tokens are
    not used." """
    quoted("place 1 face up at each corner of the track, in lap order; the remaining tokens")
    track = data.track(track_id)
    for seed in range(30):
        weather = draw_weather(track, seed, 1)
        assert len(weather.tokens) == len(track.corners)
        drawn = [
            t
            for t, c in zip(weather.tokens, track.corners, strict=True)
            if c.chicane_role != "second"
        ]
        assert max(Counter(drawn).values()) <= 2
        assert weather_problem(track, weather) is None


def test_a_chicane_shares_one_token() -> None:
    """A chicane gets ONE token, drawn once: both of its lines name it."""
    quoted("A chicane (two corner lines, see tracks.json chicane_with) gets ONE token")
    track = chicane_track()
    for seed in range(40):
        weather = draw_weather(track, seed, 1)
        assert weather.tokens[1] == weather.tokens[2]
        placed = weather.tokens[:2] + weather.tokens[3:]
        assert max(Counter(placed).values()) <= 2
        assert weather_problem(track, weather) is None
    split = Weather("cloud", ("overheat", "heat_control", "weather", "overheat"))
    assert weather_problem(track, split) == "the chicane at 49 shares its first line's token"


def test_a_chicane_corner_token_applies_to_both_lines() -> None:
    """ "a corner token applies to both of its lines" """
    quoted("a corner token applies to both of its lines")
    here = Course(chicane_track(), 1)
    weather = Weather(
        "cloud", ("overheat", "speed_limit_minus_1", "speed_limit_minus_1", "weather")
    )
    limits = [corner_limit(weather, here, line) for line in here.lines[:4]]
    assert limits == [7, 2, 2, 2]


def test_a_chicane_sector_token_applies_after_its_second_line() -> None:
    """ "a sector token applies to the sector after the chicane's second line (the short
    stretch between the two lines gets none)" (the rulebook: "the sector symbol modifies the
    sector after the chicane's second line")."""
    quoted(
        "the sector symbol modifies the sector after the chicane's second line", "rules-full-en.txt"
    )
    quoted("(the short stretch between the two lines gets none)")
    here = Course(chicane_track(), 1)
    weather = Weather("storm", ("overheat", "slipstream_plus_1", "slipstream_plus_1", "weather"))
    assert [sector_effect(weather, here, space) for space in (20, 34, 49, 50, 57)] == [
        None,
        None,
        None,
        "slipstream_plus_1",
        "slipstream_plus_1",
    ]
    # The sector of the last corner wraps round to the first: the grid lies in it.
    assert [sector_effect(weather, here, space) for space in (58, 69, 0, 12)] == [
        "slipstream_plus_2"
    ] * 4


BASE_FILES = [
    path
    for path in sorted(SCENARIO_FOLDER.glob("*.json"))
    if "weather" not in json.loads(path.read_text())["scenario"]
] + [SAMPLE_RACE]


@pytest.mark.parametrize("path", BASE_FILES, ids=[p.stem for p in BASE_FILES])
def test_base_game_files_replay_without_weather(path: Path) -> None:
    """Every heat-race/1 file without the module still replays, and writes no weather."""
    document = json.loads(path.read_text())
    try:
        result = run_scenario(json.dumps(document.get("scenario", document)))
    except (engine.RulesError, NotationError) as refused:
        assert "error" in document["expect"], str(refused)
        return
    assert "weather" not in result["state"]
    assert "weather" not in result["state"]["options"]
    assert load_state(json.dumps(result["state"])).weather is None


def test_the_notation_keeps_the_weather() -> None:
    """The weather card and tokens round-trip; a base race writes neither field."""
    state = race_with("rain")
    text = dump_state(state)
    assert load_state(text) == state
    assert json.loads(text)["weather"]["card"] == "rain"
    base, _ = engine.new_race("usa", entrants(["human"]), 3)
    assert "weather" not in state_json(base)
    assert "weather" not in state_json(base)["options"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"weather": None}, "options.weather and the weather field come together"),
        ({"options": {"weather": False}}, "options.weather and the weather field come together"),
        ({"weather": {"card": "hail", "tokens": []}}, "unknown weather card 'hail'"),
        (
            {"weather": {"card": "sun", "tokens": ["overheat"] * 3 + ["ice"]}},
            "unknown road-condition token 'ice'",
        ),
        (
            {"weather": {"card": "sun", "tokens": ["overheat", "weather"]}},
            "usa has 4 corner lines, not 2 tokens",
        ),
        (
            {"weather": {"card": "sun", "tokens": ["overheat"] * 3 + ["weather"]}},
            "there are only 2 'overheat' tokens",
        ),
    ],
)
def test_impossible_weather_is_refused_in_one_line(change: dict[str, object], message: str) -> None:
    """A notation file with impossible weather is refused, naming what is wrong."""
    document = state_json(race_with("fog")) | change
    with pytest.raises(NotationError, match=re.escape(message)) as refused:
        load_state(json.dumps(document))
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("token", "limit", "heat"),
    [("speed_limit_minus_1", 2, 2), ("speed_limit_plus_1", 4, 0), ("overheat", 3, 2)],
)
def test_the_hand_forecast_reads_the_road_conditions(token: str, limit: int, heat: int) -> None:
    """The forecast shows a corner's limit and cost with its token (Speed 4 over corner 33)."""
    state = race_with("cloud")
    state.weather = Weather("cloud", ("heat_control", token, "weather", "slipstream_plus_1"))
    car = state.edit_car(state.cars[0].id)
    car.space = 31
    view = engine.view_for(state, car.id)
    outcome = forecast(view, view.car(car.id), ("2", "2"))
    assert [(cost.space, cost.limit, cost.heat_high) for cost in outcome.corners] == [
        (33, limit, heat)
    ]
    assert next_corner(view, view.car(car.id)) == (33, limit)


@pytest.mark.parametrize("card", ["cloud", "fog", "storm", "snow", "rain", "sun"])
def test_the_ai_counts_its_unseen_cards_as_the_weather_dealt_them(card: str) -> None:
    """At the start the AI's unseen cards are exactly its deck and discard pile."""
    state = race_with(card)
    for car in state.cars:
        view = engine.view_for(state, car.id)
        unseen = unseen_cards(state.track, view.car(car.id), view.weather)
        assert unseen == Counter(car.deck + car.discard)


@pytest.mark.parametrize("track_id", data.track_ids())
def test_every_space_lies_in_the_sector_of_the_corner_behind_it(track_id: str) -> None:
    """ "with a corner at position p and the next at p2, spaces p+1 .. p2" (wrapping round)."""
    quoted("with a corner at position p and the next at p2, spaces p+1 .. p2")
    track = data.track(track_id)
    here = Course(track, 2)
    kinds = ("heat_control", "slipstream_plus_1", "weather")
    tokens: list[str] = []
    for i, corner in enumerate(track.corners):
        tokens.append(tokens[-1] if corner.chicane_role == "second" else kinds[i % 3])
    weather = Weather("fog", tuple(tokens))
    effect = {"heat_control": "free_boost", "slipstream_plus_1": "slipstream_plus_1"}
    positions = track.corner_positions
    for space in range(-3, 2 * track.spaces_per_lap + 1):
        lap_space = (space - 1) % track.spaces_per_lap + 1
        behind = [i for i, p in enumerate(positions) if p < lap_space] or [len(positions) - 1]
        corner = track.corners[behind[-1]]
        # A chicane's sector token applies only after its second line.
        wanted = (
            None
            if corner.chicane_role == "first"
            else effect.get(tokens[behind[-1]], "no_slipstream")
        )
        assert sector_effect(weather, here, space) == wanted, space
