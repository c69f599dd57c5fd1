"""Setups (seed section "Initial Formation"): random, heuristic, and human ones from an archive.

A *layout* is a tuple over a side's setup zone, in ``board.zone`` order (own back row first, from
the owner's left), holding a rank or ``EMPTY``. Because it is written from the owner's chair, the
same layout serves Red and Blue.

The catalogue a player may pick from in one step is: ``HEURISTIC`` heuristic layouts (made from
fixed seeds, so the same index is always the same layout), then every distinct human layout of
the archive named by the ``setup_file`` option that fits the army.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from garrison.core.errors import OptionError

from .constants import EMPTY as EMPTY  # an empty square: the rules' (rules.pyx)
from .pieces import BOMB, FLAG, GENERAL, MARSHAL, MINER, SCOUT, SPY, parse_army

HEURISTIC = 32


def random_layout(army: tuple[int, ...], rows: int, rng: random.Random) -> tuple[int, ...]:
    """A uniformly random legal layout: the pieces on random squares of the zone."""
    cells = list(army) + [EMPTY] * (rows * 10 - len(army))
    rng.shuffle(cells)
    return tuple(cells)


#: How much each rank likes each row of the zone (row 0 = own back row): front for Soldiers,
#: middle for Defusers and the strong pieces, the rest anywhere (2 on every row). The
#: ``heuristic`` bot places its pieces by it too (policy.pxi).
ROW_TASTE = {
    SCOUT: (1, 2, 4, 6),
    MINER: (3, 4, 3, 1),
    BOMB: (3, 4, 2, 1),
    SPY: (1, 3, 4, 2),
    GENERAL: (1, 3, 4, 3),
    MARSHAL: (1, 3, 4, 3),
}


@lru_cache(maxsize=256)
def heuristic_layout(army: tuple[int, ...], rows: int, index: int) -> tuple[int, ...]:
    """Heuristic layout number ``index`` of the catalogue (seeded by ``index``, so a player who
    picks "setup 3" always gets the same one): see ``sound_layout``."""
    rng = random.Random(10_007 * index + 17)
    flag = rng.choice([0, 9, 1, 8, 2, 7, 3, 6, 4, 5][: 4 + index % 7])
    return sound_layout(army, rows, rng, flag)


def sound_layout(army: tuple[int, ...], rows: int, rng: random.Random, flag: int) -> tuple[int, ...]:
    """Flag on back-row square ``flag`` with Bombs beside and in front of it where the army has
    them, Soldiers towards the front, Defusers and the strong pieces in the middle rows,
    everything else spread by ``rng``."""
    cells = [EMPTY] * (rows * 10)
    left = Counter(army)
    cells[flag] = FLAG
    left[FLAG] -= 1
    guards = [s for s in (flag - 1, flag + 1, flag + 10) if 0 <= s < rows * 10
              and (s // 10 == flag // 10 or s == flag + 10)]
    rng.shuffle(guards)
    for s in guards:
        if left[BOMB] > 0:
            cells[s] = BOMB
            left[BOMB] -= 1
    order = sorted(left.elements(), key=lambda r: (r not in ROW_TASTE, rng.random()))
    empties = rows * 10 - len(army)
    for rank in order:
        free = [s for s in range(rows * 10) if cells[s] == EMPTY]
        taste = ROW_TASTE.get(rank, (2, 2, 2, 2))
        weights = [taste[min(s // 10, 3)] for s in free]
        cells[rng.choices(free, weights)[0]] = rank
    assert sum(c == EMPTY for c in cells) == empties
    return tuple(cells)


@lru_cache(maxsize=8)
def archive_layouts(path: str, army: str, rows: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct human layout in the Gravon archive ``path`` that fits ``army`` and ``rows``."""
    from .gravon import read_games  # late import: the reader is only needed here

    want = Counter(parse_army(army))
    seen: dict[tuple[int, ...], None] = {}
    try:
        games = list(read_games(path))
    except OSError as err:
        raise OptionError(f"setup_file '{path}' cannot be read: {err}") from None
    for game in games:
        if game.board is None:
            continue
        for side in (0, 1):
            layout = game.layout(side, rows)
            if layout is not None and Counter(r for r in layout if r != EMPTY) == want:
                seen.setdefault(layout, None)
    return tuple(seen)


def catalogue_size(army: str, rows: int, setup_file: str) -> int:
    return HEURISTIC + (len(archive_layouts(setup_file, army, rows)) if setup_file else 0)


def catalogue_layout(army: str, ranks: tuple[int, ...], rows: int, setup_file: str, k: int) -> tuple[int, ...]:
    """Entry ``k`` of the catalogue (see the module docstring)."""
    if k < HEURISTIC:
        return heuristic_layout(ranks, rows, k)
    return archive_layouts(setup_file, army, rows)[k - HEURISTIC]


def setup_name(layout: tuple[int, ...], k: int) -> str:
    """A name a player can choose by: where the Flag stands, its Bombs, the front row."""
    if k >= HEURISTIC:
        return f"Setup {k + 1}: played by a person (archive)"
    flag = layout.index(FLAG)
    row, col = divmod(flag, 10)
    where = "left" if col < 3 else "right" if col > 6 else "centre"
    around = [s for s in (flag - 1, flag + 1, flag + 10, flag - 10)
              if 0 <= s < len(layout) and (s // 10 == row or s % 10 == col) and layout[s] == BOMB]
    front = [r for r in layout[-10:] if r == SCOUT]
    bombs = f"{len(around)} Bomb{'s' if len(around) != 1 else ''} round it" if around else "no Bomb by it"
    return (f"Setup {k + 1}: Flag {where}{'' if row == 0 else f' in row {row + 1}'}, {bombs}, "
            f"{len(front)} Soldier{'s' if len(front) != 1 else ''} in front")
