"""The worlds of Soldateska's search: the move's ``world_sampler`` (``Worlds``, resample.py, a
position worked out once) draws, world after world, what ``resample`` draws afresh; every world
keeps what its seat knows, the voids and the passes chain (a card passed down is below its
giver, with whoever took it or further down), at every player count and in both rounds; the
searches draw their worlds from the sampler and play as they did from ``resample``."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.bots import make_bot
from garrison.bots import search as search_module
from garrison.games.soldateska.resample import Worlds
from random_play import sampled_decisions


def _positions(players: int, seed: int, count: int) -> list:
    """Decisions of random games (both rounds), ``count`` of them."""
    game = garrison.load("soldateska", players=players)
    return sampled_decisions(game, random.Random(seed), count, 0.2)


def _below(world, seat: int) -> set[int]:
    """The seats below ``seat`` in the round's hierarchy (all others in the first round)."""
    order = list(world.order) if world.round > 1 else []
    if seat not in order:
        return {p for p in range(world.game.num_players) if p != seat}
    return set(order[order.index(seat) + 1:])


def _check_world(state, world, seat: int) -> None:
    """What ``seat`` knows, the voids and the passes chain hold in ``world``."""
    assert world.observation(seat) == state.observation(seat)
    world.check_invariants()
    n = state.game.num_players
    for p in range(n):
        if p != seat:
            assert world.hands[p] & state.voids[p] == 0
        assert world.passed[p].bit_count() == state.passed[p].bit_count()
    if world.round < 2:
        return
    order = list(world.order)
    for giver, taker in zip(order, order[1:]):  # a pass is with its taker, played or passed on
        held = world.hands[taker] | world.played[taker] | world.passed[taker]
        if taker == world.aside_owner:
            held |= world.aside
        assert world.passed[giver] & ~held == 0, (giver, taker)
    if world.bonus:
        general = order[0]
        assert world.bonus & ~(world.hands[general] | world.played[general]
                               | world.passed[general]) == 0
    below = _below(world, seat)
    for c in range(64):  # what the seat passed down stayed below it
        if (state.passed[seat] >> c) & 1:
            owners = {p for p in range(n) if (world.hands[p] | world.played[p]) >> c & 1}
            if (world.aside >> c) & 1:
                owners.add(world.aside_owner)
            assert owners <= below, (c, owners, below)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_world_keeps_what_its_seat_knows_and_the_passes_chain(players):
    positions = _positions(players, seed=players, count=80)
    assert sum(s.round > 1 and any(s.passed) for s in positions) > 10  # the chain is met
    moved = 0
    for i, state in enumerate(positions):
        for seat in range(players):
            sampler = state.world_sampler(seat)
            for j in range(3):
                world = sampler.draw(random.Random((i * 10 + seat) * 10 + j))
                _check_world(state, world, seat)
                moved += world.hands != state.hands
    assert moved > 100 * players  # the others' cards are dealt again, not kept


@pytest.mark.parametrize("players", [4, 6])
def test_a_kept_sampler_draws_what_resample_draws_afresh(players):
    for i, state in enumerate(_positions(players, seed=10 + players, count=40)):
        for seat in range(players):
            sampler = state.world_sampler(seat)
            for j in range(3):  # the sampler is not changed by drawing from it
                mine, fresh = random.Random(i * 100 + j), random.Random(i * 100 + j)
                assert sampler.draw(mine).fields() == state.resample(seat, fresh).fields()
                assert mine.getstate() == fresh.getstate()


def test_the_searches_draw_their_worlds_from_the_sampler_and_play_as_from_resample(monkeypatch):
    game = garrison.load("soldateska", players=4)
    positions = [s for s in _positions(4, seed=21, count=60) if s.round > 1][:4]
    assert positions
    draws = 0
    draw = Worlds.draw

    def counted(self, rng):
        nonlocal draws
        draws += 1
        return draw(self, rng)

    for state in positions:
        seat = state.current_player()
        with monkeypatch.context() as patch:
            patch.setattr(Worlds, "draw", counted)
            bot = make_bot(game, "ismcts:sims=120", seat, seed=5)
            move = bot.step(state)
            visits = dict(bot.last_root.visits)
        assert draws >= 120
        draws = 0
        with monkeypatch.context() as patch:  # no sampler: every world from resample
            patch.setattr(search_module, "WorldSampler", type("Nothing", (), {}))
            plain = make_bot(game, "ismcts:sims=120", seat, seed=5)
            assert plain.step(state) == move
            assert dict(plain.last_root.visits) == visits
        assert draws == 0
        with monkeypatch.context() as patch:  # PIMC draws its worlds the same way
            patch.setattr(Worlds, "draw", counted)
            make_bot(game, "pimc:6:depth=1:nodes=20", seat, seed=5).step(state)
        assert draws == 6
        draws = 0


def test_a_sampler_refuses_a_seat_that_is_not_at_the_table():
    state = _positions(4, seed=3, count=1)[0]
    with pytest.raises(garrison.GameError, match="seat"):
        state.world_sampler(4)
