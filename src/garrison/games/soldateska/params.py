"""Options of Soldateska (docs/rules/soldateska.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass

from garrison.core import OptionError, Params, option


@dataclass(frozen=True)
class SoldateskaParams(Params):
    players: int = option(4, low=3, high=6, doc="number of players")
    deck: str = option(
        "standard",
        choices=("standard", "full", "five_suits"),
        doc="standard: the seed's cards per player count; full: all 62 cards with 3-5 players, "
        "10 each, the rest unused; five_suits: all five suits without the low cards (3-5 players)",
    )
    ducats_per_player: int = option(
        10, low=1, high=100, doc="ducats in the bank per player at the start (the game's length)"
    )
    kokette_dice: int = option(
        1, choices=(1, 2), doc="dice the Kokette's holder rolls (2 only with 5 or 6 players)"
    )
    duel_anytime: bool = option(
        False, doc="a Duel card may be played even when the player could follow"
    )
    tobacco_trump: bool = option(False, doc="the General may also declare Tobacco as trump")
    returns: str = option(
        "ducats",
        choices=("ducats", "win"),
        doc="ducats: final ducats; win: 1 shared among the players with the most ducats",
    )
    max_rounds: int = option(
        100,
        low=1,
        high=10000,
        doc="safety stop (not in the seed): the game also ends after this many rounds",
    )

    def validate(self) -> None:
        if self.deck != "standard" and self.players == 6:
            raise OptionError(
                f"option 'deck={self.deck}' is a variant for 3-5 players; with 6 players all "
                "62 cards are always in play (use deck=standard)"
            )
        if self.kokette_dice == 2 and self.players < 5:
            raise OptionError("option 'kokette_dice=2' is a variant for 5 or 6 players")
