"""Scoring one hand: the table of docs/rules/scopa.md, "Scoring a hand" and the variants' extra points.

Each point goes to the one side with strictly the most; a tie for the most scores nothing
(seed: "In case of a tie: No one scores"). The "First" (primiera) adds each side's best
primiera value in every suit; a side without a card of some suit cannot win it (docs/rules/scopa.md, "Scoring a hand").
The count itself is the compiled rules' (``scoring.pxi``, run at every hand's end without the
GIL); this module gives it to the views as a ``HandScore``.

>>> from .deck import DIAMONDS, SETTEBELLO
>>> hs = score_hand((DIAMONDS, 0), (1, 0), napola=False, re_bello=False)
>>> hs.points, hs.cards, hs.diamonds, hs.primiera, hs.settebello
((4, 0), 0, 0, -1, 0)
"""

from __future__ import annotations

from typing import NamedTuple

from .constants import NOBODY
from .rules import hand_tally, napola_points_c, primiera_total_c, sole_best_ints


class HandScore(NamedTuple):
    """The outcome of one hand; sides are indices, ``NOBODY`` (-1) where no one scores."""

    points: tuple[int, ...]  # total per side this hand
    card_counts: tuple[int, ...]
    diamond_counts: tuple[int, ...]
    primiera_totals: tuple[int | None, ...]  # None: a suit is missing
    scope: tuple[int, ...]
    cards: int  # side scoring "more cards"
    diamonds: int  # side scoring "more Diamonds"
    primiera: int  # side scoring the "First"
    settebello: int  # side holding the 7 of Diamonds
    re_bello: int  # side holding the King of Diamonds (variant re_bello), else NOBODY
    napola: tuple[int, ...]  # napola points per side (variant napola)
    napoleone: int  # side holding all ten Diamonds (variant napola), else NOBODY


def sole_best(values: tuple[int | None, ...]) -> int:
    """The index of the one strictly highest value (``None`` never wins); ``NOBODY`` on a tie.
    Raises ``ValueError`` for more values than a table has seats.

    >>> sole_best((20, 20)), sole_best((21, 19)), sole_best((None, 40)), sole_best((None, None))
    (-1, 0, 1, -1)
    """
    return int(sole_best_ints(values))


def primiera_total(pile: int) -> int | None:
    """The best primiera value of each suit added up; ``None`` if a suit is missing.

    >>> from .deck import parse_card as p
    >>> primiera_total(sum(1 << p(c) for c in ("7d", "6h", "ac", "5s", "2s")))
    70
    >>> primiera_total(sum(1 << p(c) for c in ("7d", "7h", "7c"))) is None
    True
    """
    total: int | None = primiera_total_c(pile)
    return total


def napola_points(pile: int) -> int:
    """Diamonds A-2-3 score 3, +1 per further Diamond in unbroken sequence (4, 5, 6, 7, J, Q, K).

    >>> from .deck import parse_card as p
    >>> napola_points(sum(1 << p(c) for c in ("ad", "2d", "3d", "5d")))
    3
    >>> napola_points(sum(1 << p(c) for c in ("ad", "2d", "4d")))
    0
    """
    return int(napola_points_c(pile))


def score_hand(
    piles: tuple[int, ...], scope: tuple[int, ...], *, napola: bool, re_bello: bool
) -> HandScore:
    """Score one hand from each side's captured pile and sweep count. Raises ``ValueError``
    for more sides than a table has, or a sweep count missing."""
    (points, cards, diamonds, prim, nap, most_cards, most_diamonds, most_primiera, settebello,
     king, napoleone) = hand_tally(piles, scope, napola, re_bello)
    return HandScore(points, cards, diamonds, prim, tuple(scope), most_cards, most_diamonds,
                     most_primiera, settebello, king, nap, napoleone)


__all__ = ["NOBODY", "HandScore", "napola_points", "primiera_total", "score_hand", "sole_best"]
