"""The worlds of search drawn in C (``draw_world``, worlds.pxi): the same re-deal as the Python
reference of ``world_oracle.py`` (the kernel's ``deal``), draw for draw, at every player count
and phase; a world keeps what its seat knows and nothing of what the others know."""

from __future__ import annotations

import random

import pytest
from world_oracle import hidden_deal

import garrison
from garrison import GameError


def _positions(options: dict, seed: int, count: int) -> list:
    """Positions of random games (every phase, chance resolved or not), ``count`` of them."""
    game = garrison.load("1848", **options)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            if rng.random() < 0.25:
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


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
