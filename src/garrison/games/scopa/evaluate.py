"""A static value of a Scopa position, for search: the standings in points, squashed.

``evaluate(state)`` gives one value per seat in the return range. It counts each side's game
score plus what the cards it has captured so far in this hand would score if the hand ended now
(cards, Diamonds, primiera, the 7 of Diamonds, sweeps: ``score_hand``), and squashes the lead of
the seat's side over the best other side with ``tanh(lead / SCALE)``. At the end of the game it is
the mean of the returns and that squashed final lead, so a won game is still worth more than a
lost one while a wide win is worth a little more than a narrow one. A search bot that backs up
this value (``ismcts:value=eval``) learns from the margin, which varies less from one rollout to
the next than a win or a loss.

>>> import garrison
>>> state = garrison.load("scopa", players=2).new_initial_state()
>>> evaluate(state)
[0.0, 0.0]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .scoring import score_hand

if TYPE_CHECKING:
    from .state import ScopaState

#: Lead in points that maps to tanh(1) ~ 0.76.
SCALE = 3.0

#: About one hand in actions (40 cards dealt one chance action each, 36 played): the search's
#: rollouts stop there and take this lead instead of playing the luck of the hands after it.
HAND_ACTIONS = 80


def standings(state: ScopaState) -> tuple[int, ...]:
    """Points per side: the game score plus the current hand as if it ended now."""
    p = state.params
    if state.is_terminal():
        return tuple(state.scores)
    hand = score_hand(state.piles, state.scope, napola=p.napola, re_bello=p.re_bello)
    return tuple(s + h for s, h in zip(state.scores, hand.points))


def tally(state: ScopaState) -> list[float]:
    """Each seat's points in the game so far: its side's score (the arena's score difference)."""
    p = state.params
    return [float(state.scores[p.side_of(seat)]) for seat in range(p.players)]


def evaluate(state: ScopaState) -> list[float]:
    """Squashed lead of each seat's side (mixed half and half with the returns at the end)."""
    p = state.params
    points = standings(state)
    lead = []
    for side in range(p.sides):
        others = max(v for s, v in enumerate(points) if s != side)
        lead.append(math.tanh((points[side] - others) / SCALE))
    values = [lead[p.side_of(seat)] + 0.0 for seat in range(p.players)]
    if state.is_terminal():
        values = [(r + v) / 2 for r, v in zip(state.returns(), values)]
    return values


__all__ = ["HAND_ACTIONS", "SCALE", "evaluate", "standings", "tally"]
