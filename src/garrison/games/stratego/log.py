"""The log as text: the rules record events as ints (``rules.pyx``); this turns them into today's
sentences only when someone reads the log (an observation), never on the hot path. Every event
is public: moves without ranks, fights with both ranks (a fight shows them to both sides)."""

from __future__ import annotations

from .board import square_name
from .pieces import name
from .rules import DRAW, EVENTS, REASONS

SIDES = ("Red", "Blue")
OUTCOME_TEXT = ("the attacker wins", "the defender holds", "both are lost", "the flag is taken")
WHY = {"flag": "the flag is captured", "no moves": "the loser has no move left",
       "cap": "the move cap is reached"}

_E = EVENTS


def text(code: int, a: int, b: int, c: int) -> str:
    """One event in words."""
    if code == _E["SETUP"]:
        return f"{SIDES[a]} has set up"
    if code == _E["MOVE"]:
        return f"{SIDES[a]} {square_name(b // 100)}-{square_name(b % 100)}"
    if code == _E["ATTACK"]:
        outcome, attacker, defender = c // 256, c // 16 % 16, c % 16
        return (f"{SIDES[a]} {square_name(b // 100)}x{square_name(b % 100)}: {name(attacker)} "
                f"attacks {name(defender)}; {OUTCOME_TEXT[outcome]}")
    if code == _E["END"]:
        reason = REASONS[b]
        why = WHY.get(reason, reason)
        return "draw: " + why if a == DRAW else f"{SIDES[a]} wins: {why}"
    raise ValueError(f"unknown Stratego event {code}")


def entries(events: list[tuple[int, int, int, int]]) -> list[str]:
    """The events in words, oldest first."""
    return [text(*event) for event in events]
