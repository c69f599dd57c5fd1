"""Elo ratings from an arena's games: every game compares each pair of seats held by different
bots (the one that finished ahead scores 1, a tie ½), and a Bradley–Terry model is fitted to all
the comparisons at once (Hunter's MM iteration), so the ratings do not depend on the order of
the games. One virtual drawn comparison per pair of bots that met keeps a bot that never lost
finite. A difference of 400 points means 10:1 odds of finishing ahead.

>>> pairs = pair_scores(["a", "b"], [{"returns": [1, 0]}] * 3 + [{"returns": [0, 1]}])
>>> pairs[("a", "b")]
[3.0, 4]
>>> r = elo(pairs, anchor="b")
>>> r["b"], round(r["a"])
(0.0, 147)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

#: Virtual drawn comparisons added per pair of bots that met (keeps ratings finite).
PRIOR = 1.0


def pair_scores(bots: Sequence[str], records: Iterable[dict[str, Any]],
                into: dict[tuple[str, str], list[float]] | None = None,
                ) -> dict[tuple[str, str], list[float]]:
    """``(a, b) -> [points of a, comparisons]`` over every game of ``records`` played by the
    lineup ``bots`` (slot ``i`` is ``bots[i]``), a before b in name order; ``into`` adds to it."""
    out = {} if into is None else into
    for rec in records:
        r = rec["returns"]
        for i, a in enumerate(bots):
            for j in range(i + 1, len(bots)):
                b = bots[j]
                if a == b:
                    continue
                point = 1.0 if r[i] > r[j] + 1e-12 else 0.0 if r[j] > r[i] + 1e-12 else 0.5
                key, score = ((a, b), point) if a < b else ((b, a), 1.0 - point)
                cell = out.setdefault(key, [0.0, 0])
                cell[0] += score
                cell[1] += 1
    return out


def elo(pairs: dict[tuple[str, str], list[float]], anchor: str | None = None,
        iterations: int = 500) -> dict[str, float]:
    """Elo points per bot (``anchor`` at 0, else the first name at 0) fitted to ``pairs``."""
    names = sorted({n for key in pairs for n in key})
    if not names:
        return {}
    wins = dict.fromkeys(names, 0.0)
    games: dict[tuple[str, str], float] = {}
    for (a, b), (points, count) in pairs.items():
        wins[a] += points + PRIOR / 2
        wins[b] += count - points + PRIOR / 2
        games[(a, b)] = count + PRIOR
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for i in names:
            den = sum(n / (gamma[i] + gamma[j if i == a else a])
                      for (a, j), n in games.items() if i in (a, j))
            new[i] = wins[i] / den if den else gamma[i]
        scale = math.exp(sum(math.log(g) for g in new.values()) / len(new))
        gamma = {k: v / scale for k, v in new.items()}
    base = gamma[anchor if anchor in gamma else names[0]]
    return {n: 400 * math.log10(gamma[n] / base) for n in names}


__all__ = ["PRIOR", "elo", "pair_scores"]
