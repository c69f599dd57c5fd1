"""Options of Soldier's Gambit (docs/rules/gambit.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from garrison.core import OptionError, Params, Preset, option
from garrison.core.params import either

from .constants import MODES
from .scoring import combination_names


@dataclass(frozen=True)
class GambitParams(Params):
    #: The starting points a new table is offered (the lobby), the rulebook's first.
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "four players, three lives each"),
        Preset("quick", "Quick", "two players, one life each", {"players": 2, "lives": 1}),
        Preset("coins", "Coins", "losses pay a pool the last player takes", {"mode": "coins"}),
        Preset("trader", "Trader", "the lowest pays the highest, ten rounds", {"mode": "trader"}),
    )

    players: int = option(4, low=2, high=8, doc="number of players",
        label="Players",
    )
    dice: int = option(
        5, choices=(2, 3, 4, 5, 6),
        doc="dice per turn: 5, or 4 or 6 (the seed's variation); 2 or 3 make small games for exact "
        "game theory (the seed names no combination for so few dice: a hand scores its pip sum)",
        label="Dice per turn",
        says="dice per turn: 5 as usual, 4 or 6 as a variation; 2 or 3 make tiny games for research",
        main=True,
    )
    mode: str = option(
        "lives",
        choices=MODES,
        doc="lives: lose a life when lowest; coins: losses pay a pool the last player takes; "
        "trader: lowest pays the highest; treasure: a combination takes the pool",
        label="Way to play",
        says="what losing a round costs, and how the game is won",
        values={
            "lives": ("Lives", "the lowest hand loses a life"),
            "coins": ("Coins", "losses pay into a pool the last player takes"),
            "trader": ("Trader", "the lowest hand pays the highest"),
            "treasure": ("Treasure", "a named combination takes the pool"),
        },
        main=True,
    )
    lives: int = option(3, low=1, high=20, doc="lives (coins in coin play) per player",
        label="Lives",
        main=True,
    )
    stake: int = option(1, low=1, high=100, doc="trader: what each loser pays each winner",
        label="Stake (trader)",
        says="in a Trader game: what each loser pays each winner",
    )
    coins: int = option(5, low=1, high=100, doc="treasure: coins each player starts with",
        label="Coins (treasure)",
        says="in a Treasure game: the coins each player starts with",
    )
    prize: str = option(
        "major blessing",
        doc="treasure: the combination that takes the pool",
        label="Prize (treasure)",
        says="in a Treasure game: the combination that takes the pool",
    )
    rebuy: bool = option(False, doc="treasure: a player who runs out buys in again",
        label="Buy in again (treasure)",
        says="in a Treasure game: a player who runs out buys in again",
    )
    rounds: int = option(10, low=1, high=1000, doc="trader and treasure: rounds in a match",
        label="Rounds (trader, treasure)",
        says="in a Trader or Treasure game: the rounds of a match",
    )
    max_rounds: int = option(
        200, low=1, high=10000, doc="lives and coins: rounds after which the survivors share the win",
        label="Stop after rounds",
        says="in a Lives or Coins game: the rounds after which the players still in share the win",
    )

    def validate(self) -> None:
        names = combination_names(self.dice)
        if self.mode == "treasure" and not names:
            raise OptionError(
                f"mode 'treasure' needs a combination to hunt: play it with 4, 5 or 6 dice "
                f"(got dice={self.dice})",
                says=f"{self.said('mode', 'treasure')} hunts a combination of 4, 5 or 6 dice; "
                     f"set {self.said('dice')} to 4, 5 or 6 (got {self.dice})",
            )
        if names and self.prize not in names:
            raise OptionError(
                f"option 'prize' must be a combination of {self.dice} dice: {', '.join(names)} "
                f"(got {self.prize!r})",
                says=f"{self.said('prize')}: with {self.dice} dice, {either(names)} "
                     f"(got {self.prize!r})",
            )
