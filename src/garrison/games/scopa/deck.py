"""The 40-card Scopa pack (docs/rules/scopa.md, "The pack"): kept in French suits (the
observation's card names, ``7d``), named for players in the Italian suits it is played with:
Coins (Diamonds), Cups (Hearts), Batons (Clubs), Swords (Spades); the settebello is the 7 of
Coins. Typed input reads either.

A card is an int ``suit * 10 + r`` with ``r`` = 0..9 for A, 2, 3, 4, 5, 6, 7, J, Q, K; its capture
value is ``r + 1`` (J 8, Q 9, K 10). Sets of cards are bitmasks (``garrison.core.cards``).

>>> DECK.name[6], VALUE[6], PRIMIERA[6], short(6)
('Diamonds 7', 7, 21, '7♦')
>>> parse_card("7d") == parse_card("Diamonds 7") == parse_card("7♦") == SETTEBELLO
True
>>> italian(6), parse_card("Coins 7") == parse_card("7 of coins") == SETTEBELLO
('Coins 7', True)
"""

from __future__ import annotations

from garrison.core.cards import Deck, cards_in

from .constants import NUM_CARDS, RE_BELLO, SETTEBELLO
from .rules import PRIMIERA_BY_FACE

SUITS = ("Diamonds", "Hearts", "Clubs", "Spades")
FACES = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
SYMBOLS = ("♦", "♥", "♣", "♠")
SUIT_LETTERS = ("d", "h", "c", "s")
#: The Italian suits, in the order of ``SUITS``: the names a player reads.
ITALIAN = ("Coins", "Cups", "Batons", "Swords")

DECK = Deck.from_suits(SUITS, FACES, ranks=tuple(range(1, 11)))
FULL = DECK.full_mask

#: Capture value of each card: A 1, 2..7 face value, J 8, Q 9, K 10.
VALUE: tuple[int, ...] = DECK.rank_of
#: The seed's "First" (primiera) value of each card: 7=21 6=18 A=16 5=15 4=14 3=13 2=12 J/Q/K=10
#: (by face in the rules' ``scoring.pxi``, which scores with them).
PRIMIERA: tuple[int, ...] = tuple(PRIMIERA_BY_FACE[c % 10] for c in range(NUM_CARDS))

DIAMONDS = DECK.suit_mask[0]
SUIT_MASKS = DECK.suit_mask
# SETTEBELLO (6): Diamonds 7, the seed's "7 Bello"; RE_BELLO (9): Diamonds K (rules.pyx).

_ALIASES: dict[str, int] = {}
for _c in range(NUM_CARDS):
    _face, _suit = FACES[_c % 10].lower(), _c // 10
    for _s in (SUIT_LETTERS[_suit], SYMBOLS[_suit], SUITS[_suit].lower(), ITALIAN[_suit].lower()):
        _ALIASES[_face + _s] = _c
        _ALIASES[_s + _face] = _c
        _ALIASES[f"{_face} {_s}"] = _c
        _ALIASES[f"{_s} {_face}"] = _c
        _ALIASES[f"{_face} of {_s}"] = _c
    if _face == "a":
        for _s in (SUIT_LETTERS[_suit], SYMBOLS[_suit], SUITS[_suit].lower(), ITALIAN[_suit].lower()):
            _ALIASES[f"1{_s}"] = _ALIASES[f"ace {_s}"] = _ALIASES[f"ace of {_s}"] = _c
            _ALIASES[f"{_s} ace"] = _c


def short(card: int) -> str:
    """``7♦``: the compact form used by the text view."""
    return FACES[card % 10] + SYMBOLS[card // 10]


def code(card: int) -> str:
    """``7d``: the typeable form."""
    return FACES[card % 10].lower() + SUIT_LETTERS[card // 10]


def italian(card: int) -> str:
    """``Coins 7``: the card as a player reads it (Italian suits)."""
    return f"{ITALIAN[card // 10]} {FACES[card % 10]}"


#: The observation's card name ("Diamonds 7") -> the Italian name ("Coins 7").
ITALIAN_OF_NAME = {DECK.name[c]: italian(c) for c in range(NUM_CARDS)}


def italian_names(mask: int) -> list[str]:
    """The Italian names of the cards of ``mask``, in deck order."""
    return [italian(c) for c in cards_in(mask)]


def names(mask: int) -> list[str]:
    """Full names of the cards of ``mask``, in deck order."""
    return [DECK.name[c] for c in cards_in(mask)]


def parse_card(text: str) -> int:
    """A card from ``Diamonds 7``, ``7d``, ``d7``, ``7♦``, ``7 of diamonds`` (case ignored)."""
    key = " ".join(str(text).lower().split())
    if key in _ALIASES:
        return _ALIASES[key]
    return DECK.parse(key)  # raises InvalidActionError naming the text


#: Full card name -> card, for encoding observations.
CARD_OF_NAME = {n: c for c, n in enumerate(DECK.name)}

__all__ = [
    "CARD_OF_NAME", "DECK", "DIAMONDS", "FULL", "ITALIAN", "ITALIAN_OF_NAME", "NUM_CARDS",
    "PRIMIERA", "RE_BELLO", "SETTEBELLO", "SUITS", "SUIT_MASKS", "VALUE", "code", "italian",
    "italian_names", "names", "parse_card", "short",
]

