"""A trained policy as a bot (garrison.bots.policy): by name in make_bot and the arena; a policy
that picks an illegal action is an error naming it, never replaced by another move."""

from __future__ import annotations

import numpy as np
import pytest

import garrison
from garrison.arena import run_arena
from garrison.bots import bot_names, make_bot, register_policy, unregister_policy


@pytest.fixture(autouse=True)
def _forget_policies():
    # a registered name lives as long as the process: other tests in this worker must not meet it
    yield
    for name in ("test-last-legal", "test-illegal"):
        unregister_policy(name)


def test_a_registered_policy_plays_by_name_in_the_arena():
    seen = []

    def act(tensor, mask):
        seen.append((tensor.shape, mask.dtype))
        return int(np.flatnonzero(mask)[-1])

    register_policy("test-last-legal", act)
    game = garrison.load("scopa", players=2)
    assert "test-last-legal" not in bot_names(game)  # plays by name, listed nowhere
    result = run_arena("scopa", {"players": 2}, ["test-last-legal", "random"], games=2, seed=3,
                       ratings=False)
    assert len(result.records) == 2
    assert seen and seen[0] == ((game.facts.observation_tensor_size,), np.dtype(bool))


def test_an_illegal_choice_is_named_not_replaced():
    register_policy("test-illegal", lambda tensor, mask: int(np.flatnonzero(~mask)[0]))
    game = garrison.load("gambit", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    with pytest.raises(garrison.GameError, match="policy 'test-illegal' chose .* not a legal"):
        make_bot(game, "test-illegal", seat=state.current_player()).step(state)


def test_an_unregistered_policy_is_an_unknown_bot():
    register_policy("test-illegal", lambda tensor, mask: 0)
    unregister_policy("test-illegal")
    with pytest.raises(garrison.OptionError, match="unknown bot 'test-illegal'"):
        make_bot(garrison.load("gambit"), "test-illegal", seat=0)


def test_names_of_the_kernel_bots_cannot_be_taken():
    for name in ("random", "ismcts", "", "a:b"):
        with pytest.raises(garrison.OptionError, match="new bot name"):
            register_policy(name, lambda tensor, mask: 0)
