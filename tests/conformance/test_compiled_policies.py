"""Every game's rule-of-thumb bot is compiled (``_policy`` in its ``policy.pxi``), once for all
six games: it is the ``good`` level, a ``CompiledPolicyBot`` whose ``step`` is the policy with the
seeds of its stream; it plays every move the Python bot it replaced made at the recorded points
(``tests/<game>/fixtures/policy_moves.json``); its moves are legal, the same for a seed and
leave the state as it was; every world its seat cannot tell apart gets the same move; and its
playouts end in histories that replay. Each game's own ``test_<game>_policy.py`` keeps what is
particular to it (stops at a score, noise, setups, the solver)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import garrison
from compiled_policy_checks import (
    check_legal_deterministic_and_unchanged,
    check_no_peeking,
    check_playout_to_end,
    fixture_mismatches,
    random_states,
)
from garrison.bots import make_bot
from garrison.bots.levels import levels
from garrison.core import CompiledPolicyBot

TESTS = Path(__file__).resolve().parents[1]
GAMES = garrison.games()


def _tests_of(name: str) -> Path:
    """A game's tests folder: named as its package (1848's is revolution1848)."""
    return TESTS / garrison.game_class(name).__module__.split(".")[2]


def _presets(name: str) -> list[dict]:
    return [dict(c) for c in garrison.game_class(name).test_configs]


@pytest.mark.parametrize("name", GAMES)
def test_plays_every_recorded_move_of_the_python_bot_it_replaced(name):
    path = _tests_of(name) / "fixtures" / "policy_moves.json"
    count, wrong = fixture_mismatches(path, name)
    assert count >= 2000 and wrong == []


@pytest.mark.parametrize("name", GAMES)
def test_the_good_level_is_the_compiled_policy_and_steps_by_its_stream(name):
    state = next(random_states(name, _presets(name), 1, seed=1, max_plies=200))
    good = levels(state.game)["good"]
    bot = make_bot(state.game, good, state.current_player(), seed=7)
    assert isinstance(bot, CompiledPolicyBot) and state.has_policy()
    assert bot.step(state) == state.policy_action(bot.seed_at(0)) and bot.draws == 1


@pytest.mark.parametrize("name", GAMES)
def test_moves_are_legal_deterministic_and_leave_the_state_as_it_was(name):
    rng = random.Random(1)
    for state in random_states(name, _presets(name), 120, seed=2, max_plies=500):
        check_legal_deterministic_and_unchanged(state, rng)


@pytest.mark.parametrize("name", GAMES)
def test_every_world_of_the_seat_gets_the_same_move(name):
    rng = random.Random(3)
    for state in random_states(name, _presets(name), 100, seed=4, max_plies=500):
        check_no_peeking(state, rng)


@pytest.mark.parametrize("name", GAMES)
def test_playouts_end_in_histories_that_replay(name):
    rng = random.Random(5)
    for options in _presets(name):
        for state in random_states(name, [options], 2, seed=6, max_plies=60):
            check_playout_to_end(name, options, state, rng.getrandbits(64))
