"""The Scopa log as text: the rules record events as ints (``rules.pyx``); this turns them into
sentences only when someone reads the log (an observation), never on the hot path."""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrison.core.seats import seat_label

from .deck import DECK, names
from .rules import END_WHY, EVENTS, mask_of

if TYPE_CHECKING:
    from .params import ScopaParams
    from .state import ScopaState

_E = EVENTS
_WHY = {"target": "reaches the target", "napoleone": "holds all ten Diamonds (Napoleone)",
        "limit": "leads when the hand limit is reached"}


def side_name(params: ScopaParams, side: int) -> str:
    if params.players <= 3:
        return seat_label(side)
    seats = "+".join(seat_label(s) for s in range(params.players) if params.side_of(s) == side)
    return f"team {'ABC'[side]} ({seats})"


def _cards(mask: int) -> str:
    return " ".join(names(mask))


def points_of(params: ScopaParams, packed: int) -> list[int]:
    """A hand's points per side, as the SCORE event packs them (10 bits a side)."""
    return [packed >> (10 * side) & 1023 for side in range(params.sides)]


def text(params: ScopaParams, code: int, a: int, b: int, c: int, scores: list[int]) -> str:
    """One event in words (``scores``: the game scores after it, for a hand's count)."""
    if code == _E["HAND"]:
        return f"Hand {a}: {seat_label(b)} deals"
    if code == _E["TABLE"]:
        return f"On the table: {_cards(mask_of(a, b))}"
    if code == _E["VOID"]:
        return (f"Three or more Kings on the table ({_cards(mask_of(a, b))}): "
                "the table is dealt again")
    if code == _E["LAY"]:
        return f"{seat_label(a)} plays {DECK.name[b]}"
    if code == _E["TAKE"]:
        seat, card = a & 7, a >> 3 & 63
        line = (f"{seat_label(seat)} plays {DECK.name[card]} and takes "
                f"{' + '.join(names(mask_of(b, c)))}")
        if a >> 9 & 1:
            line += ": SCOPA!"
        elif a >> 10 & 1:
            line += " (table cleared, no scopa)"
        return line
    if code == _E["REST"]:
        return f"{seat_label(a)} captured last and takes the rest: {_cards(mask_of(b, c))}"
    if code == _E["SCORE"]:
        pts = ", ".join(f"{side_name(params, s)} {p}" for s, p in enumerate(points_of(params, b)))
        tot = ", ".join(f"{side_name(params, s)} {p}" for s, p in enumerate(scores))
        return f"Hand {a} points: {pts}. Scores: {tot}"
    if code == _E["LEVEL"]:
        return "The leaders are level at or over the target: another hand is played"
    if code == _E["END"]:
        who = " and ".join(side_name(params, s) for s in range(params.sides) if b >> s & 1)
        return f"Game over: {who} {_WHY[END_WHY[a]]}"
    raise ValueError(f"unknown Scopa event {code}")


def entries(state: ScopaState, last: int | None = None) -> list[str]:
    """The log, oldest first (only the ``last`` entries if given)."""
    params = state.params
    events = state.events()
    start = 0 if last is None else max(0, len(events) - last)
    scores = [0] * params.sides
    for code, _, b, _ in events[:start]:
        if code == _E["SCORE"]:
            scores = [s + p for s, p in zip(scores, points_of(params, b))]
    out = []
    for code, a, b, c in events[start:]:
        if code == _E["SCORE"]:
            scores = [s + p for s, p in zip(scores, points_of(params, b))]
        out.append(text(params, code, a, b, c, scores))
    return out
