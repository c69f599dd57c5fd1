"""The finished deals of a Solo 66 match, read back from the rules' ``RESULT`` events
(``rules.pyx``) and put into words for the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrison.core.seats import seat_label

from .deck import DECK, SUITS
from .rules import (
    NUM_PLAYERS,
    RESULT_KINDS,
    WINNING_POINTS,
    last_trick_payoff,
    soloist_score,
)

if TYPE_CHECKING:
    from .state import Solo66State

#: ``(deal number, dealer, kind, soloist, trump, card points, last trick's winner, discards,
#: score changes per seat)``; kind is "solo", "last_trick" or "redeal".
Result = tuple[int, int, str, int, int, int, int, int, tuple[float, ...]]


def results(state: Solo66State) -> tuple[Result, ...]:
    """Every finished (or thrown-in) deal of the match so far, oldest first."""
    scoring = state.game.params.scoring
    out = []
    for _code, a, points, discards in state.events():
        deal_no, dealer, kind = a & 255, (a >> 8) & 15, RESULT_KINDS[(a >> 12) & 15]
        soloist, trump = ((a >> 16) & 15) - 1, ((a >> 20) & 15) - 1
        last_winner, soloist_tricks = ((a >> 24) & 15) - 1, (a >> 28) & 15
        if kind == "solo":
            score = soloist_score(points, soloist_tricks, scoring)
            deltas = tuple(score if p == soloist else -score / 4 for p in range(NUM_PLAYERS))
        elif kind == "last_trick":
            gain, loss = last_trick_payoff(scoring)
            deltas = tuple(gain if p == last_winner else loss for p in range(NUM_PLAYERS))
        else:
            deltas = (0.0,) * NUM_PLAYERS
        out.append((deal_no, dealer, kind, soloist, trump, points, last_winner,
                    discards & 0xFFFFFFFF, deltas))
    return tuple(out)


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
