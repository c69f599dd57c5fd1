"""Options of Solo 66 (defaults and readings: docs/rules/solo66.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass

from garrison.core import Params, option


@dataclass(frozen=True)
class Solo66Params(Params):
    """Five players always; these options say how many deals and how they are scored."""

    deals: int = option(
        5, low=1, high=100, doc="deals in the match (5: every seat deals once)"
    )
    all_pass: str = option(
        "redeal",
        choices=("redeal", "last_trick"),
        doc="when everyone passes: throw the cards in, or play without trumps for the last trick",
    )
    scoring: str = option(
        "grupp",
        choices=("grupp", "points"),
        doc="grupp: card points with schneider/schwarz multipliers; points: +1/-1 per deal",
    )


__all__ = ["Solo66Params"]
