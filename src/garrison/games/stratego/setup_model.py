"""A model of human setups, fitted to the Gravon games (issue 30): it samples whole legal setups
and tells how likely a rank is on a square.

A layout (``setups.py``: the zone from the owner's chair, back row first, from its left) is
drawn square by square in that order. On square ``i`` the rank ``r`` is drawn with probability
proportional to::

    left[r] * exp(square[i, r] + beside[l, r] + behind[b, r])

where ``left[r]`` counts the pieces of rank ``r`` still to place, ``l`` is the rank already on
the square to the left (or "none") and ``b`` the rank on the square behind (nearer the owner's
back row). With every table zero this is exactly a uniformly random layout (the sampler of
``setups.random_layout``), so the tables say only how people differ from chance: the Flag on
the back row, Bombs next to it, Soldiers in front. The model is defined for a full zone: an
army that fills its setup rows (the classic 40 pieces in 4 rows); other armies keep the uniform
sampler.

``lift[i, r]`` (fitted alongside, from layouts sampled from the model) is how much more often
rank ``r`` stands on square ``i`` than chance; ``determinise.resample`` weighs the hidden ranks of
pieces that never moved by it. The tables live in ``data/prior.npz`` with the move prior's
weights; ``research/train_stratego_prior.py`` fits them.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import lru_cache

import numpy as np

from .pieces import NUM_RANKS
from .prior import load_weights

#: Squares of a full zone and the index of "no piece there yet / off the zone" in the tables.
ZONE = 40
NONE = NUM_RANKS
_RANKS = range(NUM_RANKS)


class SetupModel:
    """The fitted tables (see the module docstring)."""

    square: np.ndarray  # (ZONE, NUM_RANKS)
    beside: np.ndarray  # (NUM_RANKS + 1, NUM_RANKS)
    behind: np.ndarray  # (NUM_RANKS + 1, NUM_RANKS)
    lift: np.ndarray  # (ZONE, NUM_RANKS)
    #: ``lift`` as Python floats, row by row (what ``resample`` reads: no numpy per piece).
    lift_rows: tuple[tuple[float, ...], ...]

    def __init__(self, square: np.ndarray, beside: np.ndarray, behind: np.ndarray,
                 lift: np.ndarray) -> None:
        self.square = np.asarray(square, dtype=np.float64)
        self.beside = np.asarray(beside, dtype=np.float64)
        self.behind = np.asarray(behind, dtype=np.float64)
        self.lift = np.asarray(lift, dtype=np.float64)
        self.lift_rows = tuple(tuple(float(x) for x in row) for row in self.lift)

    @staticmethod
    def fits(army: tuple[int, ...], rows: int) -> bool:
        """Whether the model applies: the army fills a 4-row zone."""
        return rows == 4 and len(army) == ZONE

    def _weights(self, i: int, cells: list[int], left: list[int]) -> list[float]:
        beside = cells[i - 1] if i % 10 else NONE
        behind = cells[i - 10] if i >= 10 else NONE
        logit = self.square[i] + self.beside[beside] + self.behind[behind]
        return [left[r] * math.exp(logit[r]) if left[r] else 0.0 for r in range(NUM_RANKS)]

    def sample(self, army: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        """A layout of ``army`` (which must fill the zone: ``fits``) drawn from the model with
        ``rng``. Raises ``ValueError`` for an army the model does not fit."""
        if len(army) != ZONE:
            raise ValueError(f"the setup model lays out {ZONE} pieces, not {len(army)}")
        left = [0] * NUM_RANKS
        for r in army:
            left[r] += 1
        cells = [NONE] * ZONE
        for i in range(ZONE):
            r = rng.choices(_RANKS, weights=self._weights(i, cells, left))[0]
            cells[i] = r
            left[r] -= 1
        return tuple(cells)

    def log_likelihood(self, layout: tuple[int, ...]) -> float:
        """Natural log of the model's probability of ``layout`` (a full zone)."""
        left = [0] * NUM_RANKS
        for r in layout:
            left[r] += 1
        cells = [NONE] * ZONE
        total = 0.0
        for i, r in enumerate(layout):
            w = self._weights(i, cells, left)
            total += math.log(w[r] / sum(w))
            cells[i] = r
            left[r] -= 1
        return total


def uniform_log_likelihood(army: tuple[int, ...]) -> float:
    """Natural log of the probability of any one layout under the uniform sampler."""
    counts = Counter(army)
    ways = math.lgamma(len(army) + 1) - sum(math.lgamma(c + 1) for c in counts.values())
    return -ways


@lru_cache(maxsize=1)
def setup_model() -> SetupModel:
    """The committed model (``data/prior.npz``). Raises ``OSError`` if the file is missing."""
    w = load_weights()
    return SetupModel(w["setup_square"], w["setup_beside"], w["setup_behind"], w["setup_lift"])


__all__ = ["NONE", "SetupModel", "ZONE", "setup_model", "uniform_log_likelihood"]
