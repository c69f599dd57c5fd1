"""Exact play of a Gambit turn, and of a whole round (docs/rules/gambit.md, "Bots and the solver").

A turn is a finite acyclic decision process over the multiset ``K`` of dice already set aside.
Before a roll, with ``n`` dice left, the value of ``K`` for a utility ``u`` of the final hand is

    V(K) = sum over rolls r of n dice  P(r) * max over non-empty sub-multisets s of r  V(K + s)

and ``V`` of a finished hand is ``u(hand)``. ``TurnSolver`` lays the whole graph out once per dice
count as flat numpy index arrays (one segment per decision point ``(K, r)``), so one backward
pass with any utility takes about a millisecond, and a forward pass gives the distribution of
the final score under the optimal policy.

Objectives: ``expected`` (maximum expected score) and ``beat`` (maximum probability of a final
score strictly above a target). ``RoundSolver`` adds the round: each player knows the scores
already posted and plays to avoid being lowest, given that the players after them respond in the
same way (backward induction over the seats still to play). ``mode_values`` turns that into a
turn's values for each mode's own stakes: the lowest score alone in lives and coins play, the
pool of Treasure Hunt on top of it, and in Coin Trader the chance of the highest score as well.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import numpy as np

from garrison.core.dice import multisets, probability

from .scoring import has_combination, score


def sub_multisets(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset of a sorted roll, as sorted tuples (fixed order)."""
    counts = sorted(Counter(roll).items())
    out = []
    for picks in itertools.product(*(range(c + 1) for _, c in counts)):
        s = tuple(f for (f, _), k in zip(counts, picks) for _ in range(k))
        if s:
            out.append(s)
    return out


def merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(a + b))


class TurnSolver:
    """The decision graph of one turn with ``dice`` dice, solvable for any utility."""

    def __init__(self, dice: int) -> None:
        self.dice = dice
        self.states: list[tuple[int, ...]] = [k for size in range(dice + 1) for k in multisets(size)]
        self.index = {k: i for i, k in enumerate(self.states)}
        self.root = self.index[()]
        finals = [i for i, k in enumerate(self.states) if len(k) == dice]
        self.finals = np.array(finals)
        self.final_scores = np.array([score(self.states[i]) for i in finals], dtype=np.float64)
        self.score_values = sorted(set(int(s) for s in self.final_scores))
        # One level per number of dice still to roll, solved from 1 up to ``dice``.
        self.levels = [self._level(n) for n in range(1, dice + 1)]

    def _level(self, n: int) -> dict[str, np.ndarray]:
        seg_state: list[int] = []
        seg_prob: list[float] = []
        starts: list[int] = []
        cand: list[int] = []
        for kept in multisets(self.dice - n):
            for roll in multisets(n):
                seg_state.append(self.index[kept])
                seg_prob.append(probability(roll))
                starts.append(len(cand))
                cand.extend(self.index[merge(kept, s)] for s in sub_multisets(roll))
        cand_arr = np.array(cand)
        starts_arr = np.array(starts)
        seg_of_cand = np.repeat(np.arange(len(starts)), np.diff(np.append(starts_arr, len(cand))))
        return {
            "state": np.array(seg_state),
            "prob": np.array(seg_prob),
            "start": starts_arr,
            "cand": cand_arr,
            "seg_of_cand": seg_of_cand,
        }

    def utility(self, objective: str, target: float | None = None) -> np.ndarray:
        """The utility of each finished hand for ``expected`` or ``beat`` (score > target)."""
        if objective == "expected":
            return self.final_scores.copy()
        if objective == "beat":
            if target is None:
                raise ValueError("the 'beat' objective needs a target")
            return (self.final_scores > target).astype(np.float64)
        raise ValueError(f"objective must be 'expected' or 'beat', not {objective!r}")

    def solve(self, final_utility: np.ndarray) -> np.ndarray:
        """V for every kept multiset, given the utility of each finished hand."""
        values = np.zeros(len(self.states))
        values[self.finals] = final_utility
        for level in self.levels:
            best = np.maximum.reduceat(values[level["cand"]], level["start"])
            values += np.bincount(
                level["state"], weights=level["prob"] * best, minlength=len(self.states)
            )
        return values

    def _best_candidates(self, values: np.ndarray, level: dict[str, np.ndarray]) -> np.ndarray:
        vals = values[level["cand"]]
        seg_best = np.maximum.reduceat(vals, level["start"])
        positions = np.arange(len(vals))
        is_best = vals >= seg_best[level["seg_of_cand"]] - 1e-12
        first = np.minimum.reduceat(np.where(is_best, positions, len(vals)), level["start"])
        return level["cand"][first]

    def final_distribution(self, values: np.ndarray) -> dict[int, float]:
        """Probability of each final score when playing greedily on ``values``."""
        mass = np.zeros(len(self.states))
        mass[self.root] = 1.0
        for level in reversed(self.levels):
            best = self._best_candidates(values, level)
            np.add.at(mass, best, mass[level["state"]] * level["prob"])
        dist: dict[int, float] = {}
        for i, s in zip(self.finals, self.final_scores):
            if mass[i]:
                dist[int(s)] = dist.get(int(s), 0.0) + float(mass[i])
        return dist

    def best_set_aside(
        self, values: np.ndarray, before: tuple[int, ...], roll: tuple[int, ...],
        taken: tuple[int, ...] = (),
    ) -> tuple[tuple[int, ...], float]:
        """The best dice to set aside from ``roll`` (including those ``taken`` already)."""
        best: tuple[int, ...] = ()
        best_value = -np.inf
        need = Counter(taken)
        for s in sub_multisets(roll):
            if need - Counter(s):
                continue
            v = values[self.index[merge(before, s)]]
            if v > best_value + 1e-12:
                best, best_value = s, v
        return best, float(best_value)

    def policy_table(self, values: np.ndarray) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float]]:
        """(kept, roll, best set-aside, value) for every decision point, fewest dice kept first."""
        rows = []
        for n in range(self.dice, 0, -1):
            for kept in multisets(self.dice - n):
                for roll in multisets(n):
                    s, v = self.best_set_aside(values, kept, roll)
                    rows.append((kept, roll, s, v))
        return rows


@cache
def turn_solver(dice: int) -> TurnSolver:
    return TurnSolver(dice)


def solve_turn(dice: int, objective: str, target: float | None = None) -> float:
    """The value of a whole turn: maximum expected score, or maximum P(score > target).

    >>> round(solve_turn(5, "expected"), 4)
    26.1532
    """
    solver = turn_solver(dice)
    return float(solver.solve(solver.utility(objective, target))[solver.root])


class RoundSolver:
    """Subgame-perfect play of one round: each player avoids the lowest score.

    ``survive(k, x)``: probability that all of the next ``k`` players score at least ``x``, when
    the lowest score posted so far is ``x`` and each plays this same policy. The player to move,
    with ``k`` players after them and posted minimum ``m``, values a final score ``s`` as 1 if
    ``s > m`` (someone is already lower) and otherwise ``1 - survive(k, s)``.
    """

    def __init__(self, dice: int) -> None:
        self.turn = turn_solver(dice)
        self._survive: dict[tuple[int, int], float] = {}
        self._values: dict[tuple[int, int | None], np.ndarray] = {}

    def utility(self, after: int, posted_min: int | None) -> np.ndarray:
        scores = self.turn.final_scores
        lose = {x: self.survive(after, x) for x in self.turn.score_values}
        out = np.array([1.0 - lose[int(s)] for s in scores])
        if posted_min is not None:
            out[scores > posted_min] = 1.0
        return out

    def values(self, after: int, posted_min: int | None) -> np.ndarray:
        key = (after, posted_min)
        if key not in self._values:
            self._values[key] = self.turn.solve(self.utility(after, posted_min))
        return self._values[key]

    def survive(self, k: int, x: int) -> float:
        if k == 0:
            return 1.0
        key = (k, x)
        if key not in self._survive:
            dist = self.turn.final_distribution(self.values(k - 1, x))
            at_least = sum(p for s, p in dist.items() if s >= x)
            self._survive[key] = at_least * self.survive(k - 1, x)
        return self._survive[key]

    def not_lowest(self, after: int, posted_min: int | None) -> float:
        """Probability that the player to move avoids the lowest score, playing exactly."""
        return float(self.values(after, posted_min)[self.turn.root])


@cache
def round_solver(dice: int) -> RoundSolver:
    return RoundSolver(dice)


@cache
def prize_mask(dice: int, prize: str) -> np.ndarray:
    """1.0 for each finished hand of ``turn_solver(dice)`` that is the combination ``prize``."""
    turn = turn_solver(dice)
    return np.array([1.0 if has_combination(turn.states[i], prize) else 0.0 for i in turn.finals])


@cache
def expected_scores_below(dice: int) -> dict[int, float]:
    """For each score x, the chance that a turn played for the best expected score ends at or
    below x: how the players still to roll are modelled when the highest score pays."""
    turn = turn_solver(dice)
    dist = turn.final_distribution(turn.solve(turn.utility("expected")))
    return {x: sum(p for s, p in dist.items() if s <= x) for x in turn.score_values}


def mode_values(dice: int, mode: str, after: int, posted_min: int | None,
                posted_max: int | None = None, pool: int = 0, prize: str = "") -> np.ndarray:
    """The value of every kept multiset for the player to move, ``after`` players still to
    roll this round and the lowest and highest scores posted so far, in the stakes of ``mode``:

    * ``lives``, ``coins``: the chance of not being lowest (``RoundSolver``);
    * ``treasure``: that, plus ``pool`` coins for a hand that is the ``prize`` combination
      (the lowest pays one coin; the prize takes the pool);
    * ``trader``: that, plus the chance of the highest score (the lowest pays each highest the
      same stake), the players still to roll modelled as playing for their best expected score.

    For the chance of the lowest score the players after are modelled as avoiding it, in
    every mode.
    """
    if mode == "treasure" and pool:
        return _treasure_values(dice, after, posted_min, pool, prize)
    if mode == "trader":
        return _trader_values(dice, after, posted_min, posted_max)
    return round_solver(dice).values(after, posted_min)


@cache
def _treasure_values(dice: int, after: int, posted_min: int | None, pool: int,
                     prize: str) -> np.ndarray:
    rounds = round_solver(dice)
    return rounds.turn.solve(rounds.utility(after, posted_min) + pool * prize_mask(dice, prize))


@cache
def _trader_values(dice: int, after: int, posted_min: int | None,
                   posted_max: int | None) -> np.ndarray:
    rounds = round_solver(dice)
    below = expected_scores_below(dice)
    highest = np.array([0.0 if posted_max is not None and s < posted_max
                        else below[int(s)] ** after for s in rounds.turn.final_scores])
    return rounds.turn.solve(rounds.utility(after, posted_min) + highest)
