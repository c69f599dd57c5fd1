"""Scoring a finished hand (seed: "Rules", second paragraph; "Four or six dice").

A hand scores its pip sum unless it matches a combination, which is worth a fixed value above
any pip sum. The combinations are data (``data/combinations.json``), one table per dice count.

>>> score((1, 1, 1, 1, 1)), score((2, 3, 4, 5, 6)), score((1, 2, 3, 4, 6))
(31, 40, 16)
>>> combination_name((3, 3, 4, 4, 6, 6))
'three pairs'
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Any

from garrison.core.dice import multisets


@cache
def combinations(dice: int) -> tuple[dict[str, Any], ...]:
    """The combination table for ``dice`` dice (none for 2 or 3: the seed names none)."""
    text = resources.files(__package__).joinpath("data/combinations.json").read_text("utf-8")
    return tuple(json.loads(text).get(str(dice), ()))


def _match(hand: tuple[int, ...], combo: dict[str, Any]) -> int | None:
    if "kind" in combo:
        return combo["kind"] + hand[0] if len(set(hand)) == 1 else None
    if "run" in combo:
        return combo["value"] if list(hand) == combo["run"] else None
    if "pattern" in combo:
        counts = sorted(Counter(hand).values(), reverse=True)
        return combo["value"] if counts == sorted(combo["pattern"], reverse=True) else None
    raise ValueError(f"combination without a rule: {combo}")


def best_combination(hand: tuple[int, ...]) -> tuple[str, int] | None:
    """The highest-valued combination a sorted hand matches, as (name, value), or ``None``."""
    best = None
    for combo in combinations(len(hand)):
        value = _match(hand, combo)
        if value is not None and (best is None or value > best[1]):
            best = (combo["name"], value)
    return best


@cache
def _table(dice: int) -> dict[tuple[int, ...], int]:
    out = {}
    for hand in multisets(dice):
        combo = best_combination(hand)
        out[hand] = combo[1] if combo else sum(hand)
    return out


def score(hand: tuple[int, ...]) -> int:
    """The score of a finished hand (any order)."""
    return _table(len(hand))[tuple(sorted(hand))]


def combination_name(hand: tuple[int, ...]) -> str:
    """The hand's combination, or ``"pip sum"``."""
    combo = best_combination(tuple(sorted(hand)))
    return combo[0] if combo else "pip sum"


def score_range(dice: int) -> tuple[int, int]:
    """The lowest and highest possible scores with ``dice`` dice."""
    values = _table(dice).values()
    return min(values), max(values)


def has_combination(hand: tuple[int, ...], name: str) -> bool:
    """Whether the hand matches the combination called ``name`` (e.g. Treasure Hunt's prize)."""
    hand = tuple(sorted(hand))
    return any(c["name"] == name and _match(hand, c) is not None for c in combinations(len(hand)))


def combination_names(dice: int) -> tuple[str, ...]:
    return tuple(c["name"] for c in combinations(dice))
