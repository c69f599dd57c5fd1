"""The kernel's constrained re-deal (core/redeal.py): every deal it makes keeps the capacities and
the known voids, and it finds a deal exactly when one exists (checked by brute force)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from garrison.core.redeal import Dealer, deal


@st.composite
def problems(draw):
    places = draw(st.integers(1, 4))
    ncards = draw(st.integers(0, 7))
    cards = draw(st.lists(st.integers(0, 40), min_size=ncards, max_size=ncards, unique=True))
    cuts = sorted(draw(st.lists(st.integers(0, ncards), min_size=places - 1,
                                max_size=places - 1)))
    caps = [b - a for a, b in zip([0, *cuts], [*cuts, ncards])]
    forbid = [draw(st.integers(0, (1 << 41) - 1)) & draw(st.integers(0, (1 << 41) - 1))
              for _ in range(places)]
    return cards, caps, forbid


def _exists(cards, caps, forbid) -> bool:
    for where in itertools.product(range(len(caps)), repeat=len(cards)):
        if Counter(where) != Counter({i: c for i, c in enumerate(caps) if c}):
            continue
        if all(not (forbid[i] >> c) & 1 for c, i in zip(cards, where)):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(problems(), st.integers(0, 2**16))
def test_a_deal_keeps_capacities_and_voids_and_exists_exactly_when_one_does(problem, seed):
    cards, caps, forbid = problem
    out = deal(cards, caps, forbid, random.Random(seed))
    assert (out is not None) == _exists(cards, caps, forbid)
    if out is None:
        return
    assert [bin(m).count("1") for m in out] == caps
    union = 0
    for m, f in zip(out, forbid):
        assert not m & f, "a card went where it is known not to be"
        assert not union & m, "a card was dealt twice"
        union |= m
    assert union == sum(1 << c for c in cards)


@settings(max_examples=100, deadline=None)
@given(problems(), st.integers(0, 2**16))
def test_a_kept_dealer_deals_as_deal_does_draw_after_draw(problem, seed):
    cards, caps, forbid = problem
    dealer = Dealer(cards, caps, forbid)
    assert dealer.possible == _exists(cards, caps, forbid)
    kept, fresh = random.Random(seed), random.Random(seed)
    for _ in range(4):
        assert dealer.draw(kept) == deal(cards, caps, forbid, fresh)
        assert kept.getstate() == fresh.getstate()


def test_every_consistent_deal_is_equally_likely():
    # places of 2, 2 and 1 cards; card 0 may not go to place 0, cards 1 and 2 not to place 2
    cards, caps, forbid = [0, 1, 2, 3, 4], [2, 2, 1], [0b00001, 0, 0b00110]
    every = {
        tuple(sum(1 << c for c, w in zip(cards, where) if w == i) for i in range(3))
        for where in itertools.product(range(3), repeat=5)
        if Counter(where) == Counter({0: 2, 1: 2, 2: 1})
        and all(not (forbid[i] >> c) & 1 for c, i in zip(cards, where))
    }
    rng = random.Random(4)
    draws = 6000
    counts = Counter(tuple(deal(cards, caps, forbid, rng)) for _ in range(draws))
    assert set(counts) == every
    expected = draws / len(every)
    chi2 = sum((counts[d] - expected) ** 2 / expected for d in every)
    assert chi2 < 3 * len(every), (chi2, counts)  # far below: a skewed deal gives hundreds


def test_places_that_do_not_hold_the_cards_are_refused():
    with pytest.raises(ValueError, match="hold 3 cards but 2"):
        deal([1, 2], [1, 2], [0, 0], random.Random(0))
    with pytest.raises(ValueError, match="2 places but 1"):
        deal([1, 2], [1, 1], [0], random.Random(0))
    with pytest.raises(ValueError, match="hold 3 cards but 2"):
        Dealer([1, 2], [1, 2], [0, 0])
