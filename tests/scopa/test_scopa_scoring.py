"""Every line of the seed's scoring table (docs/rules/scopa.md, "Scoring a hand"), the primiera values, the
missing-suit rule and the variants' points (checklist items 5 and 8)."""

from __future__ import annotations

import pytest
from scopa_helpers import card

from garrison.games.scopa.deck import DIAMONDS, FULL, SUIT_MASKS
from garrison.games.scopa.scoring import NOBODY, napola_points, primiera_total, score_hand


def pile(cards: str) -> int:
    return sum(1 << card(c) for c in cards.split())


def score(a: int, b: int, scope=(0, 0), napola=False, re_bello=False):
    return score_hand((a, b), scope, napola=napola, re_bello=re_bello)


# A split of the pack in which side 0 has 21 cards, 6 Diamonds (not the 7), all four suits.
SIDE0 = pile("ad 2d 3d 4d 5d 6d 7h 6h ah 5h 4h 3h 2h jh 7c 6c ac 5c 4c 3c 2c")
SIDE1 = FULL & ~SIDE0


def test_split_used_below():
    assert SIDE0.bit_count() == 21 and (SIDE0 & DIAMONDS).bit_count() == 6


# -- "More cards: 1 point; in case of a tie no one scores" -------------------------------------
def test_more_cards_scores_one_point():
    hs = score(SIDE0, SIDE1)
    assert hs.card_counts == (21, 19) and hs.cards == 0


def test_cards_tie_20_20_scores_nothing():
    a = SIDE0 & ~pile("jh")
    hs = score(a, FULL & ~a)
    assert hs.card_counts == (20, 20) and hs.cards == NOBODY


# -- "More cards from Diamonds: 1 point; tie: no one scores" -----------------------------------
def test_more_diamonds_scores_one_point():
    hs = score(SIDE0, SIDE1)
    assert hs.diamond_counts == (6, 4) and hs.diamonds == 0


def test_diamonds_tie_5_5_scores_nothing():
    a = (SIDE0 & ~pile("6d")) | pile("kh")
    hs = score(a, FULL & ~a)
    assert hs.diamond_counts == (5, 5) and hs.diamonds == NOBODY


# -- The "First" (primiera): values, winner, tie, missing suit ----------------------------------
@pytest.mark.parametrize("face, value", [
    ("7", 21), ("6", 18), ("a", 16), ("5", 15), ("4", 14), ("3", 13), ("2", 12),
    ("j", 10), ("q", 10), ("k", 10)])
def test_each_primiera_value_of_the_seed(face, value):
    # the face in Diamonds and a King (10) in each other suit
    assert primiera_total(pile(f"{face}d kh kc ks")) == value + 30


def test_primiera_counts_only_the_best_card_of_each_suit():
    assert primiera_total(pile("7d 6d ad 2h kc qs js")) == 21 + 12 + 10 + 10
    assert primiera_total(pile("7d 7h 7c 7s 6d 6h")) == 84  # settanta


def test_higher_first_scores_one_point():
    a = pile("7d 7h 7c 7s")
    hs = score(a, FULL & ~a)
    assert hs.primiera_totals == (84, 72) and hs.primiera == 0


def test_equal_first_scores_nothing():
    a = pile("7d 7h 6c 6s kd")
    b = FULL & ~a
    hs = score(a, b)
    # side 1 holds 7c 7s 6d 6h: 21 + 18 + 21 + 18 = 78, the same as side 0
    assert hs.primiera_totals == (78, 78) and hs.primiera == NOBODY


def test_a_side_missing_a_suit_cannot_win_the_first():
    a = pile("7d 7h 7c 6d 6h 6c")  # no Spades at all
    hs = score(a, FULL & ~a)
    assert hs.primiera_totals[0] is None and hs.primiera == 1
    hs = score(pile("7d 7h"), pile("7c 7s"))  # both miss suits: nobody
    assert hs.primiera == NOBODY


# -- "7 Bello": 1 point (cannot tie) ------------------------------------------------------------
def test_seven_of_diamonds_scores_one_point():
    assert score(SIDE0, SIDE1).settebello == 1
    assert score(SIDE1, SIDE0).settebello == 0


# -- "More Scopas: 1 point each scopa" --------------------------------------------------------
def test_each_scopa_scores_one_point_for_its_side():
    hs = score(SIDE0, SIDE1, scope=(3, 2))
    # side 0: cards, Diamonds, 3 scope; side 1: 7 of Diamonds, 2 scope; First: 0 has 7h 6d..
    assert hs.scope == (3, 2)
    first = [0, 0]
    first[hs.primiera] += 1 if hs.primiera != NOBODY else 0
    assert hs.points == (1 + 1 + 3 + first[0], 1 + 2 + first[1])


def test_points_of_a_hand_add_up():
    hs = score(SIDE0, SIDE1)
    # side 0: more cards, more Diamonds, but no Spade, so no First despite its 7s and 6s;
    # side 1: the 7 of Diamonds and the First with 7d, Hearts K/Q (10), Clubs J/Q/K (10), 7s
    assert hs.primiera_totals == (None, 21 + 10 + 10 + 21) and hs.primiera == 1
    assert hs.points == (2, 2)


# -- Variants: Napola, Napoleone, Re Bello -----------------------------------------------------
@pytest.mark.parametrize("cards, points", [
    ("ad 2d 3d", 3), ("ad 2d 3d 4d", 4), ("ad 2d 3d 4d 5d 6d 7d", 7),
    ("ad 2d 4d 5d", 0), ("2d 3d 4d", 0), ("ad 2d 3d 5d 6d", 3),
    ("ad 2d 3d 4d 5d 6d 7d jd qd kd", 10)])
def test_napola_sequence(cards, points):
    assert napola_points(pile(cards)) == points


def test_napola_points_only_with_the_option():
    a = pile("ad 2d 3d 4d")
    assert score(a, FULL & ~a).napola == (0, 0)
    hs = score(a, FULL & ~a, napola=True)
    assert hs.napola == (4, 0) and hs.napoleone == NOBODY
    assert hs.points[0] == 4 + (hs.primiera == 0)


def test_all_ten_diamonds_is_napoleone():
    hs = score(DIAMONDS | SUIT_MASKS[1], SUIT_MASKS[2] | SUIT_MASKS[3], napola=True)
    assert hs.napoleone == 0 and hs.napola == (10, 0)


def test_re_bello_scores_the_king_of_diamonds_only_with_the_option():
    a = pile("kd")
    assert score(a, FULL & ~a).re_bello == NOBODY
    hs = score(a, FULL & ~a, re_bello=True)
    assert hs.re_bello == 0 and hs.points[0] == 1


def test_three_sides_score_only_a_sole_best():
    a, b = pile("7d 2c 3c"), pile("ah 2h 3h")
    c = FULL & ~a & ~b
    hs = score_hand((a, b, c), (0, 1, 0), napola=False, re_bello=False)
    assert hs.cards == 2 and hs.settebello == 0 and hs.points[1] == 1
    hs = score_hand((pile("ad 2c"), pile("2d 3c"), 0), (0, 0, 0), napola=False, re_bello=False)
    assert hs.cards == NOBODY and hs.diamonds == NOBODY
