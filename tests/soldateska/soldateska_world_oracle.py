"""Soldateska's re-deal of a seat's world as one function, through the kernel's ``deal``: the
reference that ``resample`` and the search's ``world_sampler`` (``Worlds``, which works a
position out once) are held to, draw for draw.

Hidden from a seat: the other hands, the laid-aside cards (until shown at the settlement), the
unused cards, the General's bonus cards and the passes it took no part in. The new world keeps
the seat's own cards and knowledge, every public fact (cards played, known voids) and the passes
chain: a card the seat passed down is still somewhere below it, carried by the later passes.
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

from garrison.core.cards import cards_in, count
from garrison.core.redeal import deal

if TYPE_CHECKING:
    from .state import SoldateskaState


def resample_state(st: SoldateskaState, seat: int, rng: random.Random) -> SoldateskaState:
    new: SoldateskaState = st.clone()
    new.forget_history()  # the true history would tell the real deal
    if st.over:
        new._set_world(st.hands, st.passed, st.aside, st.stock, st.bonus, seat)
        return new
    n = st.game.num_players
    played_all = 0
    for m in st.played:
        played_all |= m
    aside_hidden = bool(st.aside) and not st.aside_public and seat != st.aside_owner
    unknown = st.in_play & ~st.hands[seat] & ~played_all
    if not aside_hidden:
        unknown &= ~st.aside
    order = list(st.order) if st.round > 1 else []
    pos = order.index(seat) if seat in order else -1
    depth = {s: i for i, s in enumerate(order)}

    # slots: the other hands, the hidden aside, the unused stock
    slots: list[tuple[str, int]] = [("hand", p) for p in range(n) if p != seat]
    if aside_hidden:
        slots.append(("aside", st.aside_owner))
    slots.append(("stock", -1))
    caps = [
        count(st.hands[p]) if kind == "hand" else count(st.aside) if kind == "aside"
        else count(st.stock)
        for kind, p in slots
    ]
    forbid = [st.voids[p] if kind == "hand" else 0 for kind, p in slots]

    def slot_depth(i: int) -> int:
        kind, p = slots[i]
        return depth.get(p, -1) if kind != "stock" else -1

    passed_out = st.passed[seat] if pos >= 0 else 0
    edge_count = [count(st.passed[order[e]]) for e in range(len(order) - 1)] if order else []
    final_depth: dict[int, int] = {}
    for c in cards_in(passed_out & played_all):
        final_depth[c] = next(depth[p] for p in range(n) if (st.played[p] >> c) & 1)
    shown_aside = 0 if aside_hidden else st.aside
    for c in cards_in(passed_out & shown_aside):
        final_depth[c] = depth[st.aside_owner]
    loose = cards_in(passed_out & ~played_all & ~shown_aside)

    def edges_ok(depths: dict[int, int]) -> bool:
        for e in range(pos + 1, len(edge_count)):
            if sum(1 for d in depths.values() if d > e) > edge_count[e]:
                return False
        return True

    candidates = [i for i in range(len(slots)) if slot_depth(i) > pos]
    choices = []
    for combo in itertools.product(candidates, repeat=len(loose)):
        if any((forbid[i] >> c) & 1 for c, i in zip(loose, combo)):
            continue
        if any(combo.count(i) > caps[i] for i in set(combo)):
            continue
        depths = dict(final_depth)
        depths.update({c: slot_depth(i) for c, i in zip(loose, combo)})
        if edges_ok(depths):
            choices.append(combo)
    rng.shuffle(choices)
    rest = cards_in(unknown & ~passed_out)
    contents = None
    for combo in choices or [()]:
        left = caps[:]
        for i in combo:
            left[i] -= 1
        masks = deal(rest, left, forbid, rng)
        if masks is not None:
            contents = [cards_in(m) for m in masks]
            for c, i in zip(loose, combo):
                contents[i].append(c)
            break
    if contents is None:  # cannot happen for a state reached by the rules
        raise AssertionError("no deal is consistent with what the seat has seen")
    hands = list(st.hands)
    aside, stock = st.aside, st.stock
    for (kind, p), cards in zip(slots, contents):
        mask = 0
        for c in cards:
            mask |= 1 << c
        if kind == "hand":
            hands[p] = mask
        elif kind == "aside":
            aside = mask
        else:
            stock = mask
    depths = dict(final_depth)
    for (_kind, p), cards in zip(slots, contents):
        for c in cards:
            if (passed_out >> c) & 1:
                depths[c] = depth[p]

    # the passes the seat took no part in, from the bottom of the hierarchy up
    passed = list(st.passed)
    for e in range(len(edge_count) - 1, -1, -1):
        giver, taker = order[e], order[e + 1]
        if edge_count[e] == 0 or seat in (giver, taker):
            continue
        post = hands[taker] | st.played[taker] | passed[taker]
        if taker == st.aside_owner:
            post |= aside
        need = 0
        if pos >= 0 and e > pos:
            for c, d in depths.items():
                if d > e:
                    need |= 1 << c
        pool = cards_in(post & ~need)
        extra = rng.sample(pool, edge_count[e] - count(need))
        mask = need
        for c in extra:
            mask |= 1 << c
        passed[giver] = mask
    bonus = st.bonus
    if st.bonus and order and seat != order[0]:
        general = order[0]
        post = hands[general] | st.played[general] | passed[general]
        bonus = 0
        for c in rng.sample(cards_in(post), count(st.bonus)):
            bonus |= 1 << c
    new._set_world(hands, passed, aside, stock, bonus, seat)
    return new
