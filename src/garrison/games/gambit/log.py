"""The Gambit log as text: the rules record typed events (``cdef enum Event`` in ``rules.pyx``);
this turns them, decoded to named tuples, into sentences only when someone reads the log (an
observation), never on the hot path. Every event is public (dice are rolled in the open)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from garrison.core.dice import roll_faces
from garrison.core.log import Event, EventLog, Line, latest_per_seat, public
from garrison.core.seats import seat_label

from .rules import (
    AllEqualEvent,
    AnyEvent,
    BrokeEvent,
    BuysInEvent,
    EndsEvent,
    IntoPoolEvent,
    KeepsEvent,
    LosesEvent,
    NobodyLosesEvent,
    NobodyPaysEvent,
    OutEvent,
    PaysEvent,
    RollsEvent,
    RoundEvent,
    ScoresEvent,
    TreasureEvent,
    WinsEvent,
    decode_event,
    hand_of_code,
)
from .scoring import combination_name

if TYPE_CHECKING:
    from garrison.core.game import Game

    from .params import GambitParams
    from .state import GambitState


def _dice(faces: tuple[int, ...]) -> str:
    return " ".join(map(str, faces))


def text(p: GambitParams, event: AnyEvent) -> str:  # noqa: C901, PLR0911
    """One event (a ``decode_event`` tuple) in words."""
    match event:
        case RoundEvent(round_no, first):
            return f"Round {round_no}: {seat_label(first)} starts"
        case RollsEvent(seat, dice, outcome):
            return f"{seat_label(seat)} rolls {_dice(roll_faces(dice, outcome))}"
        case KeepsEvent(seat, face):
            return f"{seat_label(seat)} keeps {face}"
        case ScoresEvent(seat, points, hand_code):
            hand = hand_of_code(hand_code)
            return f"{seat_label(seat)} scores {points} ({combination_name(hand)}: {_dice(hand)})"
        case NobodyLosesEvent():
            return "Everyone still in would go out: nobody loses a life this round"
        case LosesEvent(seat, left):
            word = "coin" if p.mode == "coins" else "life"
            return f"{seat_label(seat)} loses a {word} ({left} left)"
        case OutEvent(seat):
            return f"{seat_label(seat)} is out"
        case AllEqualEvent():
            return "All scores equal: nobody pays"
        case PaysEvent(loser, stake, winner):
            return f"{seat_label(loser)} pays {stake} to {seat_label(winner)}"
        case NobodyPaysEvent():
            return "Everyone still in would go broke: nobody pays this round"
        case IntoPoolEvent(seat, pool):
            return f"{seat_label(seat)} pays a coin into the pool (pool {pool})"
        case BuysInEvent(seat, coins):
            return f"{seat_label(seat)} buys in again with {coins} coins"
        case BrokeEvent(seat):
            return f"{seat_label(seat)} has no coins left and is out"
        case TreasureEvent(seat, pool):
            return f"{seat_label(seat)} rolled the {p.prize} and takes the pool of {pool}"
        case WinsEvent(seat):
            return f"{seat_label(seat)} wins"
        case EndsEvent(still_in):
            still = ", ".join(seat_label(s) for s in range(p.players) if still_in >> s & 1)
            return f"The game ends; still in: {still}"
    raise ValueError(f"unknown Gambit event {event!r}")


@lru_cache(maxsize=1 << 16)
def _line(p: GambitParams, event: Event) -> Line:
    """One event's line (kept once worded: it depends only on the event and the options, and
    search reads the same events in many states)."""
    return public(text(p, decode_event(event)))


def _tell(game: Game, context: None, event: Event) -> tuple[tuple[Line, ...], None]:
    return (_line(game.params, event),), None


#: The log service (``garrison.core.log``): every line public, no context.
LOG: EventLog[None] = EventLog("gambit", _tell, lambda game: None)


def entries(state: GambitState) -> list[str]:
    """The whole log, oldest first."""
    return LOG.read(state, None)


def _move(event: Event) -> tuple[int, dict[str, object]] | None:
    """A seat's move as the page shows it beside the seat: a roll, a die kept, a score."""
    match decode_event(event):
        case RollsEvent(seat, dice, outcome):
            return seat, {"move": "roll", "dice": list(roll_faces(dice, outcome))}
        case KeepsEvent(seat, face):
            return seat, {"move": "keep", "dice": [face]}
        case ScoresEvent(seat, points, hand_code):
            return seat, {"move": "score", "points": points, "dice": list(hand_of_code(hand_code))}
    return None


def last_moves(state: GambitState) -> list[dict[str, object] | None]:
    """Each seat's latest roll, kept die or score (None: none yet); all of it public."""
    return latest_per_seat(state.events(), state.game.num_players, _move)
