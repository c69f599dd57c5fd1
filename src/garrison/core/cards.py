"""Cards and decks: a card is an int index into its ``Deck``; a hand or pile is a bitmask int.

Bitmask hands are immutable values (so they fit the State rule: assign, never mutate), cost
nothing to copy, and make "cards of a suit in hand" a single ``&``.

>>> deck = Deck.from_suits(("Acorns", "Bells"), ("7", "8", "A"), ranks=(0, 1, 5))
>>> deck.size, deck.name[4], deck.suit_name(deck.suit_of[4])
(6, 'Bells 8', 'Bells')
>>> hand = mask_of([0, 4, 5])
>>> [deck.name[c] for c in cards_in(hand & deck.suit_mask[1])]
['Bells 8', 'Bells A']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .chance import uniform
from .errors import InvalidActionError

NO_SUIT = -1


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[int]:
    """The cards of a bitmask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    """How many cards a bitmask holds."""
    return mask.bit_count()


def has(mask: int, card: int) -> bool:
    return (mask >> card) & 1 == 1


@dataclass(frozen=True)
class Deck:
    """A fixed list of distinct cards: names, suit index (or ``NO_SUIT``) and rank per card."""

    name: tuple[str, ...]
    suit_of: tuple[int, ...]
    rank_of: tuple[int, ...]
    suits: tuple[str, ...]
    suit_mask: tuple[int, ...] = field(init=False)
    full_mask: int = field(init=False)
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.name)
        if not len(self.suit_of) == len(self.rank_of) == n:
            raise ValueError("deck lists must have one entry per card")
        masks = [0] * len(self.suits)
        for card, suit in enumerate(self.suit_of):
            if suit != NO_SUIT:
                masks[suit] |= 1 << card
        object.__setattr__(self, "suit_mask", tuple(masks))
        object.__setattr__(self, "full_mask", (1 << n) - 1)
        index: dict[str, int] = {}
        for card, nm in enumerate(self.name):
            index.setdefault(" ".join(nm.lower().split()), card)
        object.__setattr__(self, "_index", index)

    @classmethod
    def from_suits(
        cls,
        suits: Sequence[str],
        faces: Sequence[str],
        ranks: Sequence[int] | None = None,
        extra: Sequence[str] = (),
    ) -> Deck:
        """Every face in every suit (``"<suit> <face>"``), then unsuited ``extra`` cards."""
        ranks = tuple(ranks) if ranks is not None else tuple(range(len(faces)))
        names, suit_of, rank_of = [], [], []
        for s, suit in enumerate(suits):
            for f, face in enumerate(faces):
                names.append(f"{suit} {face}")
                suit_of.append(s)
                rank_of.append(ranks[f])
        for nm in extra:
            names.append(nm)
            suit_of.append(NO_SUIT)
            rank_of.append(0)
        return cls(tuple(names), tuple(suit_of), tuple(rank_of), tuple(suits))

    @property
    def size(self) -> int:
        return len(self.name)

    def suit_name(self, suit: int) -> str:
        return "no suit" if suit == NO_SUIT else self.suits[suit]

    def parse(self, text: str) -> int:
        """The card written ``text`` (case and spacing ignored); ``InvalidActionError`` if none."""
        key = " ".join(str(text).lower().split())
        if key not in self._index:
            raise InvalidActionError(f"there is no card '{text}' in this deck")
        return self._index[key]

    def names(self, mask: int) -> list[str]:
        return [self.name[c] for c in cards_in(mask)]


def deal_outcomes(stock: int) -> list[tuple[int, float]]:
    """Chance outcomes for drawing one card from the bitmask ``stock``: each card equally likely."""
    return uniform(cards_in(stock))


__all__ = ["Deck", "NO_SUIT", "mask_of", "cards_in", "count", "has", "deal_outcomes"]
