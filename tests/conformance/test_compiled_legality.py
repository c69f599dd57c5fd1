"""A compiled game's one-action legality check (``CompiledState._is_legal``, which ``apply_action``,
``apply_legal_prefix`` (``garrison.replay``) and the batched engine ask) says yes exactly to the ids
``legal_actions()`` lists: games decide one id without listing the node (Soldateska, Solo 66,
Scopa, 1848, Stratego at some nodes), so each is held to its own list here, at random nodes of
random games, for every id of the action space and chance outcomes and a few outside them.

``apply_legal_prefix([action])`` on a copy applies the action exactly when ``_is_legal`` says yes
(and ``apply_action`` does not reach the check when it says no, so only this path shows a legal
id refused).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import garrison
from garrison import GameError
from garrison.core.compiled import CompiledState

COMPILED = [
    pytest.param(name, config, id=f"{name}-{i}")
    for name in garrison.games()
    if isinstance(garrison.load(name).new_initial_state(), CompiledState)
    for i, config in enumerate(garrison.game_class(name).test_configs)
]

#: Nodes checked per random game (spread over the game at random).
NODES = 12


def _ids(game):
    """Every id of the action space and of the chance outcomes, and some outside both."""
    top = max(game.num_distinct_actions, game.max_chance_outcomes)
    return [-(2**31), -2, -1, *range(top + 3), 2**31 - 1]


def _sampled_nodes(game, seed):
    """Nodes of one random game from ``seed``: about ``NODES`` of them, the end included."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    path = [state.clone()]
    while not state.is_terminal():
        action = (garrison.sample_chance(state, rng) if state.is_chance_node()
                  else rng.choice(state.legal_actions()))
        state.apply_action(action)
        path.append(state.clone())
    picked = rng.sample(range(len(path) - 1), min(NODES - 1, len(path) - 1))
    return [path[i] for i in sorted(picked)] + [path[-1]], rng


@pytest.mark.parametrize("name, config", COMPILED)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_one_action_is_legal_exactly_when_the_node_lists_it(name, config, seed):
    game = garrison.load(name, **config)
    ids = _ids(game)
    nodes, rng = _sampled_nodes(game, seed)
    for state in nodes:
        legal = set(state.legal_actions())
        accepted = {a for a in ids if state.clone().apply_legal_prefix([a]) == 1}
        assert accepted == legal, (
            f"{name} at move {len(state.history())}: the check accepts "
            f"{sorted(accepted - legal)} not listed and refuses {sorted(legal - accepted)} listed")
        # apply_action agrees: a sample of the ids, legal and not, on copies
        for a in rng.sample(ids, 8) + rng.sample(sorted(legal), min(3, len(legal))):
            copy = state.clone()
            if a in legal:
                copy.apply_action(a)
                assert copy.history() == [*state.history(), a]
            else:
                with pytest.raises(GameError):
                    copy.apply_action(a)
                assert copy == state


@pytest.mark.parametrize("name, config", COMPILED)
def test_a_fresh_node_checks_an_id_before_anything_listed_it(name, config):
    """The first question a new state is asked is an id, not its list (no cached list helps)."""
    game = garrison.load(name, **config)
    listed = game.new_initial_state().legal_actions()
    for a in _ids(game):
        assert (game.new_initial_state().apply_legal_prefix([a]) == 1) == (a in listed)
