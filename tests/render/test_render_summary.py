"""What the panel reports comes straight from the round's events and the view."""

from __future__ import annotations

import json

import engine
from engine.events import (
    CarMoved,
    CooledDown,
    Eliminated,
    Event,
    Finished,
    GaveUp,
    HeatPaid,
    PlanMade,
    RoundStarted,
    SponsorGained,
    SpunOut,
    TurnEnded,
)
from engine.notation import load_state
from engine.view import RaceView
from render.field import car_labels, laps_done, running_order
from render.round_summary import last_round, summarize_round


def view_of(cars: list[dict[str, object]], laps: int = 2) -> RaceView:
    """A spectator's view of Legends placed as given (Legends need no cards)."""
    doc = {
        "notation": "heat-race/1",
        "track": "usa",
        "laps": laps,
        "seed": 1,
        "round": 3,
        "cars": [{"kind": "legend", "color": "red", "finished": None} | car for car in cars],
    }
    return engine.view_for(load_state(json.dumps(doc)), None)


def test_a_cars_round_adds_up_its_moves_heat_and_speed() -> None:
    """Heat paid sums, slipstream counts the spaces it gave, Speed is the turn's."""
    events: list[Event] = [
        CarMoved("A", "cards", 3, 1, 9, 0, False),
        HeatPaid("A", 1, "boost"),
        CarMoved("A", "boost", 9, 0, 11, 0, False),
        CarMoved("A", "slipstream", 11, 0, 13, 1, False),
        HeatPaid("A", 2, "corner"),
        CooledDown("A", 1),
        TurnEnded("A", 10),
    ]
    car = summarize_round(events).of("A")
    assert car.start == (3, 1)
    assert car.reach == (13, 1)
    assert car.heat_paid == 3
    assert car.cooled == 1
    assert car.slipstream == 2
    assert car.speed == 10
    assert car.moved and car.spun_out is None


def test_a_spin_out_keeps_the_farthest_spot_reached() -> None:
    """The car reached past the corner, then was put back before it."""
    events: list[Event] = [CarMoved("B", "cards", 5, 0, 16, 0, False), SpunOut("B", 12, 2, 12, 1)]
    car = summarize_round(events).of("B")
    assert car.reach == (16, 0)
    assert car.spun_out == SpunOut("B", 12, 2, 12, 1)


def test_a_championship_round_counts_sponsors_won_and_who_left() -> None:
    """Sponsors from a press corner and an event add up; giving up or elimination is kept."""
    events: list[Event] = [
        SponsorGained("A", 2, "press", 33),
        SponsorGained("A", 1, "speed_record"),
        GaveUp("B", 4),
        Eliminated("C", 3),
    ]
    summary = summarize_round(events)
    assert summary.of("A").sponsors == 3 and summary.of("A").left is None
    assert summary.of("B").left == GaveUp("B", 4)
    assert summary.of("C").left == Eliminated("C", 3)


def test_a_blocked_car_did_not_move_and_a_silent_car_did_nothing() -> None:
    """A move that ends where it began is no move; a car without events has an empty round."""
    summary = summarize_round([CarMoved("C", "cards", 7, 1, 7, 1, True), Finished("D", 1)])
    assert not summary.of("C").moved
    assert summary.of("D").finished == 1
    assert summary.of("E").start is None


def test_the_closing_round_started_names_the_round_shown() -> None:
    """Events closed by the start of round 6 are round 5's."""
    assert summarize_round([TurnEnded("A", 4), RoundStarted(None, 6, ("A",))]).round == 5
    assert summarize_round([TurnEnded("A", 4)]).round is None


def test_last_round_is_the_last_one_with_turns() -> None:
    """Once the new round has turns it is shown; before that, the round it closed."""
    round_four: list[Event] = [TurnEnded("A", 3), RoundStarted(None, 5, ("A",))]
    planning: list[Event] = [PlanMade("A")]
    round_five: list[Event] = [TurnEnded("A", 6)]
    history: list[Event] = [TurnEnded("A", 2), RoundStarted(None, 4, ("A",)), *round_four]
    assert last_round(history) == round_four
    assert last_round(history + planning) == round_four
    assert last_round(history + planning + round_five) == planning + round_five
    assert last_round(round_five) == round_five


def test_running_order_puts_finishers_first_then_the_leaders() -> None:
    """Hall of Fame places first; then farther ahead, and the race line ahead on a space."""
    view = view_of(
        [
            {"id": "A", "space": 20, "spot": 1},
            {"id": "B", "space": 20, "spot": 0},
            {"id": "C", "space": 150, "spot": 0, "finished": 2},
            {"id": "D", "space": 140, "spot": 0, "finished": 1},
            {"id": "E", "space": 31, "spot": 0},
        ]
    )
    assert [car.id for car in running_order(view)] == ["D", "C", "E", "B", "A"]


def test_running_order_lists_a_car_eliminated_by_event_10_last() -> None:
    """An eliminated car is off the track with no place: after the cars still racing, even
    where it stood ahead of them."""
    human = {"kind": "human", "gear": 1, "engine": 0, "hand": [], "deck": [], "discard": []}
    cars = [
        {"id": "A", "color": "red", "space": 40, "spot": 0, "finished": None} | human,
        {"id": "B", "color": "blue", "kind": "legend", "space": 20, "spot": 0, "finished": None},
        {"id": "C", "color": "green", "kind": "legend", "space": 150, "spot": 0, "finished": 1},
    ]
    doc = {"notation": "heat-race/1", "track": "usa", "laps": 2, "seed": 1, "round": 3}
    doc |= {"cars": cars, "championship": {"event": 10, "eliminated": ["A"]}}
    view = engine.view_for(load_state(json.dumps(doc)), None)
    assert [car.id for car in running_order(view)] == ["C", "B", "A"]
    assert view.car("A").eliminated and not view.car("A").racing


def test_laps_done_counts_completed_laps() -> None:
    """On lap 2 one lap is done; a finished car has done them all."""
    view = view_of(
        [
            {"id": "A", "space": 0, "spot": 0},
            {"id": "B", "space": 70, "spot": 0},
            {"id": "C", "space": 150, "spot": 0, "finished": 1},
        ]
    )
    assert [laps_done(view, car) for car in view.cars] == [0, 1, 2]


def test_labels_are_short_ids_or_numbers() -> None:
    """Ids of one or two characters label their cars; longer ids give numbers in car order."""
    short = view_of([{"id": "A", "space": 1, "spot": 0}, {"id": "7", "space": 2, "spot": 0}])
    assert car_labels(short) == {"A": "A", "7": "7"}
    long = view_of([{"id": "ada", "space": 1, "spot": 0}, {"id": "B", "space": 2, "spot": 0}])
    assert car_labels(long) == {"ada": "1", "B": "2"}
