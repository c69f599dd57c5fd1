"""The Gambit log as text: the rules record events as ints (``rules.pyx``); this turns them into
sentences only when someone reads the log (an observation), never on the hot path."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from garrison.core.dice import roll_faces
from garrison.core.seats import seat_label

from .rules import EVENTS, hand_of_code
from .scoring import combination_name

if TYPE_CHECKING:
    from .params import GambitParams
    from .state import GambitState

_E = EVENTS


def _dice(faces: tuple[int, ...]) -> str:
    return " ".join(map(str, faces))


@lru_cache(maxsize=1 << 16)
def text(p: GambitParams, code: int, a: int, b: int, c: int) -> str:
    """One event in words (kept once worded: an event's words depend only on it and the
    options, and search reads the same events in many states)."""
    if code == _E["ROUND"]:
        return f"Round {a}: {seat_label(b)} starts"
    if code == _E["ROLLS"]:
        return f"{seat_label(a)} rolls {_dice(roll_faces(b, c))}"
    if code == _E["KEEPS"]:
        return f"{seat_label(a)} keeps {b}"
    if code == _E["SCORES"]:
        hand = hand_of_code(c)
        return f"{seat_label(a)} scores {b} ({combination_name(hand)}: {_dice(hand)})"
    if code == _E["NOBODY_LOSES"]:
        return "everyone still in would go out: nobody loses a life this round"
    if code == _E["LOSES"]:
        word = "coin" if p.mode == "coins" else "life"
        return f"{seat_label(a)} loses a {word} ({b} left)"
    if code == _E["OUT"]:
        return f"{seat_label(a)} is out"
    if code == _E["ALL_EQUAL"]:
        return "all scores equal: nobody pays"
    if code == _E["PAYS"]:
        return f"{seat_label(a)} pays {b} to {seat_label(c)}"
    if code == _E["NOBODY_PAYS"]:
        return "everyone still in would go broke: nobody pays this round"
    if code == _E["INTO_POOL"]:
        return f"{seat_label(a)} pays a coin into the pool (pool {b})"
    if code == _E["BUYS_IN"]:
        return f"{seat_label(a)} buys in again with {b} coins"
    if code == _E["BROKE"]:
        return f"{seat_label(a)} has no coins left and is out"
    if code == _E["TREASURE"]:
        return f"{seat_label(a)} rolled the {p.prize} and takes the pool of {b}"
    if code == _E["WINS"]:
        return f"{seat_label(a)} wins"
    if code == _E["ENDS"]:
        still = ", ".join(seat_label(s) for s in range(p.players) if a >> s & 1)
        return f"the game ends; still in: {still}"
    raise ValueError(f"unknown Gambit event {code}")


def entries(state: GambitState) -> list[str]:
    """The whole log, oldest first."""
    p = state.params
    return [text(p, *event) for event in state.events()]
