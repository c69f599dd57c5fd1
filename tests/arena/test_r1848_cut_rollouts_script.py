"""``research/r1848_cut_rollouts.py``: 1848's search with rollouts cut short and valued by a
learned chance of winning (docs/log/bots-history.md, "1848's search: the net, cut rollouts, the
UCB constant"). Its features must score a position as the rules would end it, its fit must find
what decides a win, and the bot must value a cut rollout by the fitted chances and a finished
one by the returns."""

from __future__ import annotations

import random

import numpy as np
import pytest

import garrison
from garrison.bots import GENERIC
from random_play import decision_points
from script_module import load_script


@pytest.fixture
def script():
    module = load_script("r1848_cut_rollouts")
    yield module
    GENERIC.pop(module.CutterISMCTS.name, None)
    module.CutterISMCTS.weights, module.CutterISMCTS.views = None, False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_end_the_share_now_is_the_games_own_result(script, players: int) -> None:
    game = garrison.load("1848", players=players)
    share = script.FEATURES.index("share")
    rng = random.Random(players)
    for _ in range(20):
        end = game.new_initial_state().policy_playout(rng.getrandbits(64), 10**6, False, 0.0, 0, None)
        assert end.is_terminal()
        x = script.features(end)
        assert x.shape == (players, len(script.FEATURES))
        assert x[:, share].tolist() == pytest.approx(end.returns())
        assert x[:, script.FEATURES.index("won")].tolist() == [len(w) for w in end.won]


def test_at_the_start_every_seat_looks_alike(script) -> None:
    x = script.features(garrison.load("1848", players=3).new_initial_state())
    assert (x == x[0]).all() and x[0, script.FEATURES.index("share")] == pytest.approx(1 / 3)


def test_the_positions_hold_the_games_results(script) -> None:
    x, y = script.positions(60, 2, 3)
    assert 0 < len(x) <= 60 and x.shape[1:] == (3, len(script.FEATURES))
    assert np.allclose(y.sum(axis=1), 1.0) and ((y >= 0) & (y <= 1)).all()


def test_the_fit_finds_the_feature_that_decides_the_win(script) -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(3000, 3, len(script.FEATURES)))
    logits = 2.0 * x[:, :, 2]  # only the third feature counts
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    winner = np.array([rng.choice(3, p=row) for row in p])
    y = np.eye(3)[winner]
    w = script.fit(x, y)
    assert w[2] == pytest.approx(2.0, abs=0.25)
    assert np.abs(np.delete(w, 2)).max() < 0.25
    assert script.log_loss(script.chances(x, w), y) < script.log_loss(np.full((3000, 3), 1 / 3), y)


def test_the_bot_values_a_cut_rollout_by_the_chances_and_plays_legal_moves(script) -> None:
    x, y = script.positions(400, 3, 3)
    script.CutterISMCTS.weights = script.fit(x, y)
    game = garrison.load("1848", players=3)
    bot = script.CutterISMCTS(game, 0, seed=1, sims=30, horizon="5")
    assert bot.rollout().evaluator == bot.value
    for state in decision_points(game.new_initial_state(), random.Random(3), 60)[::10]:
        values = bot.value(state)
        assert sum(values) == pytest.approx(1.0) and all(0 < v < 1 for v in values)
        # a rollout of five actions from here ends before the game does: the chances, not zeros
        ended = bot.rollout().run(state.clone(), random.Random(5))
        assert sum(ended) == pytest.approx(1.0) and all(0 < v < 1 for v in ended)
        if state.current_player() == 0:
            assert bot.step(state) in state.legal_actions()
    end = game.new_initial_state().policy_playout(9, 10**6, False, 0.0, 0, None)
    assert bot.value(end) == end.returns()


def test_with_the_views_only_what_differs_between_seats_is_weighed(script) -> None:
    x, y = script.positions(200, 4, 3, views=True)
    game = garrison.load("1848", players=3)
    assert x.shape[1:] == (3, len(script.FEATURES) + len(game.new_initial_state().observation_tensor(0)))
    w = script.fit(x, y)
    same = ~script.informative(x)
    assert same.any() and (w[same] == 0).all()
    script.CutterISMCTS.weights, script.CutterISMCTS.views = w, True
    bot = script.CutterISMCTS(game, 1, seed=2, sims=20, horizon="5")
    for state in decision_points(game.new_initial_state(), random.Random(6), 30)[::10]:
        values = bot.value(state)
        assert sum(values) == pytest.approx(1.0) and all(0 < v < 1 for v in values)
