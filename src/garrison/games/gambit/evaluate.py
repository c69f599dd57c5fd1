"""A static value of a Gambit position in lives play, for search that stops at the end of a round.

In ``mode="lives"`` the returns come only at the end of the match, many rounds away, so a rollout
to the end mostly measures the luck of later rounds. ``evaluate(state)`` values a position by the
lives alone: it is each seat's expected return if, from now on, every round took one life from a
player drawn uniformly among those still in (``win_chances``, an exact recursion over the lives).
Equal players make that model fair; its job is only to say how much one life is worth at the
current standings. With the search setting ``horizon=eval`` a rollout stops as soon as this value
changes (a life is lost) and backs it up, so a simulation costs one round, not the rest of the
match. In the other modes it is the returns (zero until the end), which changes nothing.

>>> import garrison
>>> state = garrison.load("gambit", players=3, lives=2).new_initial_state()
>>> [round(v, 9) for v in evaluate(state)]  # three equal players: even
[0.0, 0.0, 0.0]
>>> [round(p, 4) for p in win_chances((2, 1, 0))]
[0.75, 0.25, 0.0]
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from garrison.core import State

    from .state import GambitState


@cache
def win_chances(lives: tuple[int, ...]) -> tuple[float, ...]:
    """Chance that each seat wins when every round one uniformly drawn player still in loses a
    life (a player with 0 lives is out; the last player left wins)."""
    alive = [s for s, k in enumerate(lives) if k > 0]
    if len(alive) <= 1:
        return tuple(1.0 if k > 0 else 0.0 for k in lives) if alive else (0.0,) * len(lives)
    total = [0.0] * len(lives)
    for loser in alive:
        after = list(lives)
        after[loser] -= 1
        for s, p in enumerate(win_chances(tuple(after))):
            total[s] += p / len(alive)
    return tuple(total)


def evaluate(any_state: State) -> list[float]:
    """Expected return per seat under ``win_chances`` (lives play); the returns otherwise."""
    state = cast("GambitState", any_state)
    if state.is_terminal() or state.params.mode != "lives":
        return state.returns()
    n = state.game.num_players
    lives = tuple(k if state.active[s] else 0 for s, k in enumerate(state.lives))
    chances = win_chances(lives)
    lose = -1.0 / (n - 1)
    return [p + (1.0 - p) * lose for p in chances]


__all__ = ["evaluate", "win_chances"]
