"""Properties over random games: conservation, removed cards never return, hidden information,
the views, and the heuristic bot against random play."""

from __future__ import annotations

import random

import pytest
from revolution1848_support import deal, new_game

import garrison
from garrison.bots import make_bot
from garrison.core.cards import cards_in


def _random_game(players, seed, rules="extended", check=None):
    game = garrison.load("1848", players=players, rules=rules)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if check:
            check(state)
        if state.current_player() == garrison.CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_card_in_two_places_and_removed_cards_never_return(players):
    for seed in range(4):
        removed_so_far = [0]

        def check(state, seen=removed_so_far):
            state.check_invariants()
            assert state.removed & seen[0] == seen[0], "a removed card came back"
            seen[0] = state.removed
            in_play = sum(state.hands) | sum(1 << p for ps in state.persons for p in ps)
            assert in_play & state.removed == 0

        _random_game(players, seed, check=check)


def test_hidden_hands_never_reach_another_seat():
    _, s = new_game(3)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE09", "PE10", "Z02", "Z04"],
             ["PE19", "PE20", "Z05", "Z06"]])
    for seat in (1, 2, None):
        obs = s.observation(seat)
        text = garrison.load("1848").render(obs)
        assert "Friedrich Hecker" not in text and "Gustav Struve" not in text
        assert s.cs.index("PE01") not in (obs["hand"] or [])
    assert "Friedrich Hecker" in s.game.render(s.observation(0))


def test_resample_keeps_what_the_seat_knows_and_varies_the_rest():
    _, s = new_game(3)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE09", "PE10", "Z02", "Z04"],
             ["PE19", "PE20", "Z05", "Z06"]])
    worlds = {s.resample(0, random.Random(k)).hands[1] for k in range(20)}
    assert len(worlds) > 1
    for k in range(5):
        w = s.resample(0, random.Random(k))
        assert w.observation(0) == s.observation(0)
        assert w.hands[0] == s.hands[0]


def test_views_say_which_values_are_reconstructed():
    _, s = new_game(3)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE09", "PE10", "Z02", "Z04"],
             ["PE19", "PE20", "Z05", "Z06"]])
    text = s.game.render(s.observation(0))
    assert "reconstructed" in text
    assert "Friedrich Hecker (Republican) 6 votes\n" in text
    assert "Gustav Struve (Republican) 6* votes" in text
    assert "reconstructed" in s.game.describe()


def test_heuristic_beats_random_clearly():
    game = garrison.load("1848", players=3)
    wins = 0.0
    games = 30
    for i in range(games):
        seat = i % 3
        bots = [make_bot(game, "heuristic" if s == seat else "random", s, seed=i * 7 + s)
                for s in range(3)]
        rng = random.Random(i)
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            if p == garrison.CHANCE:
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(bots[p].step(state))
        wins += state.returns()[seat]
    assert wins / games > 0.6, wins / games


def test_base_game_random_play_keeps_invariants():
    state = _random_game(2, 3, rules="base", check=lambda s: s.check_invariants())
    assert state.is_terminal()
    assert all(cards_in(h) == [] or len(cards_in(h)) <= 4 for h in state.hands)
