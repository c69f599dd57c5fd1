"""Properties over whole games: money is conserved, everyone holds 10 cards after passing, and
no seat's observation shows another seat's hidden cards."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison import CHANCE
from garrison.bots import make_bot
from garrison.games.soldateska import rules as R

CONFIGS = [
    {"players": 3, "ducats_per_player": 4},
    {"players": 4, "ducats_per_player": 4, "deck": "five_suits", "tobacco_trump": True},
    {"players": 5, "ducats_per_player": 3, "deck": "full", "kokette_dice": 2},
    {"players": 6, "ducats_per_player": 3, "duel_anytime": True},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}p")
def test_money_cards_and_hand_sizes_over_bot_games(config):
    game = garrison.load("soldateska", **config)
    total = game.params.ducats_per_player * game.num_players
    for seed in range(3):
        rng = random.Random(seed)
        bots = [make_bot(game, "heuristic" if s % 2 else "random", s, seed) for s in range(
            game.num_players)]
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.bank + sum(state.ducats) == total
            state.check_invariants()
            if state.phase == R.PLAY and not state.trick and not state.tricks:
                assert [bin(h).count("1") for h in state.hands] == [10] * game.num_players
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(bots[player].step(state))
        assert state.bank == 0 or state.round == game.params.max_rounds
        assert sum(state.returns()) == total - state.bank


def test_hidden_cards_never_reach_another_seat():
    game = garrison.load("soldateska", players=4)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 300:
        if state.phase in (R.PLAY, R.PASS, R.ASIDE, R.DECLARE):
            for seat in range(4):
                obs = state.observation(seat)
                seen = set(obs["hand"]) | set(obs["aside"])
                for other in range(4):
                    if other == seat:
                        continue
                    hidden = {c for c in range(62) if (state.hands[other] >> c) & 1}
                    assert not hidden & seen
                private = {text for vis, text in state.log if vis not in (-1, seat)}
                assert not private & set(obs["log"])
                if seat != state.aside_owner and not state.aside_public:
                    assert obs["aside"] == []
                spectator = state.observation(None)
                assert spectator["hand"] == [] and spectator["passed"] == []
            checked += 1
        if state.current_player() == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50


def test_resample_keeps_the_seat_view_and_moves_hidden_cards():
    game = garrison.load("soldateska", players=5)
    rng = random.Random(11)
    state = game.new_initial_state()
    moved = 0
    while not state.is_terminal() and state.round < 3:
        if state.phase in (R.PLAY, R.PASS, R.ASIDE) and rng.random() < 0.2:
            seat = rng.randrange(5)
            world = state.resample(seat, random.Random(rng.random()))
            assert world.observation(seat) == state.observation(seat)
            world.check_invariants()
            assert world.hands[seat] == state.hands[seat]
            for p in range(5):
                assert world.hands[p] & state.voids[p] == 0
            moved += world.hands != state.hands
        if state.current_player() == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert moved > 5


def test_a_resampled_world_carries_no_true_secret_of_other_seats():
    game = garrison.load("soldateska", players=4)
    rng = random.Random(8)
    state = game.new_initial_state()
    while not (state.round == 2 and state.phase == R.PLAY):
        if state.current_player() == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    general = state.order[0]
    world = state.resample(general, random.Random(1))
    assert world.history() == []
    secrets = {text for vis, text in state.log if vis not in (-1, general)}
    assert secrets and not secrets & {text for _, text in world.log}
    assert world.observation(general) == state.observation(general)
