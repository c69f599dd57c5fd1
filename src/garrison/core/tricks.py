"""Trick-taking, once for every game: who may play what, and who wins a trick.

The follow duty and the ranking are parameters, so Soldateska (follow suit, unsuited specials
playable at any time), Solo 66 (follow suit, else trump if you can) and 1848's rounds share it.

>>> from garrison.core.cards import Deck, mask_of
>>> deck = Deck.from_suits(("Hearts", "Spades"), ("9", "10", "A"), ranks=(0, 1, 2))
>>> rules = TrickRules(deck, must_trump=True)
>>> hand = mask_of([deck.parse("Spades 9"), deck.parse("Spades A")])
>>> [deck.name[c] for c in cards_in(rules.playable(hand, led_suit=0, trump=1))]
['Spades 9', 'Spades A']
>>> trick = (deck.parse("Hearts 9"), deck.parse("Hearts A"), deck.parse("Spades 9"))
>>> rules.winner(trick, trump=1)
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import NO_SUIT, Deck, cards_in

#: Ranking of a card in a finished trick: larger wins; ``None`` can never win.
Strength = Callable[[int, int, int | None], tuple[int, ...] | None]

__all__ = ["TrickRules", "Trick", "cards_in"]


@dataclass(frozen=True)
class Trick:
    """A trick in play: who led, and the cards in the order played (immutable)."""

    leader: int
    cards: tuple[int, ...] = ()

    def plus(self, card: int) -> Trick:
        return Trick(self.leader, self.cards + (card,))

    def seat_of(self, index: int, num_players: int) -> int:
        """The seat that played the ``index``-th card, seats following clockwise from the leader."""
        return (self.leader + index) % num_players


class TrickRules:
    """Follow duty and trick ranking for one deck.

    * ``must_trump``: a player void in the led suit must play a trump if holding one.
    * ``free_mask``: cards that may be played at any time, whatever the duty (e.g. specials).
    * ``strength``: custom ranking ``(card, led_suit, trump) -> tuple | None``; the default is
      trump beats the led suit beats everything else, higher rank wins within a suit, and a card
      of another suit never wins.
    * ``led_suit``: which suit a trick's cards make "led" (default: the first suited card's).
    """

    def __init__(
        self,
        deck: Deck,
        *,
        must_trump: bool = False,
        free_mask: int = 0,
        strength: Strength | None = None,
    ) -> None:
        self.deck = deck
        self.must_trump = must_trump
        self.free_mask = free_mask
        self.strength = strength or self.default_strength

    def default_strength(self, card: int, led: int, trump: int | None) -> tuple[int, ...] | None:
        suit = self.deck.suit_of[card]
        rank = self.deck.rank_of[card]
        if trump is not None and suit == trump:
            return (2, rank)
        if suit == led:
            return (1, rank)
        return None

    def led_suit(self, cards: Sequence[int]) -> int:
        """The suit to follow: that of the first suited card played (``NO_SUIT`` if none yet)."""
        suit_of = self.deck.suit_of
        for card in cards:
            if suit_of[card] != NO_SUIT:
                return suit_of[card]
        return NO_SUIT

    def playable(self, hand: int, led_suit: int, trump: int | None) -> int:
        """The cards of ``hand`` (bitmask) that may be played to a trick whose led suit is given."""
        if led_suit == NO_SUIT:
            return hand
        free = hand & self.free_mask
        follow = hand & self.deck.suit_mask[led_suit] & ~free
        if follow:
            return follow | free
        if self.must_trump and trump is not None and trump != NO_SUIT:
            trumps = hand & self.deck.suit_mask[trump] & ~free
            if trumps:
                return trumps | free
        return hand

    def duty(self, hand: int, led_suit: int, trump: int | None) -> str | None:
        """In words, the duty that limits the play (``None`` when any card may be played)."""
        allowed = self.playable(hand, led_suit, trump)
        if allowed == hand:
            return None
        led_name = self.deck.suit_name(led_suit)
        if hand & self.deck.suit_mask[led_suit]:
            held = ", ".join(self.deck.names(hand & self.deck.suit_mask[led_suit]))
            return f"you must follow {led_name}: you hold {held}"
        assert trump is not None
        held = ", ".join(self.deck.names(hand & self.deck.suit_mask[trump]))
        return f"you hold no {led_name}, so you must trump: you hold {held}"

    def winner(self, cards: Sequence[int], trump: int | None) -> int:
        """Index (in play order) of the card that wins the trick; ties go to the earlier card."""
        led = self.led_suit(cards)
        best_index, best = 0, None
        for index, card in enumerate(cards):
            s = self.strength(card, led, trump)
            if s is not None and (best is None or s > best):
                best_index, best = index, s
        return best_index
