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


#: The set bits of each byte value, lowest first.
_BITS_OF_BYTE: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(8) if b >> i & 1) for b in range(256))
#: ``_CARDS_OF_BYTE[k][b]``: the cards that byte value ``b`` holds as byte ``k`` of a mask (the
#: first 16 bytes: decks of up to 128 cards are listed by look-ups alone).
_CARDS_OF_BYTE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in bits) for bits in _BITS_OF_BYTE) for k in range(16))


def cards_in(mask: int) -> list[int]:
    """The cards of a bitmask (a non-negative int), lowest index first: a table look-up a byte,
    written out for masks of up to 32 and 64 cards (every hand, pile and table of the games).

    >>> cards_in(0b1000000101), cards_in(1 << 39), cards_in(0)
    ([0, 2, 9], [39], [])
    """
    b = _CARDS_OF_BYTE
    if mask < 1 << 32:
        return [*b[0][mask & 255], *b[1][mask >> 8 & 255], *b[2][mask >> 16 & 255],
                *b[3][mask >> 24]]
    if mask < 1 << 64:
        return [*b[0][mask & 255], *b[1][mask >> 8 & 255], *b[2][mask >> 16 & 255],
                *b[3][mask >> 24 & 255], *b[4][mask >> 32 & 255], *b[5][mask >> 40 & 255],
                *b[6][mask >> 48 & 255], *b[7][mask >> 56]]
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            out += b[k][byte] if k < len(b) else [8 * k + i for i in _BITS_OF_BYTE[byte]]
        mask >>= 8
        k += 1
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
