"""The one gate of hidden information in Solo 66: what a seat may know, its tensor, and
``resample`` (a full deal consistent with what a seat has seen, keeping every known void).

A seat sees its own hand, every call of the auction, the trump, every card played and who took
each trick. Only the soloist sees the talon he picked up and his two discards; the others learn
the discards when the soloist's pile is counted at the end of the deal.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from garrison.core.cards import cards_in
from garrison.core.redeal import deal
from garrison.core.seats import seat_label

from . import log, rules
from .actions import BID_BASE, PASS
from .deck import DECK, SUIT_MASK, SUITS, points_of
from .rules import (
    ANNOUNCE,
    DEALING,
    DISCARD,
    NUM_PLAYERS,
    OVER,
    PHASE_NAMES,
    PLAY,
)

if TYPE_CHECKING:
    from .state import Solo66State

NAME_TO_CARD = {name: c for c, name in enumerate(DECK.name)}


def _names(mask: int) -> list[str]:
    return DECK.names(mask)


def _played_voids(tricks: list[tuple[int, list[int]]], trump: int) -> list[int]:
    """Per seat, a 4-bit mask of the suits it is known to lack: it did not follow a led suit
    (and, with a trump suit, when it neither followed nor trumped, it has no trump either)."""
    voids = [0] * NUM_PLAYERS
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0] >> 3
        for i in range(1, len(cards)):
            suit = cards[i] >> 3
            if suit != led:
                seat = (leader + i) % NUM_PLAYERS
                voids[seat] |= 1 << led
                if trump >= 0 and suit != trump:
                    voids[seat] |= 1 << trump
    return voids


def _all_tricks(s: Solo66State) -> list[tuple[int, list[int]]]:
    out = [(leader, list(cards)) for leader, cards, _ in s.tricks]
    if s.trick:
        out.append((s.leader, list(s.trick)))
    return out


# -- the observation -----------------------------------------------------------------------------
def observe(s: Solo66State, seat: int | None, with_log: bool = True) -> dict[str, Any]:
    """Exactly what ``seat`` may know (``None``: a spectator, who sees only the public table).
    ``with_log=False`` leaves out the log (for bots, which do not read it)."""
    params = s.game.params
    phase = s.phase
    is_soloist = seat is not None and seat == s.soloist
    hand = s.hands[seat] if seat is not None else 0
    trick_points = [points_of(p) for p in s.piles]
    soloist_points = defender_points = None
    if s.soloist >= 0 and phase == PLAY:
        soloist_points = trick_points[s.soloist]
        if is_soloist:
            soloist_points += points_of(s.discards)
        defender_points = sum(trick_points) - trick_points[s.soloist]
    bids: dict[int, str] = {}
    for p, a in s.calls:
        if a != PASS:
            bids[p] = SUITS[a - BID_BASE]
    obs: dict[str, Any] = {
        "game": "solo66",
        "seat": seat,
        "deal": min(s.deal_no + 1, params.deals),
        "deals": params.deals,
        "dealer": s.dealer,
        "forehand": rules.forehand(s.dealer),
        "phase": PHASE_NAMES[phase],
        "to_move": s.to_move if phase not in (DEALING, OVER) else None,
        "hand": _names(hand),
        "hand_sizes": [h.bit_count() for h in s.hands],
        "auction": [[p, "pass" if a == PASS else SUITS[a - BID_BASE]] for p, a in s.calls],
        "last_bids": [bids.get(p) for p in range(NUM_PLAYERS)],
        "passed": [p for p in range(NUM_PLAYERS) if (s.passed >> p) & 1],
        "high_bid": SUITS[s.high_bid] if s.high_bid >= 0 else None,
        "high_bidder": s.high_bidder if s.high_bidder >= 0 else None,
        "soloist": s.soloist if s.soloist >= 0 else None,
        "trump": SUITS[s.trump] if s.trump >= 0 and phase in (DISCARD, PLAY) else None,
        "no_trump_game": phase == PLAY and s.soloist < 0,
        "talon": _names(s.talon_seen) if is_soloist else [],
        "discards": _names(s.discards) if is_soloist else [],
        "discards_made": len(s.discard_order),
        "tricks": [
            {"leader": leader, "cards": [DECK.name[c] for c in cards], "winner": winner}
            for leader, cards, winner in s.tricks
        ],
        "trick": {"leader": s.leader, "cards": [DECK.name[c] for c in s.trick]},
        "tricks_won": list(s.tricks_won),
        "trick_points": trick_points,
        "soloist_points": soloist_points,
        "defender_points": defender_points,
        "scores": list(s.scores),
    }
    if with_log:
        obs["log"] = _log(s, seat)
        obs["last_deal"] = _last_deal(s)
    return obs


def _last_deal(s: Solo66State) -> dict[str, Any] | None:
    """The last finished deal as fields (public, like its line in the log): the page's end of
    a deal reads these, never the sentence."""
    done = log.results(s)
    if not done:
        return None
    deal_no, dealer, kind, soloist, trump, points, last_winner, discards, deltas = done[-1]
    solo = kind == "solo"
    trick = log.last_trick(s)
    return {"deal": deal_no + 1, "dealer": dealer, "kind": kind,
            "soloist": soloist if solo else None, "trump": SUITS[trump] if solo else None,
            "card_points": points if solo else None,
            "last_trick_winner": last_winner if kind == "last_trick" else None,
            "discards": DECK.names(discards) if solo else [], "changes": list(deltas),
            "last_trick": None if trick is None else {
                "leader": trick.leader, "cards": [DECK.name[c] for c in trick.cards],
                "winner": trick.winner}}


def _log(s: Solo66State, seat: int | None) -> list[str]:
    """Finished deals in one line each, then the current deal event by event (seat-filtered),
    each trick once it is complete."""
    lines = log.LOG.read(s, seat)
    if s.phase == OVER:
        lines.append("The match is over. Scores: " + ", ".join(
            f"{seat_label(p)} {v:+g}" for p, v in enumerate(s.scores)))
        return lines
    lines.append(
        f"Deal {s.deal_no + 1}: {seat_label(s.dealer)} deals; {seat_label(rules.forehand(s.dealer))} is forehand."
    )
    if s.phase == DEALING:
        return lines
    for p, a in s.calls:
        lines.append(f"{seat_label(p)} passes" if a == PASS else f"{seat_label(p)} bids {SUITS[a - BID_BASE]}")
    sol = s.soloist
    if sol >= 0:
        lines.append(f"{seat_label(sol)} wins the auction with {SUITS[s.high_bid]}")
        if s.phase != ANNOUNCE:
            lines.append(f"{seat_label(sol)} announces {SUITS[s.trump]} as trump and takes the talon")
            if seat == sol:
                lines.append(f"You find {', '.join(_names(s.talon_seen))} in the talon")
                for c in s.discard_order:
                    lines.append(f"You discard {DECK.name[c]}")
            elif s.phase == PLAY:
                lines.append(f"{seat_label(sol)} discards two cards face down")
    elif s.phase == PLAY:
        lines.append("Everyone passed: no trumps, and the last trick alone wins the deal")
    for i, (leader, cards, winner) in enumerate(s.tricks):
        lines.append(log.describe_trick(i + 1, leader, cards, winner))
    # the trick in play is on the table, not in the log: a line is written once, when its trick
    # is complete, so a page keeps each line as it came (Solo 66's widgets say ``log_window``);
    # the deal's last trick is worded from its event, before the deal's line
    return lines


# -- the tensor ----------------------------------------------------------------------------------
_N, _C, _S = NUM_PLAYERS, DECK.size, len(SUITS)  # 5 seats, 32 cards, 4 suits
_LAYOUT = (
    ("seat", _N), ("phase", len(PHASE_NAMES)), ("dealer", _N), ("to_move", _N), ("hand", _C),
    ("last_bids", _N * _S), ("passed", _N), ("high_bid", _S), ("high_bidder", _N), ("soloist", _N),
    ("trump", _S), ("no_trump_game", 1), ("talon", _C), ("discards", _C), ("played_by", _N * _C),
    ("trick", _C), ("trick_leader", _N), ("voids", _N * _S), ("tricks_won", _N),
    ("trick_points", _N), ("side_points", 2), ("progress", 1), ("scores", _N),
)
OFFSET: dict[str, int] = {}
_at = 0
for _name, _size in _LAYOUT:
    OFFSET[_name] = _at
    _at += _size
TENSOR_SIZE = _at


_MEANING = {
    "seat": "the viewer's seat", "phase": "the phase", "dealer": "the dealer", "to_move": "the seat to move",
    "hand": "own hand (card index)", "last_bids": "each seat's last bid (suit)", "passed": "seats that passed",
    "high_bid": "the highest bid (suit)", "high_bidder": "its bidder", "soloist": "the soloist",
    "trump": "the trump suit", "no_trump_game": "everyone passed: no trumps", "talon": "the talon, as seen",
    "discards": "the discards, as seen", "played_by": "which seat played each card (5 x 32)",
    "trick": "the current trick", "trick_leader": "its leader", "voids": "known voids (5 seats x 4 suits)",
    "tricks_won": "tricks per seat / 6", "trick_points": "card points per seat / 130",
    "side_points": "soloist's and defenders' points / 130", "progress": "deals played / deals",
    "scores": "running scores / the largest score of the match",
}


def layout() -> list[tuple[str, int, str]]:
    """The tensor's parts in order: (name, length, meaning), as the compiled ``_encode`` writes
    them."""
    return [(name, size, _MEANING[name]) for name, size in _LAYOUT]


# -- resampling ----------------------------------------------------------------------------------
def resample(s: Solo66State, seat: int, rng: random.Random) -> Solo66State:
    """A full state that ``seat`` cannot tell from ``s``: the cards it has not seen are dealt
    again at random among the places it cannot see (the kernel's constrained re-deal, keeping
    every void shown in play), and the world is the game replayed with the current deal's chance
    actions (and the soloist's discards) rewritten to match, so its record replays to it.

    The reference: search draws its worlds in C (``worlds.pxi``, ``state.resample``) by
    rejection, with the same distribution (tested), and comes here where rejection gives up."""
    if s.phase == OVER:
        return cast("Solo66State", s.clone())
    sol = s.soloist
    voids = _played_voids(_all_tricks(s), s.trump)
    places: list[tuple[str, int]] = []
    masks, forbid = [], []
    for p in range(NUM_PLAYERS):
        if p != seat:
            places.append(("hand", p))
            masks.append(s.hands[p])
            forbid.append(sum(SUIT_MASK[suit] for suit in range(4) if (voids[p] >> suit) & 1))
    for name in ("talon", "stock"):
        places.append((name, 0))
        masks.append(getattr(s, name))
        forbid.append(0)
    if sol >= 0 and seat != sol:
        places.append(("discards", 0))
        masks.append(s.discards)
        forbid.append(0)
    unknown = 0
    for m in masks:
        unknown |= m
    dealt = deal(cards_in(unknown), [m.bit_count() for m in masks], forbid, rng)
    if dealt is None:  # the true deal is one, so never
        raise AssertionError("no deal is consistent with what the seat has seen")
    world = SimpleNamespace(
        hands=list(s.hands), talon=s.talon, discards=s.discards, talon_seen=s.talon_seen,
        discard_order=s.discard_order, soloist=sol, phase=s.phase, dealer=s.dealer,
        dealt=s.dealt, deal_start=s.deal_start, calls=s.calls, tricks=_all_tricks(s),
    )
    for (kind, p), mask in zip(places, dealt):
        if kind == "hand":
            world.hands[p] = mask
        elif kind != "stock":
            setattr(world, kind, mask)
    if sol >= 0 and seat != sol and s.phase in (DISCARD, PLAY):
        played = _played_by(world.tricks, sol)
        world.talon_seen = _pick(world.hands[sol] | world.discards | played, 2, rng)
        order = cards_in(world.discards)
        rng.shuffle(order)
        world.discard_order = tuple(order)
    history = _rewrite_deal(s.history(), world)
    out = s.game.new_initial_state()
    for action in history:
        out.apply_unchecked(action)
    return cast("Solo66State", out)


def _pick(mask: int, k: int, rng: random.Random) -> int:
    out = 0
    for c in rng.sample(cards_in(mask), k):
        out |= 1 << c
    return out


def _played_by(tricks: list[tuple[int, list[int]]], seat: int) -> int:
    mask = 0
    for leader, cards in tricks:
        for j, c in enumerate(cards):
            if (leader + j) % NUM_PLAYERS == seat:
                mask |= 1 << c
    return mask


def _rewrite_deal(history: list[int], world: SimpleNamespace) -> list[int]:
    """The history with the current deal's chance actions (and the soloist's discards) agreeing
    with the resampled cards (each seat's cards dealt in id order: which card came when does not
    change who holds what)."""
    origin = []
    for p in range(NUM_PLAYERS):
        mask = world.hands[p] | _played_by(world.tricks, p)
        if p == world.soloist and world.phase in (DISCARD, PLAY):
            mask = (mask | world.discards) & ~world.talon_seen
        origin.append(cards_in(mask))
    talon = cards_in(world.talon | world.talon_seen)
    history = list(history)
    for k in range(world.dealt):
        target = rules.deal_target(world.dealer, k)
        history[world.deal_start + k] = (talon if target < 0 else origin[target]).pop()
    # the soloist's discards follow the deal, the calls and the announcement
    first = world.deal_start + world.dealt + len(world.calls) + 1
    for i, c in enumerate(world.discard_order):
        history[first + i] = c
    assert all(not cards for cards in origin) or world.phase == DEALING
    return history


__all__ = ["NAME_TO_CARD", "TENSOR_SIZE", "observe", "resample"]
