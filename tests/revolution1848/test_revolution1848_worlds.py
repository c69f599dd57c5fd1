"""The worlds of search drawn in C (``draw_world``, worlds.pxi): the same re-deal as the Python
reference of ``world_oracle.py`` (the kernel's ``deal``), draw for draw, at every player count
and phase; a world keeps what its seat knows and nothing of what the others know."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from world_oracle import hidden_deal

import garrison
from garrison import GameError
from random_play import sampled_decisions


def _positions(options: dict, seed: int, count: int) -> list:
    """Positions of random games (every phase), ``count`` of them."""
    return sampled_decisions(garrison.load("1848", **options), random.Random(seed), count, 0.25)


def _hidden(world) -> tuple:
    return (tuple(world.hands), world.stock[0] | world.stock[1],
            tuple(tuple(c for c, _ in pile) for pile in world.bottom))


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2}, {"players": 4},
                                     {"players": 2, "rules": "base"}])
def test_the_worlds_in_c_are_the_reference_deal_draw_for_draw(options):
    for i, state in enumerate(_positions(options, seed=7, count=60)):
        for seat in range(state.n):
            ours, theirs = random.Random(i * 10 + seat), random.Random(i * 10 + seat)
            world = state.resample(seat, ours)
            assert _hidden(world) == hidden_deal(state, seat, theirs)
            assert ours.getstate() == theirs.getstate()  # the same draws of the generator


def test_a_world_keeps_what_its_seat_knows_and_forgets_the_rest():
    moved = 0
    for i, state in enumerate(_positions({"players": 3}, seed=11, count=40)):
        seat = i % 3
        world = state.resample(seat, random.Random(i))
        world.check_invariants()  # every card in exactly one place
        assert world.observation(seat) == state.observation(seat)
        assert world.history() == []
        assert {k for _, k in world.known} <= {seat}
        assert world.hands[seat] == state.hands[seat]
        assert world.stock[0].bit_count() == state.stock[0].bit_count()
        assert world.stock[1].bit_count() == state.stock[1].bit_count()
        assert [[p for _, p in pile] for pile in world.bottom] == [
            [p for _, p in pile] for pile in state.bottom]
        for c, knower in state.known:
            if knower == seat:  # a card it pushed and saw drawn stays where it is
                assert any((h >> c) & 1 for h in world.hands)
                assert [(h >> c) & 1 for h in world.hands] == [(h >> c) & 1 for h in state.hands]
        moved += world.hands != state.hands
    assert moved > 20  # the others' cards are dealt again, not kept


def test_a_seat_that_is_not_at_the_table_is_refused():
    state = _positions({"players": 3}, seed=1, count=1)[0]
    with pytest.raises(GameError, match="there is no seat 3"):
        state.resample(3, random.Random(0))
    with pytest.raises(ValueError, match="seat must be 0 to 2, not -1"):
        state.draw_world(-1, random.Random(0))


def _place(world, seat: int, card: int) -> int:
    """Where ``card`` is in ``world`` seen from ``seat``: the other hand holding it counted from
    the seat (1 the next seat, ...), or 0 for none."""
    for t in range(world.n):
        if t != seat and (world.hands[t] >> card) & 1:
            return (t - seat) % world.n
    return 0


def test_a_tilted_world_of_one_draw_is_the_resampled_world():
    for i, state in enumerate(_positions({"players": 3}, seed=13, count=20)):
        seat = i % 3
        ours, theirs = random.Random(i), random.Random(i)
        tilted = state.draw_tilted_world(seat, ours, np.zeros((76, 3)), 1)
        assert _hidden(tilted) == _hidden(state.resample(seat, theirs))
        theirs.random()  # the reservoir's one uniform number
        assert ours.getstate() == theirs.getstate()
        assert tilted.observation(seat) == state.observation(seat)


def test_tilted_worlds_come_in_proportion_to_the_tilts_weight():
    state = next(s for s in _positions({"players": 3}, seed=17, count=40)
                 if any(s.hands[t] for t in (1, 2)) and s.stock[0])
    seat = 0
    rng = random.Random(2)
    card = next(c for c in range(76) if (state.hands[1] >> c) & 1
                and _place(state.resample(seat, rng), seat, c) != 1)  # a card that moves
    base = sum(_place(state.resample(seat, rng), seat, card) == 2 for _ in range(2000)) / 2000
    assert 0.02 < base < 0.98
    tilt = np.zeros((76, 3))
    tilt[card, 2] = 2.0  # worlds with the card in the hand after next weigh e^2 as much
    exact = base * math.e ** 2 / (base * math.e ** 2 + 1 - base)
    shares = []
    for k in (1, 64):
        shares.append(sum(_place(state.draw_tilted_world(seat, rng, tilt, k), seat, card) == 2
                          for _ in range(1500)) / 1500)
    assert abs(shares[0] - base) < 0.05  # one draw: the re-deal itself
    assert abs(shares[1] - exact) < 0.05, (base, exact, shares)


def test_a_tilted_draw_refuses_a_wrong_seat_count_or_shape():
    state = _positions({"players": 3}, seed=1, count=1)[0]
    with pytest.raises(ValueError, match="seat must be 0 to 2, not 3"):
        state.draw_tilted_world(3, random.Random(0), np.zeros((76, 3)), 4)
    with pytest.raises(ValueError, match="k must be 1 or more worlds, not 0"):
        state.draw_tilted_world(0, random.Random(0), np.zeros((76, 3)), 0)
    with pytest.raises(ValueError, match=r"tilt must have shape \(76, 3\), not \(76, 4\)"):
        state.draw_tilted_world(0, random.Random(0), np.zeros((76, 4)), 4)
