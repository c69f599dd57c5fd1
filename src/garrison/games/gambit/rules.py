"""The rules of Soldier's Gambit, in the order of the seed (seeds/002, "Rules", "Variations").

Every function takes the state and assigns new values to its fields (the State rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrison.core.dice import roll_faces
from garrison.core.events import push
from garrison.core.seats import active_order, next_active, seat_label

from .scoring import combination_name, has_combination, score

if TYPE_CHECKING:
    from .state import GambitState


def _log(state: GambitState, text: str) -> None:
    state.events = push(state.events, text)


# -- A round: every player still in takes one turn (seed "Rules"; spec: first player rotates) --
def start_round(state: GambitState, first: int) -> None:
    """Begin a round with ``first`` (or the next player still in) rolling first."""
    state.order = active_order(first, state.active)
    state.first = state.order[0]
    state.turn = 0
    state.scores = (None,) * state.game.num_players
    _log(state, f"Round {state.round_no}: {seat_label(state.first)} starts")


# -- A turn: roll all dice, set aside at least one, reroll the rest (seed "Rules") -------------
def dice_to_roll(state: GambitState) -> int:
    return state.params.dice - len(state.kept)


def rolled(state: GambitState, outcome: int) -> None:
    """Chance has rolled every die not yet set aside."""
    state.roll = roll_faces(dice_to_roll(state), outcome)
    state.taken = ()
    _log(state, f"{seat_label(state.mover)} rolls {' '.join(map(str, state.roll))}")


def can_keep(state: GambitState, face: int) -> bool:
    """A die showing ``face`` is in the current roll and not yet set aside."""
    return state.roll.count(face) > state.taken.count(face)


def can_roll(state: GambitState) -> bool:
    """At least one die of this roll is set aside, and dice remain to roll."""
    return bool(state.taken) and dice_to_roll(state) > 0


def set_aside(state: GambitState, face: int) -> None:
    """The player sets aside one die showing ``face``; the last die ends the turn."""
    state.kept = tuple(sorted(state.kept + (face,)))
    state.taken = tuple(sorted(state.taken + (face,)))
    _log(state, f"{seat_label(state.mover)} keeps {face}")
    if dice_to_roll(state) == 0:
        end_turn(state)


def reroll(state: GambitState) -> None:
    """The player rolls the dice not set aside (chance acts next)."""
    state.roll = None
    state.taken = ()


def end_turn(state: GambitState) -> None:
    """All dice are set aside: the hand scores (combinations beat every pip sum)."""
    seat = state.mover
    points = score(state.kept)
    scores = list(state.scores)
    scores[seat] = points
    state.scores = tuple(scores)
    _log(state, f"{seat_label(seat)} scores {points} ({combination_name(state.kept)}: "
         f"{' '.join(map(str, state.kept))})")
    if state.params.mode == "treasure" and has_combination(state.kept, state.params.prize):
        treasure_found(state, seat)
    state.kept, state.roll, state.taken = (), None, ()
    state.turn += 1
    if state.turn == len(state.order):
        end_round(state)


# -- End of a round: the lowest score loses (seed "Rules"; "Variations") ---------------------
def lowest_and_highest(state: GambitState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Seats tied for the lowest score and seats tied for the highest, this round."""
    played = [(state.scores[s], s) for s in state.order]
    low = min(p for p, _ in played)
    high = max(p for p, _ in played)
    return tuple(s for p, s in played if p == low), tuple(s for p, s in played if p == high)


def end_round(state: GambitState) -> None:
    losers, winners = lowest_and_highest(state)
    mode = state.params.mode
    if mode in ("lives", "coins"):
        lose_lives(state, losers)
    elif mode == "trader":
        trade(state, losers, winners)
    else:
        pay_into_pool(state, losers)
    if not state.finished:
        if round_limit_reached(state):
            finish(state, tuple(s for s in range(state.game.num_players) if state.active[s]))
        else:
            state.round_no += 1
            start_round(state, next_active(state.first, state.game.num_players, state.active))


def round_limit_reached(state: GambitState) -> bool:
    p = state.params
    limit = p.max_rounds if p.mode in ("lives", "coins") else p.rounds
    return state.round_no >= limit


def lose_lives(state: GambitState, losers: tuple[int, ...]) -> None:
    """Everyone tied for lowest loses a life (coin play: pays a coin into the pool).

    Spec reading: if every player still in would go out this round, nobody loses a life.
    """
    still_in = [s for s in state.order if not (s in losers and state.lives[s] == 1)]
    if not still_in:
        _log(state, "everyone still in would go out: nobody loses a life this round")
        return
    lives, active = list(state.lives), list(state.active)
    for s in losers:
        lives[s] -= 1
        if state.params.mode == "coins":
            state.pool += 1
        word = "coin" if state.params.mode == "coins" else "life"
        _log(state, f"{seat_label(s)} loses a {word} ({lives[s]} left)")
        if lives[s] == 0:
            active[s] = False
            _log(state, f"{seat_label(s)} is out")
    state.lives, state.active = tuple(lives), tuple(active)
    if len(still_in) == 1:
        finish(state, (still_in[0],))


def trade(state: GambitState, losers: tuple[int, ...], winners: tuple[int, ...]) -> None:
    """Coin Trader: every lowest player pays the stake to every highest player."""
    if set(losers) == set(winners):
        _log(state, "all scores equal: nobody pays")
        return
    coins = list(state.coins)
    stake = state.params.stake
    for loser in losers:
        for winner in winners:
            coins[loser] -= stake
            coins[winner] += stake
            _log(state, f"{seat_label(loser)} pays {stake} to {seat_label(winner)}")
    state.coins = tuple(coins)


def pay_into_pool(state: GambitState, losers: tuple[int, ...]) -> None:
    """Treasure Hunt: each lowest player pays a coin into the pool; the broke buy in or leave.

    Reading (as in lives play): if paying would leave nobody in, nobody pays this round.
    """
    if not state.params.rebuy and all(s in losers and state.coins[s] == 1 for s in state.order):
        _log(state, "everyone still in would go broke: nobody pays this round")
        return
    coins, active, invested = list(state.coins), list(state.active), list(state.invested)
    for s in losers:
        coins[s] -= 1
        state.pool += 1
        _log(state, f"{seat_label(s)} pays a coin into the pool (pool {state.pool})")
        if coins[s] == 0:
            if state.params.rebuy:
                coins[s] += state.params.coins
                invested[s] += state.params.coins
                _log(state, f"{seat_label(s)} buys in again with {state.params.coins} coins")
            else:
                active[s] = False
                _log(state, f"{seat_label(s)} has no coins left and is out")
    state.coins, state.active, state.invested = tuple(coins), tuple(active), tuple(invested)
    remaining = [s for s in range(state.game.num_players) if active[s]]
    if len(remaining) == 1:
        finish(state, (remaining[0],))


def treasure_found(state: GambitState, seat: int) -> None:
    """Treasure Hunt: rolling the prize combination takes the whole pool."""
    if state.pool:
        coins = list(state.coins)
        coins[seat] += state.pool
        _log(state, f"{seat_label(seat)} rolled the {state.params.prize} and takes the pool of {state.pool}")
        state.coins, state.pool = tuple(coins), 0


# -- The end of the game ---------------------------------------------------------------------
def finish(state: GambitState, survivors: tuple[int, ...]) -> None:
    """The game ends; ``survivors`` share what is left in the pool."""
    state.finished = True
    state.winners = survivors
    if len(survivors) == 1:
        _log(state, f"{seat_label(survivors[0])} wins")
    else:
        _log(state, f"the game ends; still in: {', '.join(seat_label(s) for s in survivors)}")


def returns(state: GambitState) -> list[float]:
    """Utilities at the end: zero-sum in every mode.

    lives: the winner +1, everyone else -1/(n-1) (survivors at the round cap share +1);
    coins, trader, treasure: coins won or lost, the pool left at the end shared by the survivors.
    """
    n = state.game.num_players
    if not state.finished:
        return [0.0] * n
    winners = state.winners
    mode = state.params.mode
    if mode == "lives":
        if len(winners) == n:
            return [0.0] * n
        return [1 / len(winners) if s in winners else -1 / (n - len(winners)) for s in range(n)]
    share = [state.pool / len(winners) if s in winners else 0.0 for s in range(n)]
    if mode == "coins":
        return [state.lives[s] + share[s] - state.params.lives for s in range(n)]
    if mode == "trader":
        return [float(c) for c in state.coins]
    return [state.coins[s] + share[s] - state.invested[s] for s in range(n)]
