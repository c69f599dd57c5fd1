"""The Python scoring of one hand that ``scoring.pxi`` replaced, kept as its oracle (the table of
docs/rules/scopa.md, "Scoring a hand" and the variants' extra points).

Each point goes to the one side with strictly the most; a tie for the most scores nothing
(seed: "In case of a tie: No one scores"). The "First" (primiera) adds each side's best
primiera value in every suit; a side without a card of some suit cannot win it (docs/rules/scopa.md, "Scoring a hand").

>>> from garrison.games.scopa.deck import DIAMONDS, SETTEBELLO
>>> hs = score_hand((DIAMONDS, 0), (1, 0), napola=False, re_bello=False)
>>> hs.points, hs.cards, hs.diamonds, hs.primiera, hs.settebello
((4, 0), 0, 0, -1, 0)
"""

from __future__ import annotations

from garrison.games.scopa.constants import NOBODY, RE_BELLO, SETTEBELLO
from garrison.games.scopa.deck import DIAMONDS
from garrison.games.scopa.scoring import HandScore  # the shape of the result only

#: the seed's "First" values by face, written here again (the oracle reads no table of the rules):
#: 7=21 6=18 A=16 5=15 4=14 3=13 2=12 J/Q/K=10
PRIMIERA = tuple((16, 12, 13, 14, 15, 18, 21, 10, 10, 10)[c % 10] for c in range(40))

#: The best primiera value among the cards of one suit, by their 10 bits (0: no card).
_SUIT_BEST = tuple(
    max((PRIMIERA[face] for face in range(10) if bits >> face & 1), default=0)
    for bits in range(1024)
)


def sole_best(values: tuple[int | None, ...]) -> int:
    """The index of the one strictly highest value (``None`` never wins); ``NOBODY`` on a tie.

    >>> sole_best((20, 20)), sole_best((21, 19)), sole_best((None, 40)), sole_best((None, None))
    (-1, 0, 1, -1)
    """
    best, who = None, NOBODY
    for side, v in enumerate(values):
        if v is None:
            continue
        if best is None or v > best:
            best, who = v, side
        elif v == best:
            who = NOBODY
    return who


def primiera_total(pile: int) -> int | None:
    """The best primiera value of each suit added up; ``None`` if a suit is missing.

    >>> from garrison.games.scopa.deck import parse_card as p
    >>> primiera_total(sum(1 << p(c) for c in ("7d", "6h", "ac", "5s", "2s")))
    70
    >>> primiera_total(sum(1 << p(c) for c in ("7d", "7h", "7c"))) is None
    True
    """
    total = 0
    for shift in (0, 10, 20, 30):
        best = _SUIT_BEST[pile >> shift & 1023]
        if not best:
            return None
        total += best
    return total


def napola_points(pile: int) -> int:
    """Diamonds A-2-3 score 3, +1 per further Diamond in unbroken sequence (4, 5, 6, 7, J, Q, K).

    >>> from garrison.games.scopa.deck import parse_card as p
    >>> napola_points(sum(1 << p(c) for c in ("ad", "2d", "3d", "5d")))
    3
    >>> napola_points(sum(1 << p(c) for c in ("ad", "2d", "4d")))
    0
    """
    run = 0
    while run < 10 and pile >> run & 1:
        run += 1
    return run if run >= 3 else 0


def holder(piles: tuple[int, ...], card: int) -> int:
    for side, pile in enumerate(piles):
        if pile >> card & 1:
            return side
    return NOBODY


def score_hand(
    piles: tuple[int, ...], scope: tuple[int, ...], *, napola: bool, re_bello: bool
) -> HandScore:
    """Score one hand from each side's captured pile and sweep count."""
    sides = len(piles)
    card_counts = tuple(p.bit_count() for p in piles)
    diamond_counts = tuple((p & DIAMONDS).bit_count() for p in piles)
    prim = tuple(primiera_total(p) for p in piles)
    cards = sole_best(card_counts)
    diamonds = sole_best(diamond_counts)
    primiera = sole_best(prim)
    settebello = holder(piles, SETTEBELLO)
    king = holder(piles, RE_BELLO) if re_bello else NOBODY
    nap = tuple(napola_points(p) for p in piles) if napola else (0,) * sides
    napoleone = NOBODY
    if napola:
        for side, pile in enumerate(piles):
            if pile & DIAMONDS == DIAMONDS:
                napoleone = side
    points = []
    for side in range(sides):
        pts = scope[side] + nap[side]
        pts += sum(1 for w in (cards, diamonds, primiera, settebello, king) if w == side)
        points.append(pts)
    return HandScore(
        tuple(points), card_counts, diamond_counts, prim, tuple(scope), cards, diamonds,
        primiera, settebello, king, nap, napoleone,
    )
