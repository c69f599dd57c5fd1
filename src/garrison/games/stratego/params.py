"""Options of the Stratego-style game; defaults are the seed's rules (preset ``seed``).

Presets bundle options (each can also be set alone, and the caller's own options win):

* ``seed``: the seed's rules: classic army, 4 setup rows, Soldiers move and attack in one turn,
  at most 5 moves in a row between two squares, no chasing rule.
* ``isf``: tournament rules: two-square limit 3 and the more-squares (anti-chasing) rule.
* ``gravon``: the "original" rules used on the Gravon server, for replaying recorded games
  (limit 5, no chasing rule; a side that strands itself by its own attack loses at once, as the
  server scores it).
* ``barrage``: 8 pieces a side (Flag, Bomb, Spy, 2 Soldiers, Defuser, General, Marshal), ISF limits.
* ``duel``: 10 pieces a side in the last 3 rows (Hasbro's Duel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from garrison.core import Params
from garrison.core.errors import OptionError
from garrison.core.params import Preset, option

from .board import zone
from .pieces import army_ranks, parse_army

_ISF = {"two_square_limit": 3, "more_squares": True}

#: Not in the seed: without a ``max_plies`` cap a game is drawn after this many moves, so that it
#: has a finite length (two pieces may walk in circles for ever within the repetition rules). The
#: research APIs declare it in ``max_game_length``. No recorded human game comes near it.
PLY_LIMIT = 100_000


@dataclass(frozen=True)
class StrategoParams(Params):
    #: The starting points a new table is offered (the lobby), the rulebook's first.
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "forty pieces each, the classic rules"),
        Preset("quick", "Quick", "Barrage: eight pieces each", {"rules": "barrage"}),
        Preset("isf", "ISF rules", "the tournament rules", {"rules": "isf"}),
        Preset("duel", "Duel", "ten pieces each on three rows", {"rules": "duel"}),
    )

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "seed": {},
        "isf": dict(_ISF),
        "gravon": {"two_square_limit": 5, "more_squares": False, "immobile_loses_at_once": True},
        "barrage": {"army": "barrage", **_ISF},
        "duel": {"army": "duel", "setup_rows": 3},
    }

    PRESET_OPTION: ClassVar[str] = "rules"

    rules: str = option(
        "seed", choices=("seed", "isf", "gravon", "barrage", "duel"),
        doc="a named bundle of the options below (seed = the seed's own rules)",
        label="Rule set",
        says="a set of the rules below, by name",
        values={
            "seed": ("Classic", "the classic rules of this table"),
            "isf": ("ISF tournament", "the International Stratego Federation's rules"),
            "gravon": ("Gravon", "the rules of the Gravon online site"),
            "barrage": ("Barrage", "eight pieces each"),
            "duel": ("Duel", "ten pieces each on three rows"),
        },
        main=True,
    )
    army: str = option(
        "classic",
        doc="pieces per side: classic (40), barrage (8), duel (10), lightning (20) or counts "
        "such as F1,B2,S1,2:2,3:1,10:1",
        label="Army",
        says="pieces per side: classic (40), barrage (8), duel (10) or lightning (20)",
    )
    setup_rows: int = option(4, low=1, high=4, doc="rows of a side's setup zone",
        label="Setup rows",
    )
    scout_move_and_attack: bool = option(
        True, doc="a Soldier may run several squares and attack at the end of the same move",
        label="Soldiers run and attack",
    )
    two_square_limit: int = option(
        5, low=0, high=20,
        doc="most moves in a row one piece may make between the same two squares (0: no limit)",
        label="Moves between two squares",
    )
    more_squares: bool = option(
        False, doc="the more-squares rule: a chaser may not repeat a position of the chase",
        label="More-squares rule",
    )
    draw_when_both_immobile: bool = option(
        True, doc="a side without a move loses, unless the other cannot move either: a draw",
        label="Draw when both are stuck",
    )
    immobile_loses_at_once: bool = option(
        False, doc="a side whose own attack leaves it unable to move loses at once (as on Gravon), "
        "not on its next turn",
        label="Stuck after an attack loses at once",
    )
    max_plies: int = option(
        0, low=0, high=PLY_LIMIT,
        doc=f"draw after this many moves (0: the game's own limit, {PLY_LIMIT:,} moves)",
        label="Draw after moves (0: never)",
        main=True,
    )
    forget_revealed: bool = option(
        False, doc="the view shows a revealed enemy piece as unknown again once it survives a fight",
        label="Forget revealed pieces",
    )
    setup: str = option(
        "any", choices=("any", "pieces", "whole"),
        doc="how a side sets up: piece by piece, a whole setup in one step, or either",
        label="How sides set up",
        values={
            "any": ("Either", "piece by piece or a whole setup at once"),
            "pieces": ("Piece by piece", "each piece placed on a square of your rows"),
            "whole": ("A whole setup at once", "a ready-made or saved setup in one step"),
        },
    )
    setup_file: str = option(
        "", doc="a Gravon archive (.zip or .xml) whose human setups join the setup catalogue",
        path=True,
        label="Extra setups",
        says="more ready-made setups, from a file the server offers",
        values={
            "": ("None", ""),
        },
    )

    def validate(self) -> None:
        counts = parse_army(self.army)
        total = sum(counts.values())
        if total > 10 * self.setup_rows:
            raise OptionError(
                f"army of {total} pieces does not fit {self.setup_rows} setup rows "
                f"({10 * self.setup_rows} squares)",
                says=f"{self.said('army')}: {total} pieces do not fit in {10 * self.setup_rows} "
                     f"squares ({self.said('setup_rows', self.setup_rows)})",
            )


@dataclass(frozen=True)
class Rules:
    """What the rules read from the options, computed once per game (``game.rules``)."""

    army: tuple[int, ...]  # ranks of one side's pieces, in placement order
    n: int  # pieces per side
    rows: int
    zones: tuple[tuple[int, ...], tuple[int, ...]]
    zone_sets: tuple[frozenset[int], frozenset[int]]
    scout_attack: bool
    limit: int
    more_squares: bool
    draw_both: bool
    at_once: bool
    cap: int  # the max_plies option (0: none)
    ply_limit: int  # the move after which the game is drawn: the cap, or PLY_LIMIT

    @classmethod
    def of(cls, p: StrategoParams) -> Rules:
        army = army_ranks(p.army)
        zones = (zone(0, p.setup_rows), zone(1, p.setup_rows))
        return cls(army, len(army), p.setup_rows, zones, (frozenset(zones[0]), frozenset(zones[1])),
                   p.scout_move_and_attack, p.two_square_limit, p.more_squares,
                   p.draw_when_both_immobile, p.immobile_loses_at_once, p.max_plies,
                   p.max_plies or PLY_LIMIT)
