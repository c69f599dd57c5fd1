"""The constrained re-deal, once for every card game: the cards a seat has not seen, dealt again
at random into the places it cannot see, so that every fact it knows still holds.

A place (another hand, the laid-aside cards, the unused stock, a talon) takes exactly its
number of cards and never a card it is known not to hold (a void shown in play). Search bots
(ISMCTS, PIMC) and the leak tests build their worlds with it through each game's ``resample``.

>>> import random
>>> hands = deal([0, 1, 2, 3], [2, 2], [0b0011, 0], random.Random(1))
>>> hands[0] & 0b0011, bin(hands[0] | hands[1])
(0, '0b1111')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["deal"]


def deal(
    cards: Sequence[int], caps: Sequence[int], forbid: Sequence[int], rng: random.Random
) -> list[int] | None:
    """Deal ``cards`` (card ids) into ``len(caps)`` places: place ``i`` takes exactly
    ``caps[i]`` cards and none of the card bitmask ``forbid[i]``. Returns each place's cards as a
    bitmask, or ``None`` when no such deal exists.

    Each card that some place may not take goes, in random order, to a place drawn by its free
    room among the places that keep the rest dealable (Hall's condition over the kinds of card,
    a kind being the set of places a card may go to), so the deal never gets stuck; the cards
    any place may take are then shuffled into the room left. Raises ``ValueError`` when the
    places do not hold exactly the cards given.
    """
    if len(forbid) != len(caps):
        raise ValueError(f"{len(caps)} places but {len(forbid)} forbidden-card masks")
    if sum(caps) != len(cards):
        raise ValueError(f"the places hold {sum(caps)} cards but {len(cards)} are to be dealt")
    places = range(len(caps))
    everywhere = (1 << len(caps)) - 1
    known = 0
    for f in forbid:
        known |= f
    # a card's kind: the places it may go to (most cards may go anywhere)
    kind_of = {
        c: sum(1 << i for i in places if not (forbid[i] >> c) & 1) if (known >> c) & 1
        else everywhere
        for c in cards
    }
    kinds = sorted(set(kind_of.values()) | {everywhere})
    index = {k: j for j, k in enumerate(kinds)}
    need = [0] * len(kinds)
    for c in cards:
        need[index[kind_of[c]]] += 1
    # every set of kinds but the unconstrained one (which fits as long as the total does), with
    # the places any of them may go to
    subsets = []
    for t in range(1, 1 << len(kinds)):
        reach = 0
        for j, k in enumerate(kinds):
            if (t >> j) & 1:
                reach |= k
        if reach != everywhere:
            subsets.append(([j for j in range(len(kinds)) if (t >> j) & 1],
                            [i for i in places if (reach >> i) & 1]))
    room = list(caps)

    def dealable() -> bool:
        for members, reach in subsets:
            if sum(need[j] for j in members) > sum(room[i] for i in reach):
                return False
        return True

    if not dealable():
        return None
    # the cards with a void somewhere first, each to a place drawn by free room among those
    # that keep the rest dealable; then the others, shuffled, fill what room is left
    constrained = [c for c in cards if kind_of[c] != everywhere]
    rng.shuffle(constrained)
    out = [0] * len(caps)
    for c in constrained:
        kind = kind_of[c]
        need[index[kind]] -= 1
        choices, weights = [], []
        for i in places:
            if room[i] and (kind >> i) & 1:
                room[i] -= 1
                if dealable():
                    choices.append(i)
                    weights.append(room[i] + 1)
                room[i] += 1
        i = rng.choices(choices, weights)[0]  # never empty: the deal was dealable before
        room[i] -= 1
        out[i] |= 1 << c
    free = [c for c in cards if kind_of[c] == everywhere]
    rng.shuffle(free)
    at = 0
    for i in places:
        for c in free[at:at + room[i]]:
            out[i] |= 1 << c
        at += room[i]
    return out
