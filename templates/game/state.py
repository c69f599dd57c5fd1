"""The rules of High Die (docs/rules/<name>.md), on the kernel's plain-Python engine
(``PythonState``): every field an immutable value, so undo and copies come from the kernel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core import CHANCE, TERMINAL, PythonState

from . import observe

if TYPE_CHECKING:
    from .game import HighDieGame

#: The moves: keep the die, or roll it again.
KEEP, ROLL = 0, 1
ACTION_WORDS = ("keep", "roll again")


class HighDieState(PythonState):
    game: HighDieGame
    #: each seat's die (0: not dealt yet), who rolled again, whose turn, and the die being rolled
    dice: tuple[int, ...]
    rolled: tuple[bool, ...]
    turn: int
    rolling: bool

    def __init__(self, game: HighDieGame) -> None:
        super().__init__(game)
        n = game.params.players
        self.dice = (0,) * n
        self.rolled = (False,) * n
        self.turn = 0
        self.rolling = False

    # -- the deal: each seat's die, face down ("Setup") ------------------------------------------
    def current_player(self) -> int:
        if 0 in self.dice or self.rolling:
            return CHANCE
        return TERMINAL if self.turn >= len(self.dice) else self.turn

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        faces = self.game.params.faces
        return [(face, 1.0 / faces) for face in range(1, faces + 1)]

    # -- a turn: keep or roll again once ("Play") -------------------------------------------------
    def _legal_actions(self) -> list[int]:
        return [KEEP, ROLL]

    def _apply(self, action: int) -> None:
        if 0 in self.dice:  # dealing, seat by seat
            seat = self.dice.index(0)
            self.dice = self.dice[:seat] + (action,) + self.dice[seat + 1:]
        elif self.rolling:  # the new face of the die rolled again
            seat = self.turn
            self.dice = self.dice[:seat] + (action,) + self.dice[seat + 1:]
            self.rolling = False
            self.turn += 1
        elif action == ROLL:
            self.rolled = self.rolled[:self.turn] + (True,) + self.rolled[self.turn + 1:]
            self.rolling = True
        else:
            self.turn += 1

    # -- the end: the highest die wins ("Winning") ------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def winners(self) -> list[int]:
        best = max(self.dice)
        top = [s for s, d in enumerate(self.dice) if d == best]
        return [] if len(top) > 1 and self.game.params.ties == "nobody" else top

    def returns(self) -> list[float]:
        n = len(self.dice)
        if not self.is_terminal():
            return [0.0] * n
        top = self.winners()
        if not top:
            return [0.0] * n
        return [(n - len(top)) / len(top) if s in top else -1.0 for s in range(n)]

    # -- words and views ------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"die shows {action}"
        return ACTION_WORDS[action]

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe.observe(self, seat)

    def resample(self, seat: int, rng: Any) -> HighDieState:
        """A world ``seat`` cannot tell from this one: every die it has not seen rolled anew."""
        world = cast(HighDieState, self.clone())
        draw = self.rng_of(rng)
        faces = self.game.params.faces
        if not self.is_terminal():
            world.dice = tuple(d if s == seat or d == 0 else draw.randint(1, faces)
                               for s, d in enumerate(self.dice))
        world.forget_history()
        return world

    def __str__(self) -> str:
        return f"dice {list(self.dice)}, rolled again {list(self.rolled)}, turn {self.turn}"
