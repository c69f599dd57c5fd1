"""Options of 1848 (docs/rules/1848.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass

from garrison.core import OptionError, Params, option

from .carddata import load_cards


@dataclass(frozen=True)
class G1848Params(Params):
    players: int = option(3, low=2, high=4, doc="number of players (2-4)")
    rules: str = option(
        "extended",
        choices=("extended", "base"),
        doc="extended: the seed's rules for 2-4 players with armies; base: the 2-player base game",
    )
    cards: str = option(
        "",
        doc="path of another card file (JSON, same format as data/cards.json); empty: our "
        "reconstructed set",
        path=True,
    )
    patt_limit: int = option(
        0,
        low=0,
        high=20,
        doc="house rule (ours), off (0) by default: after this many Patts in a row on one "
        "Ablaufkarte it is set aside unwon; the seed replays a Patt for the same card however "
        "often it happens",
    )

    def validate(self) -> None:
        if self.rules == "base" and self.players != 2:
            raise OptionError(
                f"option 'rules' = 'base' is the 2-player base game; use players=2 (got {self.players})"
            )
        load_cards(self.cards)
