"""Running many seeded games between bots and summarising them honestly.

Game ``i`` of a run draws chance with ``Random(seed, i)`` and, with rotation on, seats bot slot
``j`` at seat ``(j + i) % n`` so every bot plays every seat equally often. Results are reported
per bot slot: mean return and win share, each with a 95% confidence interval.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from garrison.bots import make_bot
from garrison.core import CHANCE, load, sample_chance


def _game_rng(seed: int, index: int) -> random.Random:
    return random.Random(seed * 1_000_003 + index)


def play_game(
    name: str,
    options: dict[str, Any],
    bot_names: Sequence[str],
    seed: int,
    index: int = 0,
    rotate: bool = True,
) -> tuple[list[float], list[int]]:
    """Play game ``index`` of a seeded run; return (returns per bot slot, seat of each slot)."""
    game = load(name, **options)
    n = game.num_players
    rng = _game_rng(seed, index)
    shift = index % n if rotate else 0
    seat_of = [(slot + shift) % n for slot in range(n)]
    bots = {
        seat_of[slot]: make_bot(game, bot_names[slot], seat_of[slot], seed=rng.randrange(2**31))
        for slot in range(n)
    }
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bots[player].step(state))
    returns = state.returns()
    return [returns[seat_of[slot]] for slot in range(n)], seat_of


def _play_batch(args: tuple) -> list[list[float]]:
    name, options, bot_names, seed, indices, rotate = args
    return [play_game(name, options, bot_names, seed, i, rotate)[0] for i in indices]


@dataclass
class SlotStats:
    bot: str
    returns: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)

    @staticmethod
    def _mean_ci(xs: list[float]) -> tuple[float, float]:
        n = len(xs)
        if n == 0:
            return 0.0, 0.0
        mean = sum(xs) / n
        if n == 1:
            return mean, math.inf
        var = sum((x - mean) ** 2 for x in xs) / (n - 1)
        return mean, 1.96 * math.sqrt(var / n)

    def mean_return(self) -> tuple[float, float]:
        return self._mean_ci(self.returns)

    def win_rate(self) -> tuple[float, float]:
        return self._mean_ci(self.wins)


@dataclass
class MatchResult:
    game: str
    options: dict[str, Any]
    games: int
    slots: list[SlotStats]

    def as_dict(self) -> dict[str, Any]:
        out = []
        for i, s in enumerate(self.slots):
            mean, mean_ci = s.mean_return()
            win, win_ci = s.win_rate()
            out.append({
                "slot": i, "bot": s.bot, "mean_return": mean, "mean_return_ci95": mean_ci,
                "win_rate": win, "win_rate_ci95": win_ci,
            })
        return {"game": self.game, "options": self.options, "games": self.games, "bots": out}


def win_shares(returns: Sequence[float]) -> list[float]:
    """1 for the best return, split evenly among ties; 0 otherwise."""
    best = max(returns)
    top = [r >= best - 1e-12 for r in returns]
    k = sum(top)
    return [1.0 / k if t else 0.0 for t in top]


def run_matches(
    name: str,
    options: dict[str, Any],
    bot_names: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    rotate: bool = True,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play ``games`` games (in ``jobs`` processes) and collect per-slot statistics."""
    game = load(name, **options)  # validates options and bot names up front
    if len(bot_names) != game.num_players:
        from garrison.core import OptionError

        raise OptionError(
            f"{game.title} with these options has {game.num_players} seats; "
            f"got {len(bot_names)} bots"
        )
    for slot, bot in enumerate(bot_names):
        make_bot(game, bot, slot, seed=0)
    slots = [SlotStats(b) for b in bot_names]
    batch = max(1, min(50, games // max(1, jobs * 8)))
    chunks = [list(range(i, min(games, i + batch))) for i in range(0, games, batch)]
    tasks = [(name, game.options, list(bot_names), seed, c, rotate) for c in chunks]

    def collect(results: list[list[float]]) -> None:
        for r in results:
            for slot, value in enumerate(r):
                slots[slot].returns.append(value)
            for slot, share in enumerate(win_shares(r)):
                slots[slot].wins.append(share)
        if progress:
            progress(len(results))

    if jobs <= 1:
        for task in tasks:
            collect(_play_batch(task))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for results in pool.map(_play_batch, tasks):
                collect(results)
    return MatchResult(name, game.options, games, slots)
