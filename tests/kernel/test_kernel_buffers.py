"""The compiled kernel's buffers never lose anything silently: the legal ids of a node are listed
whole however many there are (the C paths included: the batched engine and random playouts), and
an event log that cannot grow makes the action raise and leaves the state as it was."""

from __future__ import annotations

import random

import numpy as np
import pytest

import garrison
from garrison.core.batch import CompiledTables
from garrison.core.compiled import CompiledState
from garrison.games.stratego import setups
from garrison.games.stratego.actions import CATALOGUE
from garrison.games.stratego.game import StrategoGame

#: More setups than the 512 legal ids a state keeps in itself: the kernel must grow its buffer.
LONG = 600


@pytest.fixture
def long_catalogue(monkeypatch):
    monkeypatch.setattr(setups, "HEURISTIC", LONG)
    game = StrategoGame(StrategoGame.Params(setup="whole"))
    assert game.num_distinct_actions > 512
    return game


def test_the_batched_engine_lists_a_long_node_whole(long_catalogue):
    tables = CompiledTables(long_catalogue, [np.random.default_rng(0)], False)
    _, mask, _, _, _, _, legal, _, _, _ = tables.view()
    assert list(legal) == long_catalogue.new_initial_state().legal_actions()
    assert len(legal) == LONG + 1 and legal[-1] == CATALOGUE + LONG - 1
    assert mask[0].sum() == LONG + 1 and mask[0, CATALOGUE + LONG - 1] == 1


def test_random_playouts_draw_from_the_whole_long_node(long_catalogue):
    state = long_catalogue.new_initial_state()
    firsts = {state.random_playout(seed, 1).history()[0] for seed in range(60)}
    assert firsts <= set(state.legal_actions())
    assert max(firsts) - CATALOGUE >= 512  # past what a buffer of 512 ids would have kept


def test_a_copy_of_a_long_node_lists_it_whole(long_catalogue):
    state = long_catalogue.new_initial_state()
    copy = state.clone()
    assert isinstance(copy, CompiledState)
    assert copy.legal_actions() == state.legal_actions() and len(copy.legal_actions()) == LONG + 1


def _a_state_about_to_log():
    """A Scopa state whose next action writes an event, and that action."""
    state = garrison.load("scopa", players=2).new_initial_state()
    rng = random.Random(4)
    while True:
        action = (garrison.sample_chance(state, rng) if state.is_chance_node()
                  else rng.choice(state.legal_actions()))
        if len(state.child(action).events()) > len(state.events()):
            return state, action
        state.apply_action(action)


def test_an_event_log_that_cannot_grow_raises_and_undoes_the_action():
    state, action = _a_state_about_to_log()
    before = state.clone()
    state._set_event_limit(len(state.events()))
    with pytest.raises(MemoryError, match="event log"):
        state.apply_action(action)
    assert state == before and state.history() == before.history()
    assert state.events() == before.events()
    copy = state.clone()  # copies keep the limit
    with pytest.raises(MemoryError):
        copy.apply_action(action)
    state._set_event_limit(2**31 - 1)
    state.apply_action(action)
    assert len(state.events()) > len(before.events())


def test_an_event_limit_outside_its_range_is_refused():
    state = garrison.load("scopa", players=2).new_initial_state()
    with pytest.raises(ValueError, match="event limit"):
        state._set_event_limit(-1)
    with pytest.raises(ValueError, match="event limit"):
        state._set_event_limit(2**31)
