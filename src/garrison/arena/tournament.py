"""Tournaments: mirrored deals, seat rotation, parallel play, confidence intervals, ratings.

How a run is laid out
---------------------
A run of ``games`` games between bot slots ``0..n-1`` is cut into *deals*. With mirroring on
(the default), every deal is played ``n`` times, once per cyclic rotation of the seats, and every
time chance draws from the same generator: the k-th chance event of the deal uses the k-th
number of ``Random(seed, deal)``. So the same cards (and, while the game stays in step, the
same dice) come out while each bot sits in each seat once; luck of the deal cancels out. The
number of games is rounded up to whole deals. Without mirroring, game ``i`` is deal ``i`` with
rotation ``i % n`` (the layout of ``garrison simulate``).

Bots draw their seeds from a separate generator (seed, deal, rotation, slot), never from the
chance stream. Results do not depend on ``jobs``: games are collected and ordered by index.

Statistics
----------
Games of one deal are not independent, so every interval treats the *deal* as the unit: the
mean over a deal's rotations is one observation, and the 95% interval is
``1.96 · sd / sqrt(deals)`` over those (a normal approximation; with few deals it is rough).
Where every deal ends at a bound (a bot that won them all) that interval would be empty: a
share or a return there gets the rule of three's ``3 / deals`` of its range instead.
Per bot name (a bot may fill several slots) the run reports mean return, win share (a tie shares
the win), and *advantage*: its return minus the mean return of the other seats in the same game.

Thinking time
-------------
Every call of a bot's ``step`` is timed, wall clock and CPU time of the playing process. A
record keeps, per slot, the moves made, the total and the longest wall seconds and the total CPU
seconds (``"think"``); the summary gives each bot's mean and maximum seconds per move. Timing is
the one part of a record that differs between two runs of the same seed.

Ratings come from ``openskill`` (Plackett–Luce, Weng–Lin), updated game by game in index order
with the returns as scores. When one bot fills several seats of a game, every copy is rated from
the bot's current rating and the bot takes the mean of the copies' new ratings.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from garrison.bots import make_bot
from garrison.core import CHANCE, OptionError, load, sample_chance

from .elo import elo, pair_scores
from .openspiel_bots import ARENA_BOTS
from .ray_runner import run_on_ray


def make_player(game: Any, name: str, seat: int, seed: int | None = None) -> Any:
    """A bot by name: the arena's extra bots (``openspiel-ismcts``), else ``garrison.bots``."""

    base, _, spec = name.strip().lower().partition(":")
    if base.strip() in ARENA_BOTS:
        cls = ARENA_BOTS[base.strip()]
        return (cls.configured(spec) if spec else cls)(game, seat, seed)
    return make_bot(game, name, seat, seed=seed)


#: Clocks of the thinking-time figures (module attributes so a test can replace them).
wall_clock = time.perf_counter
cpu_clock = time.process_time


# -- one game ------------------------------------------------------------------------------------
def _seeded(*parts: int) -> random.Random:
    value = 0
    for p in parts:
        value = (value * 1_000_003 + int(p)) % (2**61 - 1)
    return random.Random(value)


def play_one(
    name: str, options: dict[str, Any], bots: Sequence[str], seed: int, deal: int, rotation: int,
    keep_actions: bool = False,
) -> dict[str, Any]:
    """Play one game: the chance stream of ``deal``, slot ``j`` at seat ``(j + rotation) % n``.

    ``keep_actions`` makes the record a kernel record too (``"game"``, ``"version"``,
    ``"options"``, ``"actions"``), which ``garrison.replay`` and ``garrison replay`` read.
    """
    game = load(name, **options)
    n = game.num_players
    chance_rng = _seeded(seed, deal, 1)
    bot_rng = _seeded(seed, deal, 2, rotation)
    seat_of = [(slot + rotation) % n for slot in range(n)]
    players = {
        seat_of[slot]: make_player(game, bots[slot], seat_of[slot], seed=bot_rng.randrange(2**31))
        for slot in range(n)
    }
    slot_of = {seat: slot for slot, seat in enumerate(seat_of)}
    state = game.new_initial_state()
    moves = 0
    slot_moves = [0] * n
    wall = [0.0] * n
    longest = [0.0] * n
    cpu = [0.0] * n
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, chance_rng))
        else:
            w0, c0 = wall_clock(), cpu_clock()
            action = players[player].step(state)
            dw, dc = wall_clock() - w0, cpu_clock() - c0
            slot = slot_of[player]
            slot_moves[slot] += 1
            wall[slot] += dw
            longest[slot] = max(longest[slot], dw)
            cpu[slot] += dc
            state.apply_action(action, seat=player)
            moves += 1
    returns = state.returns()
    record = {
        "deal": deal, "rotation": rotation, "seats": seat_of, "moves": moves,
        "returns": [float(returns[seat_of[slot]]) for slot in range(n)],
        "think": {"moves": slot_moves, "seconds": wall, "max_seconds": longest,
                  "cpu_seconds": cpu},
    }
    if game.tally is not None:
        tally = game.tally(state)
        record["tally"] = [float(tally[seat_of[slot]]) for slot in range(n)]
    if keep_actions:
        record.update(state.to_record())
    return record


def _play_many(args: tuple[Any, ...]) -> list[dict[str, Any]]:
    name, options, bots, seed, pairs, keep_actions = args
    return [play_one(name, options, bots, seed, d, r, keep_actions) for d, r in pairs]


def schedule(games: int, players: int, mirror: bool) -> list[tuple[int, int]]:
    """(deal, rotation) of every game of a run, in index order."""
    if mirror:
        deals = math.ceil(games / players)
        return [(d, r) for d in range(deals) for r in range(players)]
    return [(i, i % players) for i in range(games)]


# -- statistics ------------------------------------------------------------------------------------
def mean_ci(xs: Sequence[float], bounds: tuple[float, float] | None = None) -> tuple[float, float]:
    """Mean and half-width of its 95% normal interval (``inf`` with fewer than 2 values).

    With ``bounds``, the least and the most a value can be: when every value sits at one of them
    (a bot that won every deal) the normal interval is empty, and the half-width is the rule of
    three's instead, 3/n of the range (a one-sided 95% bound), never more than the range.

    >>> mean_ci([1.0, 1.0, 1.0, 1.0], bounds=(0.0, 1.0))
    (1.0, 0.75)
    """
    n = len(xs)
    if n == 0:
        return 0.0, math.inf
    mean = sum(xs) / n
    if n == 1:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    if var == 0 and bounds is not None and mean in bounds:
        return mean, (bounds[1] - bounds[0]) * min(1.0, 3 / n)
    return mean, 1.96 * math.sqrt(var / n)


#: The bounds of a share (of wins, of the other bots' seats finished ahead of).
SHARE = (0.0, 1.0)


@dataclass
class BotLine:
    """One bot name's results: per-deal means of each measure, plus its rating history."""

    bot: str
    slots: list[int]
    #: The least and the most a seat's return can be (the game's utilities).
    utility: tuple[float, float] | None = None
    returns: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    advantage: list[float] = field(default_factory=list)
    #: With a game's ``tally`` (e.g. Scopa's points): own tally minus the other seats' mean.
    score_advantage: list[float] = field(default_factory=list)
    #: Share of the pairs (own seat, a seat of another bot) in which the own seat ended ahead
    #: (ties half): parity is 0.5 whatever the number of seats (``ahead_shares``).
    ahead: list[float] = field(default_factory=list)
    mu: list[float] = field(default_factory=list)
    sigma: list[float] = field(default_factory=list)
    #: Thinking time over the whole run: moves, wall seconds, longest move, CPU seconds.
    moves: int = 0
    seconds: float = 0.0
    max_seconds: float = 0.0
    cpu_seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        ret, ret_ci = mean_ci(self.returns, self.utility)
        win, win_ci = mean_ci(self.wins, SHARE)
        adv, adv_ci = mean_ci(self.advantage)
        score, score_ci = mean_ci(self.score_advantage) if self.score_advantage else (None, None)
        ahead, ahead_ci = mean_ci(self.ahead, SHARE) if self.ahead else (None, None)
        mu = self.mu[-1] if self.mu else None
        sigma = self.sigma[-1] if self.sigma else None
        return {
            "bot": self.bot, "slots": self.slots,
            "mean_return": ret, "mean_return_ci95": ret_ci,
            "win_rate": win, "win_rate_ci95": win_ci,
            "advantage": adv, "advantage_ci95": adv_ci,
            "score_advantage": score, "score_advantage_ci95": score_ci,
            "ahead_share": ahead, "ahead_share_ci95": ahead_ci,
            "rating_mu": mu, "rating_sigma": sigma,
            "rating_ordinal": None if mu is None else mu - 3 * sigma,  # type: ignore[operator]
            "moves": self.moves,
            "seconds_per_move": self.seconds / self.moves if self.moves else None,
            "max_seconds_per_move": self.max_seconds if self.moves else None,
            "cpu_seconds_per_move": self.cpu_seconds / self.moves if self.moves else None,
        }


@dataclass
class ArenaResult:
    game: str
    options: dict[str, Any]
    bots: list[str]
    seed: int
    mirror: bool
    records: list[dict[str, Any]]
    lines: list[BotLine]
    deals: int

    def elo(self) -> dict[str, float]:
        """Elo points per bot name from the pairs of seats held by different bots (the first
        bot at 0; ``garrison.arena.elo``); empty when one bot fills every seat."""

        return elo(pair_scores(self.bots, self.records), anchor=self.bots[0])

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "options": self.options, "bots": self.bots, "seed": self.seed,
            "mirrored": self.mirror, "games": len(self.records), "deals": self.deals,
            "results": [line.summary() for line in self.lines],
            "elo": self.elo(),
            "slots": _slot_summary(self),
            "ratings": "openskill Plackett-Luce, scores = returns, updated in game order",
            "ci": "95% normal interval over per-deal means (deal = unit); every deal at a "
                  "bound: the rule of three, 3/deals of the range",
            "timing": "seconds per move: wall clock and CPU time of each bot's step calls",
            "records": self.records,
        }


def _slot_summary(result: ArenaResult) -> list[dict[str, Any]]:
    out = []
    for slot, bot in enumerate(result.bots):
        per_deal: dict[int, list[float]] = {}
        for rec in result.records:
            per_deal.setdefault(rec["deal"], []).append(rec["returns"][slot])
        line = next(x for x in result.lines if x.bot == bot)
        mean, ci = mean_ci([sum(v) / len(v) for v in per_deal.values()], line.utility)
        out.append({"slot": slot, "bot": bot, "mean_return": mean, "mean_return_ci95": ci})
    return out


def summarise(
    name: str, options: dict[str, Any], bots: Sequence[str], seed: int, mirror: bool,
    records: list[dict[str, Any]], ratings: bool = True,
) -> ArenaResult:
    """Per-bot statistics (deal-clustered) and rating histories from the game records."""
    names = list(dict.fromkeys(bots))
    game = load(name, **options)
    utility = (game.min_utility, game.max_utility)
    lines = [BotLine(b, [s for s, x in enumerate(bots) if x == b], utility) for b in names]
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for rec in records:
        by_deal.setdefault(rec["deal"], []).append(rec)
    for deal_records in by_deal.values():
        tallied = all("tally" in rec for rec in deal_records)
        acc = {b: [0.0, 0.0, 0.0, 0.0, 0.0] for b in names}
        for rec in deal_records:
            r = rec["returns"]
            shares = win_shares(r)
            ahead = ahead_shares(r, bots)
            for line in lines:
                a = acc[line.bot]
                for s in line.slots:
                    a[0] += r[s]
                    a[1] += shares[s]
                    a[2] += _over_others(r, s)
                    a[4] += ahead[s] or 0.0
                    if tallied:
                        a[3] += _over_others(rec["tally"], s)
        for line in lines:
            k = len(deal_records) * len(line.slots)
            a = acc[line.bot]
            line.returns.append(a[0] / k)
            line.wins.append(a[1] / k)
            line.advantage.append(a[2] / k)
            if len(names) > 1:
                line.ahead.append(a[4] / k)
            if tallied:
                line.score_advantage.append(a[3] / k)
    _add_timing(lines, records)
    if ratings:
        _rate(lines, bots, records)
    return ArenaResult(name, options, list(bots), seed, mirror, records, lines, len(by_deal))


def ahead_shares(returns: Sequence[float], bots: Sequence[str]) -> list[float | None]:
    """Per slot, the share of the seats held by *other* bot names that it finished ahead of
    (ties count half); ``None`` when every seat holds the same bot.

    With one bot against copies of another this is its head-to-head share of wins, and parity
    is 0.5 whatever the number of seats (a win share's parity is 1/seats):

    >>> ahead_shares([3, 1, 1, 5], ["a", "b", "b", "b"])
    [0.6666666666666666, 0.0, 0.0, 1.0]
    """
    out: list[float | None] = []
    for s, bot in enumerate(bots):
        others = [o for o, b in enumerate(bots) if b != bot]
        if not others:
            out.append(None)
            continue
        won = sum(1.0 if returns[s] > returns[o] + 1e-12 else
                  0.5 if abs(returns[s] - returns[o]) <= 1e-12 else 0.0 for o in others)
        out.append(won / len(others))
    return out


def _over_others(values: Sequence[float], slot: int) -> float:
    """The slot's value minus the mean of the other slots' values."""
    n = len(values)
    return values[slot] - (sum(values) - values[slot]) / (n - 1) if n > 1 else 0.0


def _add_timing(lines: list[BotLine], records: list[dict[str, Any]]) -> None:
    """Sum each bot's thinking time over its slots (records without timing are skipped)."""
    for rec in records:
        think = rec.get("think")
        if not think:
            continue
        for line in lines:
            for s in line.slots:
                line.moves += think["moves"][s]
                line.seconds += think["seconds"][s]
                line.cpu_seconds += think["cpu_seconds"][s]
                line.max_seconds = max(line.max_seconds, think["max_seconds"][s])


def _rate(lines: list[BotLine], bots: Sequence[str], records: list[dict[str, Any]]) -> None:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {line.bot: model.rating(name=line.bot) for line in lines}
    for rec in records:
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma)] for b in bots]
        new = model.rate(teams, scores=list(rec["returns"]))
        for line in lines:
            mus = [new[s][0].mu for s in line.slots]
            sigmas = [new[s][0].sigma for s in line.slots]
            current[line.bot] = model.rating(mu=sum(mus) / len(mus), sigma=sum(sigmas) / len(sigmas))
            line.mu.append(current[line.bot].mu)
            line.sigma.append(current[line.bot].sigma)


# -- running ---------------------------------------------------------------------------------------
def play_plan(
    name: str, options: dict[str, Any], bots: Sequence[str], seed: int,
    plan: Sequence[tuple[int, int]], collect: Callable[[list[dict[str, Any]]], None],
    jobs: int = 1, ray_address: str | None = None, keep_actions: bool = False,
) -> None:
    """Play every ``(deal, rotation)`` of ``plan`` with :func:`play_one`, here, in ``jobs``
    processes or on Ray, passing each batch of records to ``collect`` as it ends (in the order
    batches finish). The one engine of ``garrison arena`` and ``garrison simulate``."""
    # one game per batch when playing in this process (records and progress come game by game)
    size = 1 if jobs <= 1 and ray_address is None else max(1, min(8, len(plan) // (jobs * 4)))
    chunks = [list(plan[i:i + size]) for i in range(0, len(plan), size)]
    tasks = [(name, options, list(bots), seed, c, keep_actions) for c in chunks]
    if ray_address is not None:

        run_on_ray(ray_address, _play_many, tasks, collect)
    elif jobs <= 1:
        for task in tasks:
            collect(_play_many(task))
    else:

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_many, t) for t in tasks]
            for future in as_completed(futures):
                collect(future.result())


def win_shares(returns: Sequence[float]) -> list[float]:
    """1 for the best return, split evenly among ties; 0 otherwise."""
    best = max(returns)
    top = [r >= best - 1e-12 for r in returns]
    k = sum(top)
    return [1.0 / k if t else 0.0 for t in top]


def run_arena(
    name: str,
    options: dict[str, Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    mirror: bool = True,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
    ratings: bool = True,
    on_record: Callable[[dict[str, Any]], None] | None = None,
    keep_actions: bool = False,
) -> ArenaResult:
    """Play a tournament and summarise it (see the module docstring).

    ``on_record`` is called with each game's record as soon as its batch is done (in the order
    batches finish), e.g. to save a long run as it goes. ``keep_actions``: every game's record
    is also a kernel record that replays it (see ``play_one``).
    """
    game = load(name, **options)
    if games < 1:
        raise OptionError("the number of games must be at least 1")
    if len(bots) != game.num_players:
        raise OptionError(
            f"{game.title} with these options has {game.num_players} seats; got {len(bots)} bots"
        )
    for slot, bot in enumerate(bots):
        make_player(game, bot, slot, seed=0)  # unknown names and bad settings fail here, once
    plan = schedule(games, game.num_players, mirror)
    records: list[dict[str, Any]] = []

    def collect(batch: list[dict[str, Any]]) -> None:
        records.extend(batch)
        if on_record:
            for rec in batch:
                on_record(rec)
        if progress:
            progress(len(batch))

    play_plan(name, game.options, bots, seed, plan, collect, jobs=jobs, ray_address=ray_address,
              keep_actions=keep_actions)
    order = {pair: i for i, pair in enumerate(plan)}
    records.sort(key=lambda r: order[(r["deal"], r["rotation"])])
    return summarise(name, game.options, bots, seed, mirror, records, ratings)


def round_robin_lineups(bots: Sequence[str], seats: int,
                        teams: Sequence[Sequence[int]] | None = None) -> list[list[str]]:
    """The lineups of a round robin among ``bots`` (listed weakest first): for every pair, the
    later bot in one seat and the earlier one in all the others (with two seats, one each).
    With ``teams`` (``Game.teams``: seats that share a result), the later bot holds every seat
    of the first team: a bot is measured with partners of its own kind.

    >>> round_robin_lineups(["random", "heuristic", "ismcts"], 3)
    [['heuristic', 'random', 'random'], ['ismcts', 'random', 'random'], ['ismcts', 'heuristic', 'heuristic']]
    >>> round_robin_lineups(["greedy", "ismcts"], 4, teams=[(0, 2), (1, 3)])
    [['ismcts', 'greedy', 'ismcts', 'greedy']]
    """
    names = list(dict.fromkeys(bots))
    first = set(teams[0]) if teams else {0}
    return [[b if seat in first else a for seat in range(seats)]
            for i, a in enumerate(names) for b in names[i + 1:]]


def load_records(path: str | Path, game: str | None = None) -> list[dict[str, Any]]:
    """The game records a run saved with ``garrison arena --save`` (one JSON object a line);
    with ``game``, only a run of that game is accepted. Raises ``ValueError`` for a line that
    is not JSON (``json.JSONDecodeError``) or, with ``game``, a record of another game, and
    ``OSError`` for a file that cannot be read."""
    with open(path, encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    if game is not None:
        for record in records:
            if record.get("game") != game:
                raise ValueError(f"{path}: a run of {record.get('game')!r}, not of {game!r}")
    return records


__all__ = ["ArenaResult", "BotLine", "ahead_shares", "load_records", "mean_ci", "play_one",
           "play_plan", "round_robin_lineups", "run_arena", "schedule", "summarise", "win_shares"]
