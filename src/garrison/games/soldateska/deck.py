"""The Soldateska cards: one table of 62 cards, the decks in play, and the trick rules per trump.

Card ids (stable, used as action ids too):

* weapon and Tobacco cards: ``suit * 10 + value - 1`` with suits Daggers 0, Pistols 1,
  Rapiers 2, Sabers 3, Tobacco 4 and values 1..10 (0..49);
* the ten special cards in the seed's order: General 50, Oberst 51, Major 52, Hauptman 53,
  Lieutenant 54, Flag 55, Deserter 56, Spy 57, Kokette 58, Bomb 59;
* the two Duel cards: 60 and 61.

>>> NAMES[card_of(SABERS, 3)], NAMES[card_of(TOBACCO, 10)], NAMES[BOMB]
('Sabers 3', 'Tobacco -10', 'Bomb')
>>> count(deck_mask(3, "standard")), count(deck_mask(4, "five_suits")), count(deck_mask(5, "full"))
(32, 42, 62)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from garrison.core.cards import NO_SUIT, Deck, count, mask_of
from garrison.core.tricks import TrickRules

from . import constants
from .constants import BOMB, DESERTER, FLAG, KOKETTE, NUM_CARDS, SPY, TOBACCO, TRUMPS

DATA = json.loads((Path(__file__).parent / "data" / "soldateska.json").read_text())

SUITS: tuple[str, ...] = tuple(DATA["suits"])
DAGGERS, PISTOLS, RAPIERS, SABERS = range(4)  # then TOBACCO (4); the effective suit of every
# trump card (officers, Flag, Spy and a declared weapon suit) is TRUMPS (5): rules.pyx's
EFFECTIVE_SUITS = SUITS + ("Trumps",)

SPECIALS: tuple[str, ...] = tuple(DATA["specials"])
# the specials, GENERAL (50) ... LIEUTENANT (54), then FLAG, DESERTER, SPY, KOKETTE, BOMB (59), are
# the rules' (rules.pyx)
GENERAL, OBERST, MAJOR = constants.GENERAL_, constants.OBERST_, constants.MAJOR_
HAUPTMAN, LIEUTENANT = constants.HAUPTMAN_, constants.LIEUTENANT_
DUEL1, DUEL2 = 60, 61

DUELS = mask_of((DUEL1, DUEL2))
#: The officers and Flag and Spy: always trump.
TRUMP_SPECIALS = mask_of((GENERAL, OBERST, MAJOR, HAUPTMAN, LIEUTENANT, FLAG, SPY))
#: Cards with no suit that are never trump (they can be discarded or led).
SUITLESS = mask_of((DESERTER, KOKETTE, BOMB))
#: The four '10's that carry a medal (Tobacco has none).
MEDALS = mask_of(s * 10 + 9 for s in (DAGGERS, PISTOLS, RAPIERS, SABERS))

RANK_NAMES: tuple[str, ...] = tuple(DATA["ranks"])
G, O, M, H, L, D = range(6)  # noqa: E741 - the ranks by their initials
WAGES: tuple[int, ...] = tuple(DATA["wages"][r] for r in RANK_NAMES)
DIE_FACES: tuple[int, ...] = tuple(DATA["die_faces"])


NOT_DUELS = ((1 << 62) - 1) & ~((1 << 60) | (1 << 61))


def card_of(suit: int, value: int) -> int:
    """The id of the weapon (or Tobacco) card ``value`` of ``suit``."""
    return suit * 10 + value - 1


def _tables() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    names, suit_of, face, points = [], [], [], []
    for s, suit in enumerate(SUITS):
        for v in DATA["values"]:
            negative = suit == DATA["negative_suit"]
            names.append(f"{suit} {-v if negative else v}")
            suit_of.append(s)
            face.append(v)
            points.append(-v if negative else v)
    for nm in SPECIALS + tuple(DATA["duels"]):
        names.append(nm)
        suit_of.append(NO_SUIT)
        face.append(0)
        points.append(0)
    return tuple(names), tuple(suit_of), tuple(face), tuple(points)


#: Name, printed suit, face (1..10, Tobacco by its size: -10 is the highest) and rank points.
NAMES, SUIT_OF, FACE, POINTS = _tables()
BASE_DECK = Deck(NAMES, SUIT_OF, FACE, SUITS)
SUIT_MASK: tuple[int, ...] = BASE_DECK.suit_mask


def personalities(players: int) -> tuple[int, ...]:
    """The ranks in play for ``players`` (seed, "Game Personalities"), General first."""
    return tuple(RANK_NAMES.index(r) for r in DATA["personalities"][str(players)])


def officers_without_deserter(players: int) -> tuple[int, ...]:
    """The ranks when the Deserter card is not in the mix: the Deserter gives way to the
    highest officer rank not yet used (seed, "Game Variants")."""
    ranks = [r for r in personalities(players) if r != D]
    extra = next(r for r in (G, O, M, H, L) if r not in ranks)
    return tuple(sorted(ranks + [extra]))


@cache
def deck_mask(players: int, deck: str) -> int:
    """The cards in play for this player count and deck variant (seed, "Card Distribution")."""
    specials = mask_of(range(50, NUM_CARDS))
    if deck == "full" or players == 6:
        return (1 << NUM_CARDS) - 1
    if deck == "five_suits":
        low = DATA["five_suits_lowest_kept"][str(players)]
        return specials | mask_of(
            card_of(s, v) for s in range(len(SUITS)) for v in range(low, 11)
        )
    wanted = [SUITS.index(s) for s in DATA["standard_deck_suits"][str(players)]]
    m = specials
    for s in wanted:
        m |= SUIT_MASK[s]
    return m


def suits_in(mask: int) -> tuple[int, ...]:
    """The suits with at least one card in ``mask``."""
    return tuple(s for s in range(len(SUITS)) if mask & SUIT_MASK[s])


class SoldateskaTricks(TrickRules):
    """The kernel's trick rules with Soldateska's lead: a Duel card sets no suit (the next card
    does), and a suitless card (Deserter, Kokette, Bomb) led leaves the trick without a suit."""

    def led_suit(self, cards: Sequence[int]) -> int:
        for card in cards:
            if not (DUELS >> card) & 1:
                return self.deck.suit_of[card]
        return NO_SUIT


def _strength_for(deck: Deck) -> Callable[[int, int, int | None], tuple[int, ...] | None]:
    suit_of, rank_of = deck.suit_of, deck.rank_of

    def strength(card: int, led: int, trump: int | None) -> tuple[int, ...] | None:
        suit = suit_of[card]
        if suit == TRUMPS:
            return (2, rank_of[card])
        if suit == led and suit != NO_SUIT:
            return (1, rank_of[card])
        return None

    return strength


@cache
def trick_rules(trump: int, duel_anytime: bool) -> SoldateskaTricks:
    """Follow duty and trick ranking when ``trump`` (a weapon suit, or NO_SUIT for officers only)
    joins the trump group (seed, "Game Idea", "The 2nd Round and On")."""
    suit_of = list(SUIT_OF)
    rank_of = list(FACE)
    for card, name in enumerate(NAMES):
        if name in DATA["trump_rank"]:
            suit_of[card] = TRUMPS
            rank_of[card] = DATA["trump_rank"][name]
    if trump != NO_SUIT:
        for card in range(trump * 10, trump * 10 + 10):
            suit_of[card] = TRUMPS
    deck = Deck(NAMES, tuple(suit_of), tuple(rank_of), EFFECTIVE_SUITS)
    return SoldateskaTricks(
        deck, must_trump=False, free_mask=DUELS if duel_anytime else 0, strength=_strength_for(deck)
    )


def points(mask: int) -> int:
    """Rank value of a pile: weapon values, Tobacco negative, every other card nothing."""
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def sort_key(card: int) -> tuple[int, int]:
    """Hand order for a person: by suit (specials, then Duels last), high card first."""
    suit = SUIT_OF[card]
    if suit == NO_SUIT:
        return (len(SUITS) + (1 if card >= DUEL1 else 0), card)
    return (suit, -FACE[card])


def names(mask_or_cards: int | Sequence[int]) -> list[str]:
    cards = BASE_DECK.names(mask_or_cards) if isinstance(mask_or_cards, int) else [
        NAMES[c] for c in mask_or_cards
    ]
    return cards


__all__ = [
    "BASE_DECK", "BOMB", "D", "DESERTER", "DUELS", "FLAG", "G", "KOKETTE", "MEDALS", "NAMES",
    "NUM_CARDS", "POINTS", "RANK_NAMES", "SPY", "SUITS", "TOBACCO", "TRUMPS", "WAGES", "card_of",
    "count", "deck_mask", "personalities", "points", "trick_rules",
]
