"""The pieces: ranks, names and the armies of each variant (seed section "Pieces").

A rank is an int. Higher numbers are stronger, as in the seed (Marshal 10 ... Spy 1); the two
immovable pieces get the codes 0 (Flag) and 11 (Bomb), which are never compared by number.

>>> name(SCOUT), short(MARSHAL), army_ranks("barrage")
('Soldier', '10', (0, 11, 1, 2, 2, 3, 9, 10))
"""

from __future__ import annotations

from garrison.core.errors import OptionError

from .constants import NUM_RANKS as NUM_RANKS

FLAG, SPY, SCOUT, MINER, SERGEANT, LIEUTENANT, CAPTAIN, MAJOR, COLONEL, GENERAL, MARSHAL, BOMB = range(
    NUM_RANKS)

#: The seed's generic names (its "Soldier" is the scout, its "Bomb Defuser" the miner).
NAMES = (
    "Flag", "Spy", "Soldier", "Defuser", "Sergeant", "Lieutenant", "Captain", "Major",
    "Colonel", "General", "Marshal", "Bomb",
)
#: Two-character codes for the board view and for army strings.
SHORT = ("F", "S", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B")

#: Rank order in which pieces are placed one by one during setup (and numbered within a side).
PLACEMENT_ORDER = (FLAG, BOMB, SPY, SCOUT, MINER, SERGEANT, LIEUTENANT, CAPTAIN, MAJOR, COLONEL,
                   GENERAL, MARSHAL)

#: Named armies: rank -> count.
ARMIES: dict[str, dict[int, int]] = {
    "classic": {FLAG: 1, BOMB: 6, SPY: 1, SCOUT: 8, MINER: 5, SERGEANT: 4, LIEUTENANT: 4,
                CAPTAIN: 4, MAJOR: 3, COLONEL: 2, GENERAL: 1, MARSHAL: 1},
    "barrage": {FLAG: 1, BOMB: 1, SPY: 1, SCOUT: 2, MINER: 1, GENERAL: 1, MARSHAL: 1},
    "duel": {FLAG: 1, BOMB: 2, SPY: 1, SCOUT: 2, MINER: 2, GENERAL: 1, MARSHAL: 1},
    "lightning": {FLAG: 1, BOMB: 2, SPY: 1, SCOUT: 4, MINER: 2, SERGEANT: 2, LIEUTENANT: 2,
                  CAPTAIN: 2, MAJOR: 1, COLONEL: 1, GENERAL: 1, MARSHAL: 1},
}


def name(rank: int) -> str:
    return NAMES[rank]


def short(rank: int) -> str:
    return SHORT[rank]


def movable(rank: int) -> bool:
    """Bombs and the Flag never move (seed: "Imóvel")."""
    return rank != FLAG and rank != BOMB


def parse_army(text: str) -> dict[int, int]:
    """An army from a name (``classic``) or counts like ``F1,B2,S1,2:3,10:1``; ``OptionError``.

    >>> parse_army("F1,B2,10:1") == {FLAG: 1, BOMB: 2, MARSHAL: 1}
    True
    """
    key = text.strip().lower()
    if key in ARMIES:
        return dict(ARMIES[key])
    counts: dict[int, int] = {}
    for part in key.replace(" ", "").split(","):
        if not part:
            continue
        code, sep, num = part.partition(":")
        if not sep:  # letter codes may glue the count: F1, B6, S1
            code, num = part[0], part[1:]
        code = code.upper()
        if code not in SHORT or not num.isdigit():
            raise OptionError(
                f"army '{text}': '{part}' is not a piece count; write e.g. F1,B6,S1,2:8,10:1 "
                f"or a named army ({', '.join(ARMIES)})"
            )
        counts[SHORT.index(code)] = counts.get(SHORT.index(code), 0) + int(num)
    if counts.get(FLAG, 0) != 1:
        raise OptionError(f"army '{text}' must hold exactly one Flag")
    return {r: c for r, c in counts.items() if c > 0}


def army_ranks(text: str) -> tuple[int, ...]:
    """The ranks of one side's pieces in placement order (piece i of a side has rank [i])."""
    counts = parse_army(text)
    return tuple(r for r in PLACEMENT_ORDER for _ in range(counts.get(r, 0)))
