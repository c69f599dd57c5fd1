"""``CompiledState.replay_agreement``: a trusted record applied in C while counting how many of
the other players' decisions since the last chance event the compiled policy makes itself (the
count ISMCTS's ``infer`` reads by stepping back through a world)."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.bots.ismcts import MAX_BACK, _agreement
from random_play import play_randomly


class _Compiled:
    compiled = True


def _games_with_a_policy() -> list[str]:
    out = []
    for name in garrison.games():
        game = garrison.load(name, **garrison.game_class(name).bench_options)
        if game.new_initial_state().has_policy():
            out.append(name)
    return out


@pytest.mark.parametrize("name", _games_with_a_policy())
def test_replayed_with_counts_it_is_the_same_state_and_the_counts_are_the_step_back_ones(name):
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    for seed in range(4):
        state = play_randomly(game.new_initial_state(), random.Random(seed), 40 + 9 * seed)
        if state.is_terminal():
            continue
        for seat in range(game.num_players):
            fresh = game.new_initial_state()
            counts = fresh.replay_agreement(state.history(), seat, MAX_BACK)
            assert fresh == state
            stepped = _agreement(state, seat, _Compiled())
            assert counts == (stepped if stepped is not None else (0, 0))
            # the replayed state still undoes every action, as if applied one by one
            fresh.undo()
            assert fresh.history() == state.history()[:-1]


def test_back_limits_the_decisions_counted_and_must_not_be_negative():
    game = garrison.load("solo66", deals=1)
    state = play_randomly(game.new_initial_state(), random.Random(5), 50)
    seat = state.current_player()
    _, checked = game.new_initial_state().replay_agreement(state.history(), seat, MAX_BACK)
    assert checked > 3
    _, few = game.new_initial_state().replay_agreement(state.history(), seat, 3)
    assert 0 < few <= 3
    assert game.new_initial_state().replay_agreement(state.history(), seat, 0) == (0, 0)
    fresh = game.new_initial_state()
    with pytest.raises(ValueError, match="back must be 0 or more actions, not -1"):
        fresh.replay_agreement(state.history(), seat, -1)
    assert fresh.history() == []
