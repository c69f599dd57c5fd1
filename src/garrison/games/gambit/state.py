"""A game of Soldier's Gambit in progress: the compiled rules (``rules.pyx``) with the views.

``GambitState`` is the compiled ``GambitCore`` (typed state and rules) joined with the kernel's
Python ``State`` (observation gate, notation, explanations). Nothing here changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core import CHANCE, State

from . import actions
from .observe import observe
from .rules import GambitFields

if TYPE_CHECKING:
    from .params import GambitParams


class GambitState(GambitFields, State):
    """Every field is a typed accessor of ``GambitCore`` (see ``rules.pyx``)."""

    @property
    def params(self) -> GambitParams:
        return cast("GambitParams", self.game.params)

    def _action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return actions.roll_to_string(self.dice_left, action)
        return actions.to_string(action)

    def parse_action(self, text: str) -> int:
        if self.current_player() == CHANCE:
            return actions.parse_roll(text, self.dice_left)
        return actions.parse(text)

    def _explain_illegal(self, action: int) -> str:
        if action == actions.ROLL:
            if not self.taken:
                return "you must set aside at least one die of this roll before rolling again"
            return "every die is set aside; there is nothing left to roll"
        if action > actions.ROLL:
            return f"action id {action} is not a Gambit move (0-5 keep a die of face 1-6, 6 roll)"
        face = actions.face_of(action)
        return (
            f"there is no {face} left to set aside in this roll "
            f"(you rolled {' '.join(map(str, self.roll or ()))})"
        )

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe(self, seat)

    def resample(self, seat: int, rng: Any) -> GambitState:
        """Everything in Gambit is public, so the only consistent world is this one."""
        self.check_seat(seat)
        return cast("GambitState", self.clone())

    def fields(self) -> dict[str, Any]:
        """The typed state as Python values (equality and debugging)."""
        out = {name: getattr(self, name) for name in self.FIELDS}
        out["events"] = tuple(self.events())
        return out

    def check_invariants(self) -> None:
        p = self.params
        n = self.game.num_players
        if p.mode == "coins":
            assert sum(self.lives) + self.pool == p.lives * n, "coins appeared or vanished"
        if p.mode == "trader":
            assert sum(self.coins) == 0
        if p.mode == "treasure":
            assert sum(self.coins) + self.pool == sum(self.invested)
        assert len(self.kept) <= p.dice
        assert self.finished or all(self.active[s] for s in self.order)

    def __str__(self) -> str:
        return self.game.render(observe(self, None))

    __hash__ = None
