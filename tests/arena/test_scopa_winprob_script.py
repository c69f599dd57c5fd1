"""``research/scopa_winprob.py``: Scopa's search valuing a rollout's end by the chance of winning
the game from its score (docs/log/bots-history.md, "Scopa's search playing for the game"). The
hands it reads must be whole games, its table the rules' end of the game, and the bot a search
whose values are the table's."""

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
    module = load_script("scopa_winprob")
    yield module
    GENERIC.pop(module.WinnerISMCTS.name, None)
    module.WinnerISMCTS.table = None


def test_the_hands_of_a_game_add_up_to_its_end_and_the_deal_alternates(script) -> None:
    for seed in (1, 2, 3):
        hands = script.play_hands(1, seed, "greedy", 11)
        assert len(hands) >= 2
        dealers = hands[:, 0].tolist()
        assert all(a != b for a, b in zip(dealers, dealers[1:]))
        totals = np.cumsum(hands[:, 1:], axis=0)
        # the game ended with the last hand: a side at the target and ahead, not before
        assert totals[-1].max() >= 11 and totals[-1][0] != totals[-1][1]
        assert all(t.max() < 11 or t[0] == t[1] for t in totals[:-1])
        assert (hands[:, 1:].sum(axis=1) >= 1).all()  # the 7 of Diamonds always scores


def test_the_table_follows_the_end_of_the_game() -> None:
    script = load_script("scopa_winprob")
    # the dealer's side always makes one point and the other none; to 2: whoever deals first
    # makes 1, the other deals and makes 1, the first deals again and reaches 2 ahead
    hands = np.array([(0, 1, 0), (1, 0, 1)] * 5, dtype=np.int16)
    table = script.win_table(hands, target=2)
    assert table[0, 0, 0] == 1.0 and table[1, 0, 0] == 0.0
    assert table[0, 1, 1] == 1.0 and table[1, 1, 1] == 0.0
    assert table[:, 2, 0].tolist() == [1.0, 1.0] and table[:, 0, 2].tolist() == [0.0, 0.0]


def test_the_table_from_played_hands_is_a_chance_of_winning_for_both_sides() -> None:
    script = load_script("scopa_winprob")
    table = script.win_table(script.play_hands(300, 5, "greedy", 11), target=11)
    inside = table[:, :11, :11]
    assert ((inside >= 0) & (inside <= 1)).all()
    # one side's chance dealing and the other's not dealing make one
    assert np.allclose(table[0, :11, :11] + table[1, :11, :11].T, 1.0)
    # more points never lower the chance
    assert (np.diff(table[:, :11, :11], axis=1) >= -1e-12).all()
    assert 0.4 < table[0, 0, 0] < 0.6 and table[0, 10, 0] > 0.95


def test_the_bot_values_by_the_table_and_plays_legal_moves(script) -> None:
    table = script.win_table(script.play_hands(300, 5, "greedy", 11), target=11)
    script.WinnerISMCTS.table = table
    game = garrison.load("scopa", players=2)
    bot = script.WinnerISMCTS(game, 0, seed=1, sims=40)
    for state in decision_points(game.new_initial_state(), random.Random(3), 40)[::8]:
        values = bot.value(state)
        assert abs(sum(values)) < 1e-9 and all(-1 <= v <= 1 for v in values)
        if state.current_player() == 0:
            assert bot.step(state) in state.legal_actions()
    ended = state.clone()
    rng = random.Random(4)
    while not ended.is_terminal():
        ended.apply_action(garrison.sample_chance(ended, rng) if ended.is_chance_node()
                           else ended.legal_actions()[0])
    assert bot.value(ended) == ended.returns()
    assert bot.rollout().evaluator == bot.value
