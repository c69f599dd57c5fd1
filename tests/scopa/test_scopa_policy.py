"""The greedy bot compiled (policy.pxi): it plays the Python bot's moves of the fixture, legal
moves only, the same for a seed, the same in every world its seat cannot tell apart; and its
playouts replay and stop at the first change of the returns."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from scopa_helpers import load

from garrison.bots import make_bot
from garrison.core import CompiledPolicyBot

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "policy_moves.json").read_text())
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


def test_the_compiled_bot_plays_every_move_of_the_fixture():
    wrong = []
    for record in FIXTURE["games"]:
        state = load(**record["options"]).new_initial_state()
        points = {ply: (seat, move) for ply, seat, move in record["points"]}
        for ply, action in enumerate(record["history"]):
            if ply in points:
                seat, move = points[ply]
                assert state.current_player() == seat
                got = state.policy_action(ply)
                if got != move:
                    wrong.append((record["options"], ply, move, got))
            state.apply_action(action)
    assert wrong == []


def random_states(count: int, seed: int):
    """Player nodes of random games across the options (every seat played at random)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = load(**rng.choice(OPTIONS)).new_initial_state()
        stop = rng.randrange(1, 400)
        while not state.is_terminal() and len(state.history()) < stop:
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and not state.is_chance_node():
            out.append(state)
    return out


def test_moves_are_legal_and_a_seed_gives_the_same_move():
    for i, state in enumerate(random_states(300, 1)):
        move = state.policy_action(i)
        assert move in state.legal_actions()
        assert state.policy_action(i) == move
        assert state.policy_action(i + 10**6) == move  # greedy draws no ties


def test_the_bot_is_the_compiled_policy():
    game = load(players=2)
    bot = make_bot(game, "greedy", 0, seed=3)
    assert isinstance(bot, CompiledPolicyBot)
    state = random_states(1, 2)[0]
    assert state.has_policy()
    bot.seat = state.current_player()
    assert bot.step(state) == state.policy_action(99)


def test_no_peeking_the_move_is_the_same_in_every_world_of_the_seat():
    rng = random.Random(5)
    differs = 0
    for i, state in enumerate(random_states(200, 3)):
        seat = state.current_player()
        move = state.policy_action(i)
        for _ in range(4):
            world = state.resample(seat, rng)
            if world.hands != state.hands:
                differs += 1
            assert world.policy_action(i) == move
    assert differs > 100  # the worlds did hide other cards


@pytest.mark.parametrize("options", OPTIONS)
def test_a_playout_to_the_end_replays(options):
    game = load(**options, target=3)
    for seed in range(3):
        state = game.new_initial_state()
        end = state.policy_playout(seed, 100000)
        assert end.is_terminal() and state.history() == []
        replay = game.new_initial_state()
        for action in end.history():
            replay.apply_action(action)  # checked: every action legal
        assert replay.is_terminal() and replay.returns() == end.returns()
        assert replay.scores == end.scores


def test_a_playout_to_the_score_stops_where_the_returns_first_change():
    # Scopa's returns are the game's result: they change at its end only
    for state in random_states(20, 7):
        before = state.returns()
        end = state.policy_playout(11, 100000, True)
        assert end.is_terminal() and end.returns() != before
        short = state.policy_playout(11, 5, True)
        assert short.history() == end.history()[:len(state.history()) + 5]
