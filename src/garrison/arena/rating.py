"""Rating bots on one Elo scale: a round robin among them (every pair plays the same seeded
deals, the later bot in one seat, or on one team where seats share a result, and the earlier
in all the others), a Bradley–Terry fit of all its games (``garrison.arena.elo``) and 95%
intervals from a bootstrap over deals; and
``rate_levels``, which does this for a game's levels and gives the document
``garrison rate`` writes beside the game (``garrison.bots.level_ratings``).

A deal is the unit of the bootstrap, as of every interval of the arena: its rotations share the
cards, so they are not independent games. Each replicate draws, for every pair, as many deals
as it played, with replacement, and fits the scale again; the interval is the 2.5th to 97.5th
percentile of the replicates. A bot that won every game of its pairs has an interval whose high
end is the virtual draw's limit, not a measurement (docs/bots.md, "Levels").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from garrison.bots.levels import LEVELS, levels, rated_bot
from garrison.core import GameError, OptionError, load

from .elo import elo, pair_scores
from .tournament import round_robin_lineups, run_arena

#: Bootstrap replicates drawn unless told otherwise.
REPLICATES = 1000


@dataclass
class RoundRobin:
    """What a round robin played: per lineup (the later bot first) its records, and one line
    per pair; ``elo`` with the first bot at 0, ``interval`` its 95% bootstrap bounds."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    seed: int
    games: int
    lineups: list[list[str]] = field(default_factory=list)
    records: list[list[dict[str, Any]]] = field(default_factory=list)
    pairs: list[dict[str, Any]] = field(default_factory=list)
    elo: dict[str, float] = field(default_factory=dict)
    interval: dict[str, tuple[float, float]] = field(default_factory=dict)
    seconds: float = 0.0


def round_robin(name: str, options: dict[str, Any], bots: Sequence[str], games: int,
                seed: int = 0, jobs: int = 1, mirror: bool = True, replicates: int = REPLICATES,
                progress: Callable[[str, int], None] | None = None) -> RoundRobin:
    """Play the round robin of ``bots`` (weakest first) and rate them, the first at 0.

    ``progress(lineup_name, games_done)`` is told of every finished game.

    Raises:
        GameError: fewer than two different bots; OptionError (a GameError): an unknown
            game, option or bot, or a bad number of games.
    """
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        raise GameError("a round robin needs at least two different bots")
    game = load(name, **options)
    out = RoundRobin(name, dict(game.options), names, seed, games)
    start = time.perf_counter()
    for lineup in round_robin_lineups(names, game.num_players, game.teams):
        label = f"{lineup[0]} against {lineup[1]}"
        tick = (lambda n, label=label: progress(label, n)) if progress else None
        result = run_arena(name, options, lineup, games, seed, jobs, mirror, progress=tick,
                           ratings=False)
        line = next(x.summary() for x in result.lines if x.bot == lineup[0])
        out.lineups.append(lineup)
        out.records.append(result.records)
        out.pairs.append({"bot": lineup[0], "against": lineup[1],
                          "games": len(result.records),
                          "ahead_share": line["ahead_share"],
                          "ahead_share_ci95": line["ahead_share_ci95"],
                          "cpu_seconds_per_move": line["cpu_seconds_per_move"]})
    out.seconds = time.perf_counter() - start
    out.elo = fit(out.lineups, out.records, names[0])
    out.interval = bootstrap(out.lineups, out.records, names[0], replicates, seed)
    return out


def fit(lineups: Sequence[Sequence[str]], records: Sequence[Sequence[dict[str, Any]]],
        anchor: str) -> dict[str, float]:
    """Elo of every bot of the lineups from all their games, ``anchor`` at 0."""
    pairs: dict[tuple[str, str], list[float]] = {}
    for lineup, recs in zip(lineups, records, strict=True):
        pair_scores(list(lineup), recs, into=pairs)
    return elo(pairs, anchor=anchor)


def bootstrap(lineups: Sequence[Sequence[str]], records: Sequence[Sequence[dict[str, Any]]],
              anchor: str, replicates: int, seed: int = 0) -> dict[str, tuple[float, float]]:
    """95% bounds of each bot's Elo: ``replicates`` fits, each to the lineups' deals drawn
    again with replacement (a deal's rotations together); ``{}`` for no replicates."""
    if replicates < 1:
        return {}
    deals = []
    for recs in records:
        by_deal: dict[int, list[dict[str, Any]]] = {}
        for rec in recs:
            by_deal.setdefault(rec["deal"], []).append(rec)
        deals.append(list(by_deal.values()))
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {}
    for _ in range(replicates):
        drawn = [[rec for deal in rng.choices(lineup_deals, k=len(lineup_deals)) for rec in deal]
                 for lineup_deals in deals]
        for bot, value in fit(lineups, drawn, anchor).items():
            draws.setdefault(bot, []).append(value)
    out = {}
    for bot, values in draws.items():
        values.sort()
        last = len(values) - 1
        out[bot] = (values[int(0.025 * last)], values[int(0.975 * last + 0.5)])  # the 25th, 975th of 1,000
    return out


def rate_levels(name: str, options: dict[str, Any], games: int, seed: int = 0, jobs: int = 1,
                replicates: int = REPLICATES, free: Sequence[str] = (),
                progress: Callable[[str, int], None] | None = None) -> tuple[RoundRobin, dict[str, Any]]:
    """The round robin of ``name``'s levels (``garrison.bots.levels``) and the ratings
    document of ``garrison.bots.level_ratings`` from it (its ``command`` left empty: the caller
    names the command that writes it).

    Raises:
        OptionError: an unknown game or option, or a name in ``free`` the game lacks.
    """
    game = load(name, **options)
    unknown = [n for n in free if n not in game.options]
    if unknown:
        raise OptionError(f"free options {', '.join(unknown)} are not options of {name}; its "
                          f"options: {', '.join(game.options)}")
    named = levels(game)
    bots = [rated_bot(named[level]) for level in LEVELS if level in named]
    played = round_robin(name, options, bots, games, seed, jobs, replicates=replicates,
                         progress=progress)
    by_bot = dict(zip(bots, (level for level in LEVELS if level in named), strict=True))
    rated = {}
    for bot in bots:
        value = played.elo[bot]
        low, high = played.interval.get(bot, (value, value))
        rated[by_bot[bot]] = {"bot": bot, "elo": round(value, 1),
                              "low": round(min(low, value), 1), "high": round(max(high, value), 1)}
    doc = {
        "format": 1, "game": name, "options": played.options, "free": list(free),
        "levels": rated,
        "pairs": [{**p, "bot": by_bot[p["bot"]], "against": by_bot[p["against"]]}
                  for p in played.pairs],
        "games_per_pair": games, "seed": seed, "replicates": replicates,
        "seconds": round(played.seconds, 1), "measured": time.strftime("%Y-%m-%d"),
        "command": "",
    }
    return played, doc


__all__ = ["REPLICATES", "RoundRobin", "bootstrap", "fit", "rate_levels", "round_robin"]
