"""A learned net playing a whole rollout in C (``policy_playout(..., by=net)``, the search's
``rollout=learned``): every move of the playout is the net's likeliest from the mover's view, as
the ``learned`` bot plays it, and a net of another layout is refused before anything is played."""

from __future__ import annotations

import random

import numpy as np
import pytest
from net_reference import random_net

import garrison
from garrison.bots import make_bot
from garrison.core import CHANCE
from garrison.core.compiled import PlayoutPolicy
from garrison.core.errors import GameError, OptionError
from garrison.core.net import Net


def _midgame(game: garrison.Game, seed: int) -> garrison.State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(25):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("name", garrison.games())
def test_every_move_of_a_net_playout_is_the_nets_likeliest(name: str) -> None:
    game = garrison.load(name, **garrison.game_class(name).test_configs[0])
    net = Net.from_arrays(*random_net(game, np.random.default_rng(6)))
    start = _midgame(game, seed=2)
    if start.is_terminal():
        pytest.fail(f"{name}: the game ended within 25 random actions; pick a longer config")
    end = start.policy_playout(11, 400, False, 0.0, 0, net)
    played = end.history()[start.move_number():]
    assert played, "the playout made no move"
    replay = start.clone()
    decisions = 0
    for action in played:
        if replay.current_player() != CHANCE:
            seat = replay.current_player()
            assert action == net.best_action(replay, seat), (name, replay.move_number())
            decisions += 1
        replay.apply_action(action)
    assert decisions > 0
    assert end.is_terminal() or len(played) == 400
    assert start.history() == end.history()[:start.move_number()]  # the start is unchanged


def test_a_net_for_another_layout_is_refused_by_the_playout() -> None:
    four = garrison.load("gambit", players=4)
    net = Net.from_arrays(*random_net(four, np.random.default_rng(0)))
    state = _midgame(garrison.load("gambit", players=2), seed=1)
    before = state.history()
    with pytest.raises(GameError, match="tensor of 37 values; this net reads 51"):
        state.policy_playout(1, 100, False, 0.0, 0, net)
    assert state.history() == before


def test_a_playout_policy_that_names_no_game_is_refused() -> None:
    state = _midgame(garrison.load("gambit", players=2), seed=1)
    with pytest.raises(GameError, match="PlayoutPolicy plays no game"):
        state.policy_playout(1, 100, False, 0.0, 0, PlayoutPolicy())


def test_a_search_rolls_out_with_the_net_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """``rollout=learned`` plays its rollouts with ``by=net``: the playout's moves are the
    net's, and the search counts their actions."""
    game = garrison.load("1848", players=3)
    state = _midgame(game, seed=4)
    bot = make_bot(game, "ismcts:sims=30:rollout=learned", state.current_player(), seed=1)
    seen: list[object] = []
    real = type(state).policy_playout

    def spy(self: garrison.State, *args: object) -> garrison.State:
        seen.append(args[5])
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(type(state), "policy_playout", spy)
    bot.step(state)
    assert seen and all(isinstance(net, Net) for net in seen)


def test_a_learned_rollout_or_guide_needs_a_net_for_the_game() -> None:
    stratego = garrison.load("stratego")
    for role in ("rollout", "guide"):
        with pytest.raises(OptionError, match=r"no learned network for stratego .*shipped: "):
            make_bot(stratego, f"ismcts:sims=10:{role}=learned", 0, seed=1)
    game = garrison.load("1848", players=3)
    state = _midgame(game, seed=4)
    bot = make_bot(game, "ismcts:sims=10:guide=learned", state.current_player(), seed=1)
    assert bot.step(state) in state.legal_actions()
