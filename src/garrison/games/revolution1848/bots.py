"""Bots of 1848: a greedy heuristic that plays for the current Stich."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from garrison.core import Bot, State

from . import actions as A
from .observe import observation

if TYPE_CHECKING:
    from .state import G1848State

WIN_BONUS = 6.0
CARD_COST = 1.5


def stich_value(world: G1848State, seat: int) -> float:
    """How good the table is for ``seat`` if the Stich ended now."""
    _, winner, credits = world.decision()
    mine = sum(pts for s, _, pts in credits if s == seat)
    theirs = sum(pts for s, _, pts in credits if s != seat)
    value = mine - 0.5 * theirs
    if winner == seat:
        value += WIN_BONUS
    elif winner >= 0:
        value -= WIN_BONUS / 2
    return value


class HeuristicBot(Bot):
    """Plays the card (and target) that improves the current Stich most; passes when nothing
    helps enough; gives armies to itself; draws from the pile it holds fewer of."""

    name = "heuristic"
    description = "greedy: plays the card that best improves the current Stich, else passes"

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = observation(cast("G1848State", state), self.seat, with_log=False)
        if obs["draw_choice"] is not None:
            hp, hz = obs["hand_counts"][self.seat]
            return A.DRAW_PERSON if hp <= hz else A.DRAW_ZUSATZ
        world = cast("G1848State", state.resample(self.seat, self.rng))
        if obs["phase"] == "assign":
            mine = A.assign(self.seat)
            return mine if mine in legal else max(legal, key=lambda a: self._after(world, a))
        if obs["phase"] == "target":
            return max(legal, key=lambda a: self._after(world, a))
        base = stich_value(world, self.seat)
        best, best_gain = A.PASS, 0.0
        for a in legal:
            kind, _ = A.decode(a)
            if kind != "play":
                continue
            gain = self._after(world, a) - base - CARD_COST
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _after(self, world: G1848State, action: int) -> float:
        child = cast("G1848State", world.clone())
        child.apply_unchecked(action)
        if child.phase == "target" and child.to_move == self.seat:
            return max(self._after(child, a) for a in child.legal_actions())
        if child.phase == "assign" and child.to_move == self.seat:
            return max(self._after(child, a) for a in child.legal_actions())
        return stich_value(child, self.seat)


BOTS: dict[str, type[Bot]] = {HeuristicBot.name: HeuristicBot}
