"""The finished deals of a Solo 66 match, read back from the rules' ``RESULT`` and
``LAST_TRICK`` events (``cdef enum Event`` in ``rules.pyx``, decoded by name) and put into words
for the log through the log service (``garrison.core.log``). The rules record no event for the
deal in progress (the bids, the tricks before the last): ``observe`` words it from the struct,
with this module's ``describe_trick``, so that a trick reads the same in both."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from garrison.core.log import Event, EventLog, Line, public
from garrison.core.seats import seat_label

from .deck import CARD_POINTS, DECK, LAST_TRICK_BONUS, SUITS
from .rules import (
    NUM_PLAYERS,
    NUM_TRICKS,
    RESULT_KINDS,
    WINNING_POINTS,
    LastTrickEvent,
    ResultEvent,
    decode_event,
    decode_events,
    last_trick_payoff,
    soloist_score,
)

if TYPE_CHECKING:
    from garrison.core.game import Game

    from .params import Solo66Params
    from .state import Solo66State

#: ``(deal number, dealer, kind, soloist, trump, card points, last trick's winner, discards,
#: score changes per seat)``; kind is "solo", "last_trick" or "redeal".
Result = tuple[int, int, str, int, int, int, int, int, tuple[float, ...]]


def result(scoring: str, event: ResultEvent) -> Result:
    """One finished deal, from its ``RESULT`` event (``scoring``: the table's option)."""
    kind = RESULT_KINDS[event.kind]
    if kind == "solo":
        score = soloist_score(event.points, event.soloist_tricks, scoring)
        deltas = tuple(score if p == event.soloist else -score / 4 for p in range(NUM_PLAYERS))
    elif kind == "last_trick":
        gain, loss = last_trick_payoff(scoring)
        deltas = tuple(gain if p == event.last_winner else loss for p in range(NUM_PLAYERS))
    else:
        deltas = (0.0,) * NUM_PLAYERS
    return (event.deal_no, event.dealer, kind, event.soloist, event.trump, event.points,
            event.last_winner, event.discards, deltas)


def results(state: Solo66State) -> tuple[Result, ...]:
    """Every finished (or thrown-in) deal of the match so far, oldest first."""
    scoring = state.game.params.scoring
    return tuple(result(scoring, e) for e in decode_events(state.events())
                 if isinstance(e, ResultEvent))


def last_trick(state: Solo66State) -> LastTrickEvent | None:
    """The last trick of the last finished deal (None: no deal finished yet, or the last one
    was thrown in unplayed)."""
    found: LastTrickEvent | None = None
    for event in decode_events(state.events()):
        if isinstance(event, LastTrickEvent):
            found = event
        elif RESULT_KINDS[event.kind] == "redeal":
            found = None
    return found


def describe_trick(number: int, leader: int, cards: tuple[int, ...] | list[int], winner: int) -> str:
    """One trick in words: who played what, in order, who took it and its card points (Play
    ¶4: the last trick counts 10 more)."""
    played = ", ".join(f"{seat_label((leader + j) % NUM_PLAYERS)} {DECK.name[c]}"
                       for j, c in enumerate(cards))
    bonus = f" +{LAST_TRICK_BONUS} last trick" if number == NUM_TRICKS else ""
    return (f"Trick {number}: {played}; {seat_label(winner)} takes it "
            f"({sum(CARD_POINTS[c] for c in cards)} points{bonus})")


def declarer(state: Solo66State, since: int) -> int | None:
    """The soloist of the first deal finished after event ``since`` (None: none finished, or
    it was thrown in or played for the last trick): ``Game.declarer``, read by search."""
    for event in decode_events(state.events(since)):
        if isinstance(event, ResultEvent):
            return event.soloist if RESULT_KINDS[event.kind] == "solo" else None
    return None


def describe_result(result: Result) -> str:
    """One public line about a finished deal (the discards are shown when the pile is counted)."""
    deal_no, dealer, kind, soloist, trump, points, last_winner, discards, deltas = result
    head = f"Deal {deal_no + 1} (dealer {seat_label(dealer)}):"
    if kind == "redeal":
        return f"{head} everyone passed; the cards are thrown in and dealt again."
    if kind == "last_trick":
        return (f"{head} everyone passed; played without trumps; {seat_label(last_winner)} took "
                f"the last trick and wins {deltas[last_winner]:+g}.")
    verdict = "wins" if points >= WINNING_POINTS else "loses"
    shown = ", ".join(DECK.names(discards))
    return (
        f"{head} {seat_label(soloist)} played {SUITS[trump]} and {verdict} with {points} card points "
        f"(discards {shown}); {seat_label(soloist)} {deltas[soloist]:+g}, each defender "
        f"{deltas[(soloist + 1) % NUM_PLAYERS]:+g}."
    )


def _tell(game: Game, context: None, event: Event) -> tuple[tuple[Line, ...], None]:
    decoded = decode_event(event)
    if isinstance(decoded, LastTrickEvent):
        line = describe_trick(NUM_TRICKS, decoded.leader, decoded.cards, decoded.winner)
        return (public(line),), None
    scoring = cast("Solo66Params", game.params).scoring
    return (public(describe_result(result(scoring, decoded))),), None


#: The log service (``garrison.core.log``): a public line per finished deal, after the deal's
#: last trick when it was played out.
LOG: EventLog[None] = EventLog("solo66", _tell, lambda game: None)
