"""1848 writes its observation strings faster (the seats at a node share the public part's JSON,
the log is worded from its tail): the text must stay the kernel's canonical JSON of the gate."""

from __future__ import annotations

import json
import random

import pytest

import garrison
from garrison.games.revolution1848 import log
from random_play import play_randomly, random_step


def _canonical(state, seat):
    return json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"))


def _seats(state):
    return [None, *range(state.game.num_players)]


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"players": 2, "rules": "base"}])
def test_observation_strings_are_the_canonical_json_through_play_undo_and_copies(options):
    game = garrison.load("1848", **options)
    rng = random.Random(5)
    for _ in range(2):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
            if step % 7:
                continue
            for seat in _seats(state):
                assert state.observation_string(seat) == _canonical(state, seat)
            copy = state.clone()  # no text kept: worded from the game's memo
            assert copy.observation_string(0) == _canonical(state, 0)
            if step % 21 == 0 and not state.is_chance_node():
                before = state.observation_string(1)
                state.apply_action(state.legal_actions()[0])
                state.observation_string(1)
                state.undo()  # the node is the one before: the same text again
                assert state.observation_string(1) == before == _canonical(state, 1)
        for seat in _seats(state):
            assert state.observation_string(seat) == _canonical(state, seat)


def test_a_resampled_world_writes_its_own_observation():
    game = garrison.load("1848", players=3)
    rng = random.Random(2)
    state = game.new_initial_state()
    play_randomly(state, rng, 60)
    world = state.resample(1, random.Random(3))
    for seat in _seats(world):
        assert world.observation_string(seat) == _canonical(world, seat)


def test_the_log_tail_is_the_tail_of_the_whole_log():
    game = garrison.load("1848", players=4)
    rng = random.Random(9)
    state = game.new_initial_state()
    while not state.is_terminal():
        random_step(state, rng)
        for seat in (None, 0, 3):
            whole = state.log_lines(seat)
            for limit in (0, 1, 5, 40):
                assert state.log_lines(seat, limit) == (whole[-limit:] if limit else [])


def test_the_game_keeps_a_bounded_number_of_worded_logs():
    """The log service keeps a few worded logs per game for copies to reuse, never more."""
    game = garrison.load("1848", players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        random_step(state, rng)
        state.clone().observation_string(0)
        state.observation_string(1)
        assert 0 < log.LOG.kept(game) <= log.LOG.recent


def test_the_game_keeps_a_bounded_number_of_worded_events(monkeypatch):
    monkeypatch.setattr(log, "WORDED_LIMIT", 8)
    game = garrison.load("1848", players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        random_step(state, rng)
        state.observation_string(0)
        assert len(game.event_lines) <= 8
