"""The Scopa log as text: the rules record typed events (``cdef enum Event`` in ``rules.pyx``);
this turns them, decoded to named tuples (``decode_event``), into sentences only when someone
reads the log (an observation), never on the hot path, through the log service
(``garrison.core.log``), which carries the game scores from one event to the next."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core.log import Event, EventLog, Line, public
from garrison.core.seats import seat_label

from .deck import DECK, italian, italian_names, names
from .rules import (
    END_WHY,
    AnyEvent,
    EndEvent,
    HandEvent,
    LayEvent,
    LevelEvent,
    RestEvent,
    ScoreEvent,
    TableEvent,
    TakeEvent,
    VoidEvent,
    decode_event,
    decode_events,
)
from .sides import side_label

if TYPE_CHECKING:
    from garrison.core.game import Game

    from .params import ScopaParams
    from .state import ScopaState

_WHY = {"target": "reaches the target", "napoleone": "holds all ten Coins (Napoleone)",
        "limit": "leads when the hand limit is reached"}


def side_name(params: ScopaParams, side: int) -> str:
    return side_label([s for s in range(params.players) if params.side_of(s) == side], side)


def _cards(mask: int) -> str:
    return ", ".join(italian_names(mask))


def text(params: ScopaParams, event: AnyEvent, scores: list[int]) -> str:
    """One event (a ``decode_event`` tuple) in words (``scores``: the game scores after it, for a hand's count)."""
    match event:
        case HandEvent(hand_no, dealer):
            return f"Hand {hand_no}: {seat_label(dealer)} deals"
        case TableEvent(table):
            return f"On the table: {_cards(table)}"
        case VoidEvent(table):
            return (f"Three or more Kings on the table ({_cards(table)}): "
                    "the table is dealt again")
        case LayEvent(seat, card):
            return f"{seat_label(seat)} plays {italian(card)}"
        case TakeEvent(seat, card, scopa, swept, taken):
            line = (f"{seat_label(seat)} plays {italian(card)} and takes "
                    f"{' + '.join(italian_names(taken))}")
            if scopa:
                line += ": SCOPA!"
            elif swept:
                line += " (table cleared, no scopa)"
            return line
        case RestEvent(seat, rest):
            return f"{seat_label(seat)} captured last and takes the rest: {_cards(rest)}"
        case ScoreEvent(hand_no, points):
            pts = ", ".join(f"{side_name(params, s)} {p}"
                            for s, p in enumerate(points[:params.sides]))
            tot = ", ".join(f"{side_name(params, s)} {p}" for s, p in enumerate(scores))
            return f"Hand {hand_no} scored {pts}. Totals: {tot}"
        case LevelEvent():
            return "The leaders are level at or over the target: another hand is played"
        case EndEvent(why, winners):
            who = " and ".join(side_name(params, s) for s in range(params.sides)
                               if winners >> s & 1)
            return f"Game over: {who} {_WHY[END_WHY[why]]}"
    raise ValueError(f"unknown Scopa event {event!r}")


def _tell(game: Game, scores: tuple[int, ...], event: Event) -> tuple[tuple[Line], tuple[int, ...]]:
    decoded = decode_event(event)
    if isinstance(decoded, ScoreEvent):
        scores = tuple(s + p for s, p in zip(scores, decoded.points))
    params = cast("ScopaParams", game.params)
    return (public(text(params, decoded, list(scores))),), scores


def _start(game: Game) -> tuple[int, ...]:
    return (0,) * cast("ScopaParams", game.params).sides


#: The log service (``garrison.core.log``): every line public; the context is the game scores
#: (a hand's count line shows them).
LOG: EventLog[tuple[int, ...]] = EventLog("scopa", _tell, _start)


def entries(state: ScopaState, last: int | None = None) -> list[str]:
    """The log, oldest first (only the ``last`` entries if given)."""
    return LOG.read(state, None, last)


def last_plays(state: ScopaState) -> list[dict[str, Any] | None]:
    """Each seat's latest play of the hand in progress as fields (the page marks it and says it
    without reading a sentence): ``{"card", "took", "scopa", "latest"}``; ``latest`` is true
    for the last play of all. Public, like every line of the log."""
    out: list[dict[str, Any] | None] = [None] * state.params.players
    newest = -1
    for event in decode_events(state.events()):
        if isinstance(event, HandEvent):
            out = [None] * state.params.players
            newest = -1
        elif isinstance(event, LayEvent):
            out[event.seat] = {"card": DECK.name[event.card], "took": [], "scopa": False}
            newest = event.seat
        elif isinstance(event, TakeEvent):
            out[event.seat] = {"card": DECK.name[event.card], "took": names(event.taken),
                               "scopa": bool(event.scopa)}
            newest = event.seat
    for seat, play in enumerate(out):
        if play is not None:
            play["latest"] = seat == newest
    return out
