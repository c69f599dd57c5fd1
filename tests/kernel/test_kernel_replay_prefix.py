"""``CompiledState.apply_legal_prefix`` (replay's loop in C) and ``change_count``: the prefix
stops at the first entry ``apply_action`` would refuse, and replay still names that entry."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison import RecordError
from random_play import play_randomly


def _record(name: str, seed: int = 0) -> dict:
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    rng = random.Random(seed)
    return play_randomly(game.new_initial_state(), rng, 60).to_record()


@pytest.mark.parametrize("name", garrison.games())
def test_the_prefix_applies_what_apply_action_would_and_stops_at_the_first_other(name):
    record = _record(name)
    actions = record["actions"]
    game = garrison.load(name, **record["options"])
    whole = game.new_initial_state()
    assert whole.apply_legal_prefix(list(actions)) == len(actions)
    assert whole == garrison.replay(record)
    cut = len(actions) // 2
    for bad in (True, 2.0, "3", 10**12, -(10**12), 10**6):
        state = game.new_initial_state()
        assert state.apply_legal_prefix([*actions[:cut], bad, *actions[cut:]]) == cut
        assert state.history() == actions[:cut]
        with pytest.raises(RecordError, match=f"#{cut}"):
            garrison.replay(dict(record, actions=[*actions[:cut], bad]))


def test_change_count_moves_with_every_change_and_a_copy_counts_its_own():
    state = garrison.load("gambit").new_initial_state()
    seen = {state.change_count()}
    state.apply_action(state.legal_actions()[0])
    seen.add(state.change_count())
    state.undo()
    seen.add(state.change_count())
    assert len(seen) == 3
    before = state.change_count()
    with pytest.raises(garrison.GameError):
        state.apply_action(10**6)  # refused before anything changes: the same node
    assert state.change_count() == before
    assert state.clone().change_count() == 0
