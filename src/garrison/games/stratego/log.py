"""The log as text: the rules record typed events (``cdef enum Event`` in ``rules.pyx``); this
turns them into sentences only when someone reads the log (an observation), never on the hot
path, through the log service (``garrison.core.log``). Every event is public: moves without
ranks, fights with both ranks (a fight shows them to both sides)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core.log import Event, EventLog, Line, public

from .board import square_name
from .pieces import name
from .rules import (
    DRAW,
    REASONS,
    AnyEvent,
    AttackEvent,
    EndEvent,
    MoveEvent,
    SetupEvent,
    decode_event,
)

if TYPE_CHECKING:
    from garrison.core.game import Game

    from .state import StrategoState

SIDES = ("Red", "Blue")
OUTCOME_TEXT = ("the attacker wins", "the defender holds", "both are lost", "the flag is taken")
WHY = {"flag": "the flag is captured", "no moves": "the loser has no move left",
       "cap": "the move cap is reached"}

def text(event: AnyEvent) -> str:
    """One event (a ``decode_event`` tuple) in words."""
    match event:
        case SetupEvent(side):
            return f"{SIDES[side]} has set up"
        case MoveEvent(side, frm, to):
            return f"{SIDES[side]} {square_name(frm)}-{square_name(to)}"
        case AttackEvent(side, frm, to, defender, attacker, outcome):
            return (f"{SIDES[side]} {square_name(frm)}x{square_name(to)}: {name(attacker)} "
                    f"attacks {name(defender)}; {OUTCOME_TEXT[outcome]}")
        case EndEvent(winner, reason_code):
            reason = REASONS[reason_code]
            why = WHY.get(reason, reason)
            return "Draw: " + why if winner == DRAW else f"{SIDES[winner]} wins: {why}"
    raise ValueError(f"unknown Stratego event {event!r}")


def _tell(game: Game, context: None, event: Event) -> tuple[tuple[Line], None]:
    return (public(text(decode_event(event))),), None


#: The log service (``garrison.core.log``): every line public, no context.
LOG: EventLog[None] = EventLog("stratego", _tell, lambda game: None)


def entries(state: StrategoState, last: int | None = None) -> list[str]:
    """The log in words, oldest first (only the ``last`` lines if given)."""
    return LOG.read(state, None, last)


def last_moves(state: StrategoState) -> dict[str, Any]:
    """The board's latest moves as fields (public, like the log): each side's last move
    (``moves``: ``{"from", "to"}`` squares by name, or None), the side that moved last
    (``latest``) and, if the very last move was an attack, the fight (``fight``: side, squares, both ranks, ``outcome`` in words). The page
    marks and draws these, never reading a sentence."""
    moves: list[dict[str, str] | None] = [None, None]
    fight: dict[str, Any] | None = None
    latest: int | None = None
    first = True
    for raw in reversed(state.events()):
        event = decode_event(raw)
        if not isinstance(event, (MoveEvent, AttackEvent)):
            continue
        if first:
            latest = event.side
        if first and isinstance(event, AttackEvent):
            fight = {"side": event.side, "from": square_name(event.frm), "to": square_name(event.to),
                     "attacker": event.a_rank, "defender": event.d_rank,
                     "outcome": OUTCOME_TEXT[event.outcome]}
        first = False
        if moves[event.side] is None:
            moves[event.side] = {"from": square_name(event.frm), "to": square_name(event.to)}
        if moves[0] is not None and moves[1] is not None:
            break
    return {"moves": moves, "fight": fight, "latest": latest}
