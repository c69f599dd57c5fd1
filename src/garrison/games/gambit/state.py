"""A game of Soldier's Gambit in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core import CHANCE, TERMINAL, State
from garrison.core.dice import roll_outcomes
from garrison.core.events import EMPTY

from . import actions, rules
from .observe import observe

if TYPE_CHECKING:
    from .game import GambitGame


class GambitState(State):
    game: GambitGame

    def __init__(self, game: GambitGame) -> None:
        super().__init__(game)
        p = game.params
        n = game.num_players
        self.params = p
        self.lives = (p.lives,) * n
        self.coins = (p.coins if p.mode == "treasure" else 0,) * n
        self.invested = self.coins
        self.active = (True,) * n
        self.pool = 0
        self.round_no = 1
        self.kept: tuple[int, ...] = ()
        self.roll: tuple[int, ...] | None = None
        self.taken: tuple[int, ...] = ()
        self.finished = False
        self.winners: tuple[int, ...] = ()
        self.events = EMPTY
        rules.start_round(self, 0)

    @property
    def mover(self) -> int:
        """The seat whose turn it is (also while chance rolls for them)."""
        return self.order[self.turn]

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.roll is None:
            return CHANCE
        return self.order[self.turn]

    def _legal_actions(self) -> list[int]:
        legal = [actions.keep(f) for f in range(1, 7) if rules.can_keep(self, f)]
        if rules.can_roll(self):
            legal.append(actions.ROLL)
        return legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return list(roll_outcomes(rules.dice_to_roll(self)))

    def _apply(self, action: int) -> None:
        if self.roll is None:
            rules.rolled(self, action)
        elif action == actions.ROLL:
            rules.reroll(self)
        else:
            rules.set_aside(self, actions.face_of(action))

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        return rules.returns(self)

    def _action_to_string(self, action: int) -> str:
        if self.roll is None and not self.finished:
            return actions.roll_to_string(rules.dice_to_roll(self), action)
        return actions.to_string(action)

    def parse_action(self, text: str) -> int:
        if self.current_player() == CHANCE:
            action = actions.parse_roll(text, rules.dice_to_roll(self))
            return action
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
        return self.clone()  # type: ignore[return-value]

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
