"""Shared building blocks: decks, bitmask hands, the trick helper, dice, seats, the event log."""

import random

import pytest

from garrison.core import InvalidActionError
from garrison.core.cards import NO_SUIT, Deck, cards_in, count, mask_of
from garrison.core.dice import multisets, probability, roll_faces, roll_id, roll_outcomes
from garrison.core.events import EMPTY, entries, push
from garrison.core.seats import active_order, next_active, order_from
from garrison.core.tricks import Trick, TrickRules

DECK = Deck.from_suits(("Hearts", "Spades", "Clubs"), ("7", "8", "K", "A"), ranks=(0, 1, 4, 5),
                       extra=("Joker",))
C = DECK.parse


def test_deck_layout_and_parsing():
    assert DECK.size == 13
    assert DECK.suit_of[C("joker")] == NO_SUIT
    assert DECK.name[C("  spades   k ")] == "Spades K"
    assert count(DECK.suit_mask[1]) == 4 and DECK.full_mask == (1 << 13) - 1
    with pytest.raises(InvalidActionError, match="no card 'Spades 9'"):
        C("Spades 9")
    assert cards_in(mask_of([5, 1, 9])) == [1, 5, 9]


@pytest.mark.parametrize("width", [1, 8, 31, 32, 33, 40, 63, 64, 65, 128, 129, 300])
def test_cards_in_lists_every_set_bit_in_order(width):
    # the look-ups written out for 32 and 64 cards, the loop beyond, and its tables' end at 128
    rng = random.Random(width)
    for mask in [0, (1 << width) - 1, 1 << (width - 1),
                 *(rng.getrandbits(width) for _ in range(300))]:
        assert cards_in(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]


def test_follow_suit_when_able():
    rules = TrickRules(DECK)
    hand = mask_of([C("Hearts 7"), C("Spades A"), C("Clubs 8")])
    assert rules.playable(hand, 0, trump=1) == mask_of([C("Hearts 7")])
    assert "must follow Hearts: you hold Hearts 7" in rules.duty(hand, 0, 1)
    # void in the led suit: anything goes unless trumping is a duty
    assert rules.playable(mask_of([C("Spades A"), C("Clubs 8")]), 0, 1) == mask_of(
        [C("Spades A"), C("Clubs 8")]
    )


def test_must_trump_when_void_and_free_cards():
    rules = TrickRules(DECK, must_trump=True, free_mask=mask_of([C("Joker")]))
    hand = mask_of([C("Spades A"), C("Clubs 8"), C("Joker")])
    assert rules.playable(hand, 0, trump=1) == mask_of([C("Spades A"), C("Joker")])
    assert "must trump" in rules.duty(hand, 0, 1)
    # void in both: free choice
    assert rules.playable(mask_of([C("Clubs 8")]), 0, 1) == mask_of([C("Clubs 8")])


def test_trick_winner_trump_then_led_suit_then_first():
    rules = TrickRules(DECK)
    assert rules.winner((C("Hearts 8"), C("Hearts A"), C("Clubs A")), trump=1) == 1
    assert rules.winner((C("Hearts 8"), C("Hearts A"), C("Spades 7")), trump=1) == 2
    assert rules.winner((C("Hearts 8"), C("Clubs A")), trump=None) == 0
    # an unsuited card led: the first suited card sets the suit to follow
    assert rules.led_suit((C("Joker"), C("Clubs 7"))) == 2


def test_trick_custom_strength():
    # lowest card wins, any suit
    rules = TrickRules(DECK, strength=lambda c, led, trump: (-DECK.rank_of[c],))
    assert rules.winner((C("Hearts A"), C("Clubs 7"), C("Spades 7")), trump=None) == 1
    t = Trick(leader=2).plus(3).plus(4)
    assert t.cards == (3, 4) and t.seat_of(1, 4) == 3


def test_dice_outcomes_are_multisets_with_multinomial_probabilities():
    for n in range(1, 6):
        outs = roll_outcomes(n)
        assert len(outs) == len(multisets(n))
        assert abs(sum(p for _, p in outs) - 1) < 1e-12
    assert probability((1, 2)) == 2 / 36 and probability((3, 3)) == 1 / 36
    assert roll_faces(5, roll_id((6, 1, 3, 3, 2))) == (1, 2, 3, 3, 6)
    with pytest.raises(InvalidActionError):
        roll_faces(2, 21)
    with pytest.raises(InvalidActionError):
        roll_id((0, 7))


def test_seats_and_turn_order():
    assert order_from(3, 4) == (3, 0, 1, 2)
    assert next_active(1, 4, (True, True, False, False)) == 0
    assert next_active(0, 2, (False, False)) == -1
    assert active_order(1, (True, False, True)) == (2, 0)


def test_event_log_is_persistent():
    a = push(EMPTY, 1)
    b = push(a, 2)
    c = push(a, 3)
    assert entries(b) == [1, 2] and entries(c) == [1, 3] and entries(a) == [1]
    assert entries(push(b, 9), last=2) == [2, 9]
