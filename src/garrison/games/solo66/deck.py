"""The French 32-card Skat pack as Solo 66 uses it: suits, faces, card points.

A card is an int ``suit * 8 + face``. Suits are numbered by their bidding rank, lowest first
(Diamonds 0, Hearts 1, Spades 2, Clubs 3), so "a higher suit" is simply a larger number. Faces are
numbered by trick rank, lowest first (7 8 9 J Q K 10 A): Jacks are plain cards of their suit.

>>> DECK.name[card(CLUBS, ACE)], points_of(mask_of([card(HEARTS, TEN), card(SPADES, JACK)]))
('Clubs A', 12)
"""

from __future__ import annotations

from garrison.core.cards import Deck, cards_in, mask_of

from . import constants

DIAMONDS, HEARTS, SPADES, CLUBS = range(4)
SUITS = ("Diamonds", "Hearts", "Spades", "Clubs")
SUIT_SYMBOLS = ("♦", "♥", "♠", "♣")
FACES = ("7", "8", "9", "J", "Q", "K", "10", "A")
SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE = range(8)
#: Card points of each face (Skat values): 120 in the pack.
FACE_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)
#: Points for taking the last trick; with the pack that makes 130 (the rules': rules.pyx).
LAST_TRICK_BONUS = constants.LAST_BONUS
TOTAL_POINTS = constants.TOTAL

DECK = Deck.from_suits(SUITS, FACES)
NUM_CARDS = constants.CARDS
FULL = DECK.full_mask
SUIT_MASK = DECK.suit_mask
CARD_POINTS = tuple(FACE_POINTS[c % 8] for c in range(NUM_CARDS))

# points of any 8-bit suit pattern, so a pile's points are four table look-ups
_BYTE_POINTS = tuple(
    sum(FACE_POINTS[f] for f in range(8) if (pattern >> f) & 1) for pattern in range(256)
)


def card(suit: int, face: int) -> int:
    return suit * 8 + face


def suit_of(c: int) -> int:
    return c >> 3


def face_of(c: int) -> int:
    return c & 7


def points_of(mask: int) -> int:
    """Card points in a bitmask pile."""
    return (
        _BYTE_POINTS[mask & 0xFF]
        + _BYTE_POINTS[(mask >> 8) & 0xFF]
        + _BYTE_POINTS[(mask >> 16) & 0xFF]
        + _BYTE_POINTS[mask >> 24]
    )


def short_name(c: int) -> str:
    """Compact form for the table view, e.g. ``♥10``."""
    return SUIT_SYMBOLS[c >> 3] + FACES[c & 7]


_SUIT_KEYS = {
    "d": DIAMONDS, "diamonds": DIAMONDS, "diamond": DIAMONDS, "♦": DIAMONDS,
    "h": HEARTS, "hearts": HEARTS, "heart": HEARTS, "♥": HEARTS,
    "s": SPADES, "spades": SPADES, "spade": SPADES, "♠": SPADES,
    "c": CLUBS, "clubs": CLUBS, "club": CLUBS, "♣": CLUBS,
}
_FACE_KEYS = {
    "7": SEVEN, "8": EIGHT, "9": NINE, "j": JACK, "jack": JACK, "q": QUEEN, "queen": QUEEN,
    "k": KING, "king": KING, "10": TEN, "t": TEN, "ten": TEN, "a": ACE, "ace": ACE,
}


def parse_suit(text: str) -> int | None:
    """A suit from a word, an initial or a symbol; ``None`` if the text names none."""
    return _SUIT_KEYS.get(text.strip().lower())


def parse_card(text: str) -> int | None:
    """A card from ``Hearts 10``, ``h10``, ``10h``, ``♥10`` or ``10 of hearts``; ``None`` if none."""
    key = "".join(text.lower().replace(" of ", " ").split())
    for s_key, suit in _SUIT_KEYS.items():
        for f_key, face in _FACE_KEYS.items():
            if key in (s_key + f_key, f_key + s_key):
                return card(suit, face)
    return None


__all__ = [
    "ACE", "CARD_POINTS", "CLUBS", "DECK", "DIAMONDS", "EIGHT", "FACES", "FACE_POINTS", "FULL",
    "HEARTS", "JACK", "KING", "LAST_TRICK_BONUS", "NINE", "NUM_CARDS", "QUEEN", "SEVEN", "SPADES",
    "SUITS", "SUIT_MASK", "SUIT_SYMBOLS", "TEN", "TOTAL_POINTS", "card", "cards_in", "face_of",
    "mask_of", "parse_card", "parse_suit", "points_of", "short_name", "suit_of",
]
