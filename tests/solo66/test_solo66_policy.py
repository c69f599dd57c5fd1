"""The heuristic bot compiled (policy.pxi): it plays the Python bot's moves of the fixture, legal
moves only, the same for a seed, the same in every world its seat cannot tell apart; and its
playouts replay and stop at the first change of the returns (the end of a scored deal)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import garrison
from compiled_policy_checks import (
    random_states,
)
from garrison.games.solo66.rules import AUCTION, DISCARD, PLAY

FIXTURE_PATH = Path(__file__).parent / "fixtures" / "policy_moves.json"
FIXTURE = json.loads(FIXTURE_PATH.read_text())
OPTIONS = (
    {"deals": 5},
    {"deals": 2, "all_pass": "last_trick"},
    {"deals": 2, "scoring": "points"},
)


def test_the_fixture_was_made_by_the_python_bot_at_many_points():
    assert "5350637" in FIXTURE["made_by"] and FIXTURE["bot"] == "heuristic"
    assert sum(len(g["points"]) for g in FIXTURE["games"]) >= 2000
    assert {g["options"].get("all_pass") for g in FIXTURE["games"]} == {None, "last_trick"}
    assert {g["options"].get("scoring") for g in FIXTURE["games"]} == {None, "points"}


def test_the_fixture_covers_the_auction_the_discard_and_the_play():
    phases = set()
    for record in FIXTURE["games"]:
        state = garrison.load("solo66", **record["options"]).new_initial_state()
        for ply, _, _ in sorted(record["points"]):
            for action in record["history"][len(state.history()):ply]:
                state.apply_action(action)
            phases.add(state.phase)
    assert {AUCTION, DISCARD, PLAY} <= phases


def states(count: int, seed: int) -> list:
    """Player nodes of games across the options, played partly by the policy."""
    return list(random_states("solo66", list(OPTIONS), count, seed))


def test_no_peeking_the_move_is_the_same_in_every_world_of_the_seat():
    rng = random.Random(5)
    differs = 0
    for i, state in enumerate(states(200, 3)):
        seat = state.current_player()
        move = state.policy_action(i)
        for _ in range(4):
            world = state.resample(seat, rng)
            differs += world.hands != state.hands or world.talon != state.talon
            assert world.policy_action(i) == move
    assert differs > 300  # the worlds did deal the hidden cards otherwise


def test_a_playout_to_the_score_stops_where_the_returns_first_change():
    stopped_early = 0
    for i, state in enumerate(states(40, 7)):
        before = state.returns()
        end = state.policy_playout(i, 100000, True)
        played = end.history()[len(state.history()):]
        replay = state.clone()
        for action in played[:-1]:
            replay.apply_action(action)
            assert replay.returns() == before and not replay.is_terminal()
        replay.apply_action(played[-1])
        assert replay.returns() == end.returns()
        assert end.returns() != before or end.is_terminal()
        stopped_early += not end.is_terminal()
    assert stopped_early > 20  # most stopped at the end of a deal, before the match's end
