"""The observation of one seat (the one gate for hidden information) and the layout of its tensor
(the compiled rules encode it, ``ScopaCore._encode``).

A seat sees its own hand, the table, the card being played and the cards chosen so far, every
side's captured cards (cards are shown when taken), the sweeps and scores, how many cards each
hand and the stock hold, and the public event log. The stock and the other hands stay hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import log
from .constants import NOBODY, NUM_CARDS, PHASE_NAMES
from .deck import names

if TYPE_CHECKING:
    from .params import ScopaParams
    from .state import ScopaState

#: How many of the latest events an observation carries.
LOG_LENGTH = 40


def last_hand(state: ScopaState) -> dict[str, Any] | None:
    """The count of the last hand scored."""
    hs = state.last_score
    if hs is None:
        return None
    return {
        "points": list(hs.points),
        "cards": list(hs.card_counts),
        "diamonds": list(hs.diamond_counts),
        "primiera": list(hs.primiera_totals),
        "scope": list(hs.scope),
        "most_cards": hs.cards,
        "most_diamonds": hs.diamonds,
        "first": hs.primiera,
        "settebello": hs.settebello,
        "re_bello": hs.re_bello,
        "napola": list(hs.napola),
    }


def observe(state: ScopaState, seat: int | None) -> dict[str, Any]:
    p = state.params
    to_move = state.to_move
    pending = state.pending
    return {
        "game": "scopa",
        "seat": seat,
        "players": p.players,
        "sides": [[s for s in range(p.players) if p.side_of(s) == side] for side in range(p.sides)],
        "my_side": None if seat is None else p.side_of(seat),
        "target": p.target,
        "hand_no": state.hand_no,
        "dealer": state.dealer,
        "phase": PHASE_NAMES[state.phase_index],
        "to_move": to_move if to_move >= 0 else None,
        "hand": [] if seat is None else names(state.hands[seat]),
        "hand_sizes": list(state.hand_sizes),
        "stock": state.stock.bit_count(),
        "table": names(state.table),
        "playing": None if pending == NOBODY else names(1 << pending)[0],
        "chosen": names(state.picked),
        "capture_sets": [names(o) for o in state.capture_choices],
        "captured": [names(pile) for pile in state.piles],
        "scope": list(state.scope),
        "scores": list(state.scores),
        "last_capturer": None if state.last_capturer == NOBODY else state.last_capturer,
        "last_hand": last_hand(state),
        "winners": list(state.winners),
        "last_plays": log.last_plays(state),
        "log": log.entries(state, LOG_LENGTH),
    }


# -- tensor ------------------------------------------------------------------------------------

def tensor_size(params: ScopaParams) -> int:
    n, s = params.players, params.sides
    return 4 * NUM_CARDS + s * NUM_CARDS + 3 * s + 4 * n + 1 + len(PHASE_NAMES)


def layout(params: ScopaParams) -> list[tuple[str, int, str]]:
    """The tensor's parts in order: (name, length, meaning): the one description of the tensor.
    The compiled encoder (``_encode`` in rules.pyx) writes each part by its name
    (``Game.tensor_offsets``); docs/research.md's table is made from it."""
    n, s = params.players, params.sides
    return ([("hand", NUM_CARDS, "own hand (card index)"), ("table", NUM_CARDS, "cards on the table"),
             ("playing", NUM_CARDS, "the card being played"),
             ("chosen", NUM_CARDS, "table cards chosen so far for the capture")]
            + [(f"captured.side{k}", NUM_CARDS, f"cards side {k} has captured") for k in range(s)]
            + [("scope", s, "sweeps per side / 10"), ("scores", s, "game points per side / target"),
               ("my_side", s, "the viewer's side"), ("is_me", n, "seat is the viewer"),
               ("to_move", n, "seat is to move"), ("dealer", n, "seat is the dealer"),
               ("hand_sizes", n, "cards in hand per seat / 10"), ("stock", 1, "cards to deal / 40"),
               ("phase", len(PHASE_NAMES), "one of " + ", ".join(PHASE_NAMES))])
