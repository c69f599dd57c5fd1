"""ISMCTS's ``exact=n``: rollouts take a world's solved ending where the game can solve one
(Solo 66's ``exact_ending``); legal moves only, within its budget, the same for a seed, the same
move in every world of its seat, and a game without a solver plays as without the option."""

from __future__ import annotations

import random
import time

import pytest

import garrison
from garrison.bots import make_bot
from garrison.core import OptionError
from garrison.games.solo66.rules import PLAY
from random_play import decision_points


def _decisions(name: str, count: int, seed: int, **options: object) -> list[garrison.State]:
    return decision_points(garrison.load(name, **options).new_initial_state(),
                           random.Random(seed), count)


def test_exact_plays_legal_moves_the_same_for_a_seed() -> None:
    for state in _decisions("solo66", 12, seed=4, deals=2):
        seat = state.current_player()
        moves = {make_bot(state.game, "ismcts:sims=40:exact=3", seat, seed=9).step(state)
                 for _ in range(2)}
        assert len(moves) == 1 and moves <= set(state.legal_actions())


def test_exact_rollouts_are_solved_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """From a position with three tricks or fewer left, a simulation that does not end the deal
    in its tree takes its value from the game's solver, asked for the option's tricks."""
    states = [s for s in _decisions("solo66", 60, seed=8, deals=1)
              if s.phase == PLAY and len(s.tricks) >= 3]
    assert states
    kind = type(states[0])
    original = kind.exact_ending
    calls: list[int] = []

    def spy(world: garrison.State, tricks: int) -> tuple[list[float], int] | None:
        calls.append(tricks)
        return original(world, tricks)

    monkeypatch.setattr(kind, "exact_ending", spy)
    for state in states:
        make_bot(state.game, "ismcts:sims=30:exact=3", state.current_player(), seed=1).step(state)
    # (in the last trick every simulation may end in forced moves instead)
    assert calls and set(calls) == {3}


def test_exact_respects_its_time_budget() -> None:
    state = _decisions("solo66", 3, seed=2)[-1]
    bot = make_bot(state.game, "ismcts:0.05s:clock=cpu:exact=4", state.current_player(), seed=1)
    start = time.thread_time()
    bot.step(state)
    # the budget is checked between simulations: one simulation past it at most
    assert time.thread_time() - start < 0.05 + 0.1
    assert bot.last_simulations > 1


def test_without_a_solver_exact_changes_nothing() -> None:
    for state in _decisions("scopa", 5, seed=3, players=2):
        seat = state.current_player()
        plain = make_bot(state.game, "ismcts:sims=30", seat, seed=2).step(state)
        assert make_bot(state.game, "ismcts:sims=30:exact=3", seat, seed=2).step(state) == plain


def test_exact_never_reads_the_hidden_hands() -> None:
    """The same move on the true state as on any world resampled for the seat (the solver
    reads every hand, but only of the bot's own worlds)."""
    rng = random.Random(5)
    for state in _decisions("solo66", 10, seed=6, deals=2):
        seat = state.current_player()
        move = make_bot(state.game, "ismcts:sims=30:exact=3:infer=4", seat, seed=3).step(state)
        for _ in range(2):
            world = state.resample(seat, rng)
            bot = make_bot(state.game, "ismcts:sims=30:exact=3:infer=4", seat, seed=3)
            assert bot.step(world) == move


def test_exact_zero_is_off_and_negative_is_refused() -> None:
    game = garrison.load("solo66")
    make_bot(game, "ismcts:sims=5:exact=0", 0, seed=1)
    with pytest.raises(OptionError):
        make_bot(game, "ismcts:sims=5:exact=-1", 0, seed=1)
