"""Random play through the rare branches the shared suite seldom reaches (everyone passes)."""

from __future__ import annotations

import random

import numpy as np

import garrison
from garrison.games.solo66.actions import PASS


def _play_all_pass_games(options, seeds):
    game = garrison.load("solo66", **options)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == garrison.CHANCE:
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            action = PASS if PASS in legal else rng.choice(legal)
            seat = rng.randrange(5)
            world = state.resample(seat, random.Random(seed))
            assert world.observation(seat) == state.observation(seat)
            assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
            if player == seat:
                assert world.legal_actions() == legal
            assert garrison.replay(world.to_record()) == world
            state.apply_action(action)
            state.check_invariants()
        assert garrison.replay(state.to_record()) == state
        yield state


def test_random_last_trick_deals_keep_every_invariant():
    for state in _play_all_pass_games({"deals": 2, "all_pass": "last_trick"}, range(6)):
        # two deals: one player took both last tricks, or two players one each
        assert sorted(state.returns()) in ([-5.0] * 4 + [20.0], [-5.0] * 3 + [7.5, 7.5])


def test_random_redeal_matches_score_nothing():
    for state in _play_all_pass_games({"deals": 3}, range(3)):
        assert state.returns() == [0.0] * 5


def test_resampled_worlds_replay_in_later_deals_too():
    game = garrison.load("solo66", deals=3)
    rng = random.Random(11)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if rng.random() < 0.05:
                seat = rng.randrange(5)
                world = state.resample(seat, random.Random(rng.random()))
                assert world.observation(seat) == state.observation(seat)
                assert garrison.replay(world.to_record()) == world
                checked += 1
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10
