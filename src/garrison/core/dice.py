"""Dice as chance: one chance action per roll of n dice, the outcome being the sorted multiset.

Rolling n six-sided dice has ``C(n+5, 5)`` distinct sorted outcomes (252 for five dice), each
with its multinomial probability; the outcome id is the index in the sorted list of those
multisets, so ids are stable and small.

>>> outcomes = roll_outcomes(2)
>>> len(outcomes), round(sum(p for _, p in outcomes), 12)
(21, 1.0)
>>> roll_faces(2, 0), roll_faces(2, 20)
((1, 1), (6, 6))
>>> roll_id((3, 1))
2
"""

from __future__ import annotations

import itertools
import math
from functools import cache

from .errors import InvalidActionError


@cache
def multisets(n: int, faces: int = 6) -> tuple[tuple[int, ...], ...]:
    """Every sorted outcome of ``n`` dice, in lexicographic order."""
    return tuple(itertools.combinations_with_replacement(range(1, faces + 1), n))


@cache
def _index(n: int, faces: int) -> dict[tuple[int, ...], int]:
    return {roll: i for i, roll in enumerate(multisets(n, faces))}


def probability(roll: tuple[int, ...], faces: int = 6) -> float:
    """Probability of a sorted multiset outcome: multinomial count over faces**n."""
    outcomes: int = faces ** len(roll)
    return _ways(roll) / outcomes


@cache
def roll_outcomes(n: int, faces: int = 6) -> tuple[tuple[int, float], ...]:
    """``(outcome id, probability)`` for rolling ``n`` dice at once."""
    return tuple((i, probability(roll, faces)) for i, roll in enumerate(multisets(n, faces)))


@cache
def likeliest_first(n: int, faces: int = 6) -> tuple[tuple[int, float], ...]:
    """``roll_outcomes(n)`` ordered from the likeliest roll down (ties by id): the same ids and
    probabilities, so that a sampler walking the list stops early. For five dice a walk reads
    75 entries on average instead of 116 in id order.

    >>> [roll_faces(2, outcome) for outcome, _ in likeliest_first(2)[:3]]
    [(1, 2), (1, 3), (1, 4)]
    """
    table = multisets(n, faces)
    return tuple(sorted(roll_outcomes(n, faces), key=lambda o: (-_ways(table[o[0]]), o[0])))


def _ways(roll: tuple[int, ...]) -> int:
    """How many ordered throws show the sorted ``roll``."""
    ways = math.factorial(len(roll))
    for face in set(roll):
        ways //= math.factorial(roll.count(face))
    return ways


def roll_faces(n: int, outcome: int, faces: int = 6) -> tuple[int, ...]:
    """The faces (sorted) of outcome id ``outcome`` of an ``n``-dice roll."""
    table = multisets(n, faces)
    if not 0 <= outcome < len(table):
        raise InvalidActionError(f"no roll of {n} dice has id {outcome}")
    return table[outcome]


def roll_id(faces_rolled: tuple[int, ...], faces: int = 6) -> int:
    """The outcome id of a roll, given its faces in any order."""
    key = tuple(sorted(faces_rolled))
    try:
        return _index(len(key), faces)[key]
    except KeyError:
        raise InvalidActionError(f"{faces_rolled} is not a roll of {faces}-sided dice") from None


__all__ = [
    "likeliest_first", "multisets", "probability", "roll_outcomes", "roll_faces", "roll_id"
]
