"""Seed 'Rules' (scoring) and 'Four or six dice': every combination and the pip sum."""

import pytest

from garrison.games.gambit.scoring import combination_name, score, score_range


@pytest.mark.parametrize(
    "hand, points, name",
    [
        ((1, 1, 1, 1, 1), 31, "five of a kind"),
        ((4, 4, 4, 4, 4), 34, "five of a kind"),
        ((6, 6, 6, 6, 6), 36, "five of a kind"),
        ((1, 2, 3, 4, 5), 38, "minor blessing"),
        ((6, 5, 4, 3, 2), 40, "major blessing"),
        ((1, 2, 3, 4, 6), 16, "pip sum"),
        ((6, 6, 6, 6, 5), 29, "pip sum"),
        ((1, 1, 1, 1, 2), 6, "pip sum"),
    ],
)
def test_five_dice(hand, points, name):
    assert score(hand) == points
    assert combination_name(hand) == name


@pytest.mark.parametrize(
    "hand, points",
    [((2, 2, 2, 2), 26), ((1, 2, 3, 4), 32), ((3, 4, 5, 6), 34), ((2, 3, 4, 5), 14), ((6, 6, 6, 5), 23)],
)
def test_four_dice_keep_both_blessings(hand, points):
    assert score(hand) == points


@pytest.mark.parametrize(
    "hand, points",
    [
        ((1, 2, 3, 4, 5, 6), 46),  # the one run of six dice is the major blessing
        ((5, 5, 5, 5, 5, 5), 41),  # six of a kind: 36 + face
        ((1, 1, 2, 2, 6, 6), 37),  # three pairs
        ((2, 2, 2, 6, 6, 6), 39),  # two triples
        ((1, 2, 3, 4, 5, 5), 20),  # no run of six: pip sum
        ((6, 6, 6, 6, 5, 5), 34),  # four and two is no combination
    ],
)
def test_six_dice(hand, points):
    assert score(hand) == points


@pytest.mark.parametrize("dice", [4, 5, 6])
def test_every_combination_beats_every_pip_sum(dice):
    from garrison.core.dice import multisets
    from garrison.games.gambit.scoring import best_combination

    low, high = score_range(dice)
    best_plain = max(sum(h) for h in multisets(dice) if best_combination(h) is None)
    worst_combo = min(best_combination(h)[1] for h in multisets(dice) if best_combination(h))
    assert worst_combo > best_plain
    assert low == dice + 1  # lowest plain hand: all ones but one two
    assert high == {4: 34, 5: 40, 6: 46}[dice]
