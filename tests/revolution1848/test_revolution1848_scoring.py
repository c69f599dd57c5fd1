"""Seed 001, "Bei vier ist Schluss" and "Und so wird abgerechnet": end and final scoring."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.games.revolution1848.rules import ABLAUF_TO_WIN, final_scoring, winners


def test_absolute_majority_gives_5_to_its_top_holder_and_0_to_all_others():
    vp, _ = final_scoring(((0, 0, 0, 30), (5, 0, 0, 10), (0, 8, 6, 0)))
    assert vp == [5, 0, 0]


def test_absolute_majority_with_two_equal_top_holders():
    vp, _ = final_scoring(((0, 0, 0, 20), (0, 0, 0, 20), (5, 0, 0, 0)))
    assert vp == [5, 5, 0]


def test_exactly_half_is_no_absolute_majority():
    vp, _ = final_scoring(((20, 0, 0, 0), (0, 20, 0, 0)))
    assert vp == [4, 4], "RR and DL are equally strong: both share rank 1"


def test_four_three_two_one_by_party_strength():
    # RR 20, DL 15, L 10, R 5 (50 in all: no absolute majority)
    vp, _ = final_scoring(((12, 0, 0, 5), (8, 15, 0, 0), (0, 0, 10, 0)))
    assert vp == [4 + 1, 3, 2]


def test_no_points_for_a_party_at_zero_or_below():
    vp, _ = final_scoring(((10, 0, 0, -3), (0, 9, 0, 0), (0, 0, 5, 0)))
    assert vp == [4, 3, 2], "R is below zero: no point, and it does not count against RR"


def test_equal_holders_of_a_party_each_get_its_points():
    vp, _ = final_scoring(((6, 5, 0, 0), (6, 0, 4, 0), (0, 0, 0, 3)))
    # RR 12 rank 1 (P1 and P2 tie), DL 5 rank 2, L 4 rank 3, R 3 rank 4
    assert vp == [4 + 3, 4 + 2, 1]


def test_winner_ties_are_broken_by_ablaufkarten_won():
    assert winners([5, 5, 0], [2, 3, 1]) == [1]
    assert winners([5, 5, 0], [3, 3, 1]) == [0, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_ends_at_once_when_a_player_reaches_his_ablaufkarten(players):
    game = garrison.load("1848", players=players)
    rng = random.Random(players)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert max(len(t) for t in state.won) < ABLAUF_TO_WIN[players]
            if state.current_player() == garrison.CHANCE:
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        reached = max(len(t) for t in state.won) == ABLAUF_TO_WIN[players]
        assert reached or state.ablauf_pos == len(state.ablauf_deck)
        assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_base_game_plays_its_14_ablaufkarten_to_the_end():
    game = garrison.load("1848", players=2, rules="base")
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == garrison.CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.ablauf_pos == len(state.ablauf_deck) == 14
    assert not any(state.cs.kind[c] == "army" for c in range(76) if (state.removed >> c) & 1)


def test_two_players_end_the_moment_one_has_won_six():
    game = garrison.load("1848", players=2)
    state = game.new_initial_state()
    from garrison.games.revolution1848 import actions as A

    def settle():
        while state.current_player() == garrison.CHANCE or state.phase == "draw":
            legal = state.legal_actions()
            state.apply_action(A.DRAW_PERSON if A.DRAW_PERSON in legal else legal[0])

    for stich in range(6):
        settle()
        assert state.to_move == 0 and not state.is_terminal()
        persons = [a for a in state.legal_actions() if a < 42]
        assert persons, "P1 always has a person card to play"
        state.apply_action(persons[0])
        state.apply_action(A.PASS)  # P2
        state.apply_action(A.PASS)  # P1
        assert len(state.won[0]) == stich + 1
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert state.vp[0] >= 4 and state.vp[1] == 0
