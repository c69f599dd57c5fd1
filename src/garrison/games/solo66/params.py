"""Options of Solo 66 (defaults and readings: docs/rules/solo66.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from garrison.core import Params, Preset, option


@dataclass(frozen=True)
class Solo66Params(Params):
    """Five players always; these options say how many deals and how they are scored."""

    #: The starting points a new table is offered (the lobby), the rulebook's first.
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "five deals, every seat deals once"),
        Preset("quick", "Quick", "one deal", {"deals": 1}),
        Preset("points", "Points", "+1/-1 per deal", {"scoring": "points"}),
    )

    deals: int = option(
        5, low=1, high=100, doc="deals in the match (5: every seat deals once)",
        label="Deals",
        main=True,
    )
    all_pass: str = option(
        "redeal",
        choices=("redeal", "last_trick"),
        doc="when everyone passes: throw the cards in, or play without trumps for the last trick",
        label="When all pass",
        says="what happens when everyone passes in the auction",
        values={
            "redeal": ("Deal again", "the cards are thrown in and dealt again"),
            "last_trick": ("Play for the last trick", "no trumps; whoever takes the last trick wins the deal"),
        },
    )
    scoring: str = option(
        "grupp",
        choices=("grupp", "points"),
        doc="grupp: card points with schneider/schwarz multipliers; points: +1/-1 per deal",
        label="Scoring",
        says="what a deal is worth",
        values={
            "grupp": ("Card points (grupp)", "the soloist wins or loses his card points, doubled or tripled when the defenders are left very weak"),
            "points": ("One point a deal", "+1 for the winners, -1 for the losers"),
        },
        main=True,
    )


__all__ = ["Solo66Params"]
