"""The greedy bot compiled (policy.pxi): it plays the Python bot's moves of the fixture, legal
moves only, the same for a seed, the same in every world its seat cannot tell apart; and its
playouts replay and stop at the first change of the returns."""

from __future__ import annotations

import json
import random
from pathlib import Path

from compiled_policy_checks import (
    random_states,
)

FIXTURE_PATH = Path(__file__).parent / "fixtures" / "policy_moves.json"
FIXTURE = json.loads(FIXTURE_PATH.read_text())
OPTIONS = (
    {"players": 2},
    {"players": 3, "napola": True, "re_bello": True, "must_capture": False},
    {"players": 4, "fewest_cards": True},
    {"players": 6, "ace_takes_all": True, "ace_scopa": True, "must_capture": False},
    {"players": 4, "deal": "scopone", "must_capture": False},
    {"players": 2, "deal": "all", "values": 5, "suits": 4, "aside": 4},
)


def test_the_fixture_was_made_by_the_python_bot_at_many_points():
    assert "5350637" in FIXTURE["made_by"] and FIXTURE["bot"] == "greedy"
    assert sum(len(g["points"]) for g in FIXTURE["games"]) >= 2000
    assert {g["options"]["players"] for g in FIXTURE["games"]} == {2, 3, 4, 6}


def states(count: int, seed: int) -> list:
    """Player nodes of games across the options, played partly by the policy."""
    return list(random_states("scopa", list(OPTIONS), count, seed))


def test_no_peeking_the_move_is_the_same_in_every_world_of_the_seat():
    rng = random.Random(5)
    differs = 0
    for i, state in enumerate(states(200, 3)):
        seat = state.current_player()
        move = state.policy_action(i)
        for _ in range(4):
            world = state.resample(seat, rng)
            if world.hands != state.hands:
                differs += 1
            assert world.policy_action(i) == move
    assert differs > 100  # the worlds did hide other cards


def test_a_playout_to_the_score_stops_where_the_returns_first_change():
    # Scopa's returns are the game's result: they change at its end only
    for state in states(20, 7):
        before = state.returns()
        end = state.policy_playout(11, 100000, True)
        assert end.is_terminal() and end.returns() != before
        short = state.policy_playout(11, 5, True)
        assert short.history() == end.history()[:len(state.history()) + 5]
