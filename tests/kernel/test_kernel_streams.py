"""The streams bots draw from (``core/streams.pyx``): ``pick`` makes a uniform index of a seed,
and the random bot plays by it, move for move the same from the same seed; ``shuffled`` (the
re-deal's shuffle) gives every order alike."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import garrison
from garrison.bots.random_bot import RandomBot
from garrison.core.streams import pick, seed_at, shuffled, stream_start

MASK = 2**64 - 1


@given(st.integers(0, MASK), st.integers(1, 2**31 - 1))
def test_pick_is_the_finalised_seeds_high_half_scaled_to_the_count(seed, count):
    index = pick(seed, count)
    assert 0 <= index < count
    assert index == ((stream_start(seed) >> 32) * count) >> 32


def test_pick_is_uniform_over_a_stream():
    base, n, count = stream_start(7), 60_000, 6
    seen = Counter(pick(seed_at(base, k), count) for k in range(n))
    expected = n / count
    chi2 = sum((seen[i] - expected) ** 2 / expected for i in range(count))
    assert chi2 < 20.5  # chi-squared, 5 degrees of freedom: p = 0.001


@given(st.lists(st.integers(0, 127), max_size=40), st.integers(0, MASK))
def test_shuffled_is_a_new_list_of_the_same_items_the_same_for_a_seed(items, seed):
    before = list(items)
    out = shuffled(items, seed)
    assert sorted(out) == sorted(items) and items == before and out is not items
    assert shuffled(items, seed) == out


def test_every_order_of_a_shuffle_is_equally_likely():
    rng, n = random.Random(3), 24_000
    seen = Counter(tuple(shuffled([0, 1, 2, 3], rng.getrandbits(64))) for _ in range(n))
    assert len(seen) == 24
    expected = n / 24
    chi2 = sum((k - expected) ** 2 / expected for k in seen.values())
    assert chi2 < 49.7  # chi-squared, 23 degrees of freedom: p = 0.001


def test_the_random_bot_plays_by_its_stream_and_draws_only_with_a_choice():
    game = garrison.load("gambit", players=2)
    a, b = RandomBot(game, 0, seed=5), RandomBot(game, 0, seed=5)
    state, rng = game.new_initial_state(), random.Random(1)
    moves = 0
    while not state.is_terminal() and moves < 200:
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        draws = a.draws
        action = a.step(state)
        assert action == b.step(state)
        if len(legal) == 1:
            assert a.draws == draws and action == legal[0]
        else:
            assert a.draws == draws + 1
            assert action == legal[pick(seed_at(stream_start(5), draws), len(legal))]
        state.apply_action(action)
        moves += 1
    assert a.draws > 0
