"""1848's re-deal of a seat's world in Python, through the kernel's ``deal``: the reference that
the worlds drawn in C (``draw_world``, worlds.pxi) are held to, draw for draw.

Pile by pile (Personen-, then Zusatzkarten), the cards the seat cannot know are gathered: the
face-down rest of the pile, the pile's cards in other hands (less those the seat pushed and saw
drawn, and a Zusatzkarte being placed) and the cards other players pushed under it. Each place
keeps its number of cards; the cards are dealt again at random, every deal equally likely. A
pile with nothing hidden draws nothing of the generator.
"""

from __future__ import annotations

import random

from garrison.core.cards import cards_in
from garrison.core.redeal import deal
from garrison.games.revolution1848.state import pile_of


def hidden_deal(state, seat: int, rng: random.Random):
    """``(hands, stock, bottom)`` of the world ``seat`` gets from ``rng``: every hand as a mask,
    the face-down piles as one mask, the cards pushed under each pile in their order."""
    fixed = {c for c, knower in state.known if knower == seat}
    if state.pending >= 0:
        fixed.add(state.pending)
    hands = list(state.hands)
    stock = 0
    bottom = [[c for c, _ in pile] for pile in state.bottom]
    for pile, drawn in enumerate(state.stock):
        pool = cards_in(drawn)
        places: list[tuple[str, int]] = []
        caps: list[int] = []
        for t in range(state.n):
            if t == seat:
                continue
            mine = [c for c in cards_in(hands[t]) if pile_of(c) == pile and c not in fixed]
            for c in mine:
                hands[t] &= ~(1 << c)
            pool += mine
            if mine:
                places.append(("hand", t))
                caps.append(len(mine))
        for i, (c, pusher) in enumerate(state.bottom[pile]):
            if pusher != seat:
                pool.append(c)
                places.append(("bottom", i))
                caps.append(1)
        places.append(("stock", 0))
        caps.append(len(pool) - sum(caps))
        if not pool:
            continue
        pool.sort()  # the world must not depend on where the hidden cards really are
        dealt = deal(pool, caps, [0] * len(caps), rng)
        assert dealt is not None
        for (where, x), mask in zip(places, dealt, strict=True):
            if where == "hand":
                hands[x] |= mask
            elif where == "bottom":
                bottom[pile][x] = mask.bit_length() - 1
            else:
                stock |= mask
    return tuple(hands), stock, tuple(tuple(b) for b in bottom)
