"""Options of High Die (docs/rules/<name>.md, "Options"): each declared once, with what a
person choosing a table reads (label, the one line, each value's words, shown at once)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from garrison.core import Params, Preset, option


@dataclass(frozen=True)
class HighDieParams(Params):
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "three players, six-sided dice"),
        Preset("duel", "Duel", "two players", {"players": 2}),
    )

    players: int = option(3, low=2, high=4, doc="number of players", label="Players")
    faces: int = option(6, low=2, high=20, doc="faces of the die", label="Die faces",
                        says="how many faces each die has", main=True)
    ties: str = option(
        "share", choices=("share", "nobody"), doc="share: tied highest dice share the win; "
        "nobody: a tie for the highest die wins nothing", label="Ties",
        values={"share": ("Shared", "the highest dice share the win"),
                "nobody": ("Nobody wins", "a tie for the highest die wins nothing")})
