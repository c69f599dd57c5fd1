"""The constrained re-deal, once for every card game: the cards a seat has not seen, dealt again
at random into the places it cannot see, so that every fact it knows still holds.

A place (another hand, the laid-aside cards, the unused stock, a talon) takes exactly its
number of cards and never a card it is known not to hold (a void shown in play). Every deal
that keeps these facts is equally likely: search bots (ISMCTS, PIMC) and the leak tests build
their worlds with it through each game's ``resample``.

>>> import random
>>> hands = deal([0, 1, 2, 3], [2, 2], [0b0011, 0], random.Random(1))
>>> hands[0] & 0b0011, bin(hands[0] | hands[1])
(0, '0b1111')
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb

from .streams import shuffled

__all__ = ["Dealer", "deal"]


def deal(
    cards: Sequence[int], caps: Sequence[int], forbid: Sequence[int], rng: random.Random
) -> list[int] | None:
    """Deal ``cards`` (card ids) into ``len(caps)`` places: place ``i`` takes exactly
    ``caps[i]`` cards and none of the card bitmask ``forbid[i]``. Every such deal is equally
    likely. Returns each place's cards as a bitmask, or ``None`` when no such deal exists.
    Raises ``ValueError`` when the places do not hold exactly the cards given.

    The same as ``Dealer(cards, caps, forbid).draw(rng)``: a search that deals many worlds of
    one position keeps the ``Dealer``.
    """
    return Dealer(cards, caps, forbid).draw(rng)


class Dealer:
    """The re-deal of one position worked out once; ``draw(rng)`` deals as ``deal`` does.

    Cards are grouped by *kind*, the set of places a card may go to. Place by place, the
    numbers of cards of each kind it takes are drawn in proportion to the number of whole deals
    that start so (counted exactly, and remembered for the next world of the same position),
    then which cards of each kind, at random.
    """

    __slots__ = ("_caps", "_kinds", "_pools", "_plain", "_possible")

    _caps: tuple[int, ...]
    #: The kinds (bitmasks of places), sorted; their cards in ``_pools``, in the same order.
    _kinds: tuple[int, ...]
    _pools: tuple[tuple[int, ...], ...]
    #: No card is forbidden anywhere: a shuffle and a cut.
    _plain: bool
    _possible: bool

    def __init__(self, cards: Sequence[int], caps: Sequence[int], forbid: Sequence[int]) -> None:
        """Raises ``ValueError`` when the places do not hold exactly the cards given."""
        if len(forbid) != len(caps):
            raise ValueError(f"{len(caps)} places but {len(forbid)} forbidden-card masks")
        if sum(caps) != len(cards):
            raise ValueError(f"the places hold {sum(caps)} cards but {len(cards)} are to be dealt")
        places = range(len(caps))
        everywhere = (1 << len(caps)) - 1
        known = 0
        for f in forbid:
            known |= f
        self._caps = tuple(caps)
        if not known:  # nothing is forbidden anywhere (Scopa): a shuffle and a cut
            self._plain, self._possible = True, True
            self._kinds, self._pools = (everywhere,), (tuple(cards),)
            return
        by_kind: dict[int, list[int]] = {}
        for c in cards:
            kind = everywhere
            if (known >> c) & 1:
                kind = sum(1 << i for i in places if not (forbid[i] >> c) & 1)
            by_kind.setdefault(kind, []).append(c)
        self._plain = list(by_kind) == [everywhere]
        if self._plain:
            self._kinds, self._pools = (everywhere,), (tuple(cards),)
        else:
            self._kinds = tuple(sorted(by_kind))
            self._pools = tuple(tuple(by_kind[k]) for k in self._kinds)
        self._possible = self._plain or _ways(
            self._caps, self._kinds, 0, tuple(len(p) for p in self._pools)) > 0

    @property
    def possible(self) -> bool:
        """Whether any deal keeps every place's count and forbidden cards."""
        return self._possible

    def draw(self, rng: random.Random) -> list[int] | None:
        """One deal, each place's cards as a bitmask (``None`` when none is possible; then
        ``rng`` is not used)."""
        caps = self._caps
        out = [0] * len(caps)
        if self._plain:  # no void among these cards: shuffle and cut
            order = shuffled(self._pools[0], rng.getrandbits(64))
            at = 0
            for i, cap in enumerate(caps):
                for c in order[at:at + cap]:
                    out[i] |= 1 << c
                at += cap
            return out
        if not self._possible:
            return None
        kinds = self._kinds
        rem = tuple(len(p) for p in self._pools)
        pools = [shuffled(p, rng.getrandbits(64)) for p in self._pools]
        for i in range(len(caps)):
            options = _options(caps, kinds, i, rem)
            pick = rng.randrange(sum(w for _, w in options))
            chosen = options[-1][0]
            for take, weight in options:
                if pick < weight:
                    chosen = take
                    break
                pick -= weight
            take = chosen
            for j, n in enumerate(take):
                for c in pools[j][:n]:
                    out[i] |= 1 << c
                del pools[j][:n]
            rem = tuple(r - n for r, n in zip(rem, take))
        return out


def _takes(cap: int, allowed: tuple[bool, ...], rem: tuple[int, ...], j: int = 0
           ) -> Iterator[tuple[int, ...]]:
    """Every way to fill ``cap`` seats with counts per kind (kind ``j`` on), within ``rem``."""
    if j == len(rem):
        if cap == 0:
            yield ()
        return
    top = min(cap, rem[j]) if allowed[j] else 0
    for n in range(top + 1):
        for rest in _takes(cap - n, allowed, rem, j + 1):
            yield (n, *rest)


@lru_cache(maxsize=1 << 16)
def _options(caps: tuple[int, ...], kinds: tuple[int, ...], place: int, rem: tuple[int, ...]
             ) -> list[tuple[tuple[int, ...], int]]:
    """The counts per kind ``place`` may take, each with the number of deals it leads to."""
    allowed = tuple(bool((k >> place) & 1) for k in kinds)
    out = []
    for take in _takes(caps[place], allowed, rem):
        after = tuple(r - n for r, n in zip(rem, take))
        ways = _ways(caps, kinds, place + 1, after)
        if ways:
            for r, n in zip(rem, take):
                ways *= comb(r, n)
            out.append((take, ways))
    return out


@lru_cache(maxsize=1 << 16)
def _ways(caps: tuple[int, ...], kinds: tuple[int, ...], place: int, rem: tuple[int, ...]) -> int:
    """How many deals fill places ``place..`` exactly with the cards left (``rem`` per kind)."""
    if place == len(caps):
        return 0 if any(rem) else 1
    return sum(w for _, w in _options(caps, kinds, place, rem))
