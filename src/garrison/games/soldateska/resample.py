"""Resampling: a full Soldateska state consistent with everything one seat has seen.

Hidden from a seat: the other hands, the laid-aside cards (until shown at the settlement), the
unused cards, the General's bonus cards and the passes it took no part in. The new world keeps
the seat's own cards and knowledge, every public fact (cards played, known voids: a player who
did not follow holds none of that suit), and the passes chain: a card the seat passed down is
still somewhere below it, carried by the later passes.

What a position allows is worked out once (``Worlds``); a search draws its many worlds of one
move from it (``SoldateskaState.world_sampler``), each as ``resample`` would draw it.
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

from garrison.core.cards import cards_in, count
from garrison.core.redeal import Dealer

if TYPE_CHECKING:
    from .state import SoldateskaState


def resample_state(st: SoldateskaState, seat: int, rng: random.Random) -> SoldateskaState:
    """One world of ``st`` for ``seat`` (``Worlds(st, seat).draw(rng)``)."""
    return Worlds(st, seat).draw(rng)


#: A place a hidden card may be in: ("hand", seat), ("aside", the Deserter) or ("stock", -1).
Slot = tuple[str, int]


class Worlds:
    """The worlds ``seat`` cannot tell from ``st``: ``draw(rng)`` deals one.

    A card the seat passed down and has not seen since (a *loose* card) is somewhere below it
    in the hierarchy, as the later passes allow; each placing of the loose cards that the
    passes' sizes allow is a *choice*. A draw tries the choices in a random order and re-deals
    the other unseen cards around the first that admits a deal (``Dealer``), then rebuilds the
    passes it took no part in from the bottom of the hierarchy up, and the General's bonus.
    """

    __slots__ = ("_bonus_count", "_choices", "_dealers", "_depth_need",
                 "_edge_count", "_forbid", "_caps", "_loose", "_order", "_pos", "_rest",
                 "_seat", "_slots", "_st")

    _st: SoldateskaState
    _seat: int
    _slots: list[Slot]
    _caps: list[int]
    _forbid: list[int]
    _loose: list[int]
    #: Every placing of the loose cards (a slot index per loose card) the passes allow.
    _choices: list[tuple[int, ...]]
    #: The unseen cards other than the loose ones, dealt around a choice.
    _rest: list[int]
    #: Per choice: the re-deal around it, and per edge of the chain the cards its pass must hold.
    _dealers: dict[tuple[int, ...], Dealer]
    _depth_need: dict[tuple[int, ...], list[int]]
    _order: list[int]
    _pos: int
    _edge_count: list[int]
    _bonus_count: int

    def __init__(self, st: SoldateskaState, seat: int) -> None:
        self._st, self._seat = st, seat
        self._dealers, self._depth_need = {}, {}
        if st.over:
            return
        n = st.game.num_players
        played_all = 0
        for m in st.played:
            played_all |= m
        aside_hidden = bool(st.aside) and not st.aside_public and seat != st.aside_owner
        unknown = st.in_play & ~st.hands[seat] & ~played_all
        if not aside_hidden:
            unknown &= ~st.aside
        order = self._order = list(st.order) if st.round > 1 else []
        pos = self._pos = order.index(seat) if seat in order else -1
        depth = {s: i for i, s in enumerate(order)}

        # slots: the other hands, the hidden aside, the unused stock
        slots = self._slots = [("hand", p) for p in range(n) if p != seat]
        if aside_hidden:
            slots.append(("aside", st.aside_owner))
        slots.append(("stock", -1))
        self._caps = [
            count(st.hands[p]) if kind == "hand" else count(st.aside) if kind == "aside"
            else count(st.stock)
            for kind, p in slots
        ]
        self._forbid = [st.voids[p] if kind == "hand" else 0 for kind, p in slots]
        slot_depth = [depth.get(p, -1) if kind != "stock" else -1 for kind, p in slots]

        passed_out = st.passed[seat] if pos >= 0 else 0
        self._edge_count = (
            [count(st.passed[order[e]]) for e in range(len(order) - 1)] if order else [])
        final_depth: dict[int, int] = {}
        for c in cards_in(passed_out & played_all):
            final_depth[c] = next(depth[p] for p in range(n) if (st.played[p] >> c) & 1)
        shown_aside = 0 if aside_hidden else st.aside
        for c in cards_in(passed_out & shown_aside):
            final_depth[c] = depth[st.aside_owner]
        loose = self._loose = cards_in(passed_out & ~played_all & ~shown_aside)

        candidates = [i for i in range(len(slots)) if slot_depth[i] > pos]
        self._choices = []
        for combo in itertools.product(candidates, repeat=len(loose)):
            if any((self._forbid[i] >> c) & 1 for c, i in zip(loose, combo)):
                continue
            if any(combo.count(i) > self._caps[i] for i in set(combo)):
                continue
            depths = dict(final_depth)
            depths.update({c: slot_depth[i] for c, i in zip(loose, combo)})
            if not self._edges_ok(depths):
                continue
            self._choices.append(combo)
            self._depth_need[combo] = self._needs(depths)
        if not self._choices:  # the draw tries no placing (cannot happen for a state reached)
            self._depth_need[()] = self._needs(final_depth)
        self._rest = cards_in(unknown & ~passed_out)
        self._bonus_count = count(st.bonus)

    def _edges_ok(self, depths: dict[int, int]) -> bool:
        """Whether every pass below the seat is big enough for the cards that ended below it."""
        for e in range(self._pos + 1, len(self._edge_count)):
            if sum(1 for d in depths.values() if d > e) > self._edge_count[e]:
                return False
        return True

    def _needs(self, depths: dict[int, int]) -> list[int]:
        """Per edge of the chain below the seat, the cards its pass must hold: those that
        ended deeper than the edge."""
        need = [0] * len(self._edge_count)
        if self._pos >= 0:
            for e in range(self._pos + 1, len(self._edge_count)):
                for c, d in depths.items():
                    if d > e:
                        need[e] |= 1 << c
        return need

    def _dealer(self, combo: tuple[int, ...]) -> Dealer:
        """The re-deal of the other unseen cards around the placing ``combo`` (made once)."""
        dealer = self._dealers.get(combo)
        if dealer is None:
            left = self._caps[:]
            for i in combo:
                left[i] -= 1
            dealer = self._dealers[combo] = Dealer(self._rest, left, self._forbid)
        return dealer

    def draw(self, rng: random.Random) -> SoldateskaState:
        """A new world, a full state; ``rng`` gives its randomness."""
        st, seat = self._st, self._seat
        new: SoldateskaState = st.clone()
        new.forget_history()  # the true history would tell the real deal
        if st.over:
            new._set_world(st.hands, st.passed, st.aside, st.stock, st.bonus, seat)
            return new
        choices = self._choices[:]
        rng.shuffle(choices)
        masks = None
        combo: tuple[int, ...] = ()
        for combo in choices or [()]:
            masks = self._dealer(combo).draw(rng)
            if masks is not None:
                break
        if masks is None:  # cannot happen for a state reached by the rules
            raise AssertionError("no deal is consistent with what the seat has seen")
        for c, i in zip(self._loose, combo):
            masks[i] |= 1 << c
        hands = list(st.hands)
        aside, stock = st.aside, st.stock
        for (kind, p), mask in zip(self._slots, masks):
            if kind == "hand":
                hands[p] = mask
            elif kind == "aside":
                aside = mask
            else:
                stock = mask

        # the passes the seat took no part in, from the bottom of the hierarchy up
        order, edge_count = self._order, self._edge_count
        need_by_edge = self._depth_need[combo]
        passed = list(st.passed)
        for e in range(len(edge_count) - 1, -1, -1):
            giver, taker = order[e], order[e + 1]
            if edge_count[e] == 0 or seat in (giver, taker):
                continue
            post = hands[taker] | st.played[taker] | passed[taker]
            if taker == st.aside_owner:
                post |= aside
            need = need_by_edge[e]
            extra = rng.sample(cards_in(post & ~need), edge_count[e] - count(need))
            mask = need
            for c in extra:
                mask |= 1 << c
            passed[giver] = mask
        bonus = st.bonus
        if st.bonus and order and seat != order[0]:
            general = order[0]
            post = hands[general] | st.played[general] | passed[general]
            bonus = 0
            for c in rng.sample(cards_in(post), self._bonus_count):
                bonus |= 1 << c
        new._set_world(hands, passed, aside, stock, bonus, seat)
        return new
