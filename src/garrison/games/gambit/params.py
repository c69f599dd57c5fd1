"""Options of Soldier's Gambit (docs/rules/gambit.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass

from garrison.core import OptionError, Params, option

from .scoring import combination_names


@dataclass(frozen=True)
class GambitParams(Params):
    players: int = option(4, low=2, high=8, doc="number of players")
    dice: int = option(
        5, choices=(2, 3, 4, 5, 6),
        doc="dice per turn: 5, or 4 or 6 (the seed's variation); 2 or 3 make small games for exact "
        "game theory (the seed names no combination for so few dice: a hand scores its pip sum)",
    )
    mode: str = option(
        "lives",
        choices=("lives", "coins", "trader", "treasure"),
        doc="lives: lose a life when lowest; coins: losses pay a pool the last player takes; "
        "trader: lowest pays the highest; treasure: a combination takes the pool",
    )
    lives: int = option(3, low=1, high=20, doc="lives (coins in coin play) per player")
    stake: int = option(1, low=1, high=100, doc="trader: what each loser pays each winner")
    coins: int = option(5, low=1, high=100, doc="treasure: coins each player starts with")
    prize: str = option(
        "major blessing",
        doc="treasure: the combination that takes the pool",
    )
    rebuy: bool = option(False, doc="treasure: a player who runs out buys in again")
    rounds: int = option(10, low=1, high=1000, doc="trader and treasure: rounds in a match")
    max_rounds: int = option(
        200, low=1, high=10000, doc="lives and coins: rounds after which the survivors share the win"
    )

    def validate(self) -> None:
        names = combination_names(self.dice)
        if self.mode == "treasure" and not names:
            raise OptionError(
                f"mode 'treasure' needs a combination to hunt: play it with 4, 5 or 6 dice "
                f"(got dice={self.dice})"
            )
        if names and self.prize not in names:
            raise OptionError(
                f"option 'prize' must be a combination of {self.dice} dice: {', '.join(names)} "
                f"(got {self.prize!r})"
            )
