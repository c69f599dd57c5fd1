"""``garrison simulate``: many seeded games between bots, summarised per bot slot.

It runs on the arena's engine (:func:`~.tournament.play_plan` and :func:`~.tournament.play_one`):
game ``i`` is the arena's deal ``i`` (its own chance stream), and with rotation on bot slot ``j``
sits at seat ``(j + i) % n`` so every bot plays every seat equally often. Results are reported
per bot slot: mean return and win share, each with a 95% confidence interval.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from garrison.bots import make_bot
from garrison.core import OptionError, load

from .tournament import SHARE, mean_ci, play_one, play_plan, win_shares


def play_game(
    name: str,
    options: dict[str, Any],
    bot_names: Sequence[str],
    seed: int,
    index: int = 0,
    rotate: bool = True,
) -> tuple[list[float], list[int]]:
    """Play game ``index`` of a seeded run; return (returns per bot slot, seat of each slot)."""
    n = load(name, **options).num_players
    record = play_one(name, options, bot_names, seed, index, index % n if rotate else 0)
    return record["returns"], record["seats"]


@dataclass
class SlotStats:
    bot: str
    returns: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)

    def mean_return(self) -> tuple[float, float]:
        return mean_ci(self.returns)

    def win_rate(self) -> tuple[float, float]:
        return mean_ci(self.wins, SHARE)


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
        raise OptionError(
            f"{game.title} with these options has {game.num_players} seats; "
            f"got {len(bot_names)} bots"
        )
    for slot, bot in enumerate(bot_names):
        make_bot(game, bot, slot, seed=0)
    slots = [SlotStats(b) for b in bot_names]
    n = game.num_players
    plan = [(i, i % n if rotate else 0) for i in range(games)]

    records: list[dict[str, Any]] = []

    def collect(batch: list[dict[str, Any]]) -> None:
        records.extend(batch)
        if progress:
            progress(len(batch))

    play_plan(name, game.options, bot_names, seed, plan, collect, jobs=jobs)
    for record in sorted(records, key=lambda r: r["deal"]):  # the same sums with any jobs
        for slot, value in enumerate(record["returns"]):
            slots[slot].returns.append(value)
        for slot, share in enumerate(win_shares(record["returns"])):
            slots[slot].wins.append(share)
    return MatchResult(name, game.options, games, slots)
