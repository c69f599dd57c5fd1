"""The worlds of Soldateska's search: ``resample`` and the move's ``world_sampler`` (``Worlds``,
resample.py, a position worked out once) deal the reference re-deal of
``soldateska_world_oracle.py`` draw for draw, at every player count and in both rounds (the
passes chain, the laid-aside cards, the General's bonus); the search draws its worlds from the
sampler and plays as it did from ``resample``."""

from __future__ import annotations

import random

import pytest
from soldateska_world_oracle import resample_state as reference

import garrison
from garrison.bots import make_bot
from garrison.bots import search as search_module
from garrison.games.soldateska.resample import Worlds
from random_play import sampled_decisions


def _positions(players: int, seed: int, count: int) -> list:
    """Decisions of random games (both rounds), ``count`` of them."""
    game = garrison.load("soldateska", players=players)
    return sampled_decisions(game, random.Random(seed), count, 0.2)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_resample_and_the_sampler_are_the_reference_draw_for_draw(players):
    positions = _positions(players, seed=players, count=80)
    assert any(s.round > 1 and any(s.passed) for s in positions)  # the passes chain is met
    for i, state in enumerate(positions):
        for seat in range(players):
            sampler = state.world_sampler(seat)
            for j in range(3):
                seed = (i * 10 + seat) * 10 + j
                ours, mine, theirs = (random.Random(seed) for _ in range(3))
                expected = reference(state, seat, theirs).fields()
                assert state.resample(seat, ours).fields() == expected
                assert sampler.draw(mine).fields() == expected
                assert ours.getstate() == mine.getstate() == theirs.getstate()


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
