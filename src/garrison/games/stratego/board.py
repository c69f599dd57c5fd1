"""The board (seed section "Board"): 10 x 10 squares, two 2 x 2 lakes in the middle.

Square ``s = row * 10 + col``; row 0 is Red's back row (written ``1``), row 9 Blue's (``10``);
columns ``a``..``j`` from Red's left. Directions: 0 north (towards Blue), 1 east, 2 south, 3 west.

>>> square_name(0), square_name(99), parse_square("c5"), 42 in LAKES
('a1', 'j10', 42, True)
"""

from __future__ import annotations

SIZE = 10
SQUARES = 100
COLUMNS = "abcdefghij"
LAKES = frozenset({42, 43, 46, 47, 52, 53, 56, 57})
DELTAS = ((1, 0), (0, 1), (-1, 0), (0, -1))  # (drow, dcol) for N, E, S, W
DIRECTION_NAMES = ("north", "east", "south", "west")


def _ray(square: int, direction: int) -> tuple[int, ...]:
    row, col = divmod(square, SIZE)
    dr, dc = DELTAS[direction]
    out = []
    row, col = row + dr, col + dc
    while 0 <= row < SIZE and 0 <= col < SIZE and row * SIZE + col not in LAKES:
        out.append(row * SIZE + col)
        row, col = row + dr, col + dc
    return tuple(out)


#: RAYS[s][d]: the squares from ``s`` in direction ``d`` up to the edge or a lake (excluded).
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(s, d) for d in range(4)) for s in range(SQUARES)
)
#: NEIGHBOURS[s]: the orthogonally adjacent land squares of ``s``.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(RAYS[s][d][0] for d in range(4) if RAYS[s][d]) for s in range(SQUARES)
)


def square_name(square: int) -> str:
    row, col = divmod(square, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


def parse_square(text: str) -> int:
    """The square written ``text`` (``a1``..``j10``), or -1 if it names none."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        return -1
    row = int(text[1:]) - 1
    if not 0 <= row < SIZE:
        return -1
    return row * SIZE + COLUMNS.index(text[0])


def zone(side: int, rows: int) -> tuple[int, ...]:
    """The setup squares of ``side`` (its last ``rows`` rows), back row first, from its left."""
    own = [r * SIZE + c for r in range(rows) for c in range(SIZE)]
    return tuple(own) if side == 0 else tuple(SQUARES - 1 - s for s in own)


def to_own(side: int, square: int) -> int:
    """A square as seen from ``side``'s chair (Red: unchanged; Blue: turned half round)."""
    return square if side == 0 else SQUARES - 1 - square


def step(square: int, direction: int, distance: int) -> int:
    """The square ``distance`` steps away in ``direction``, or -1 off the board."""
    row, col = divmod(square, SIZE)
    dr, dc = DELTAS[direction]
    row, col = row + dr * distance, col + dc * distance
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return -1


def line_between(a: int, b: int) -> tuple[int, int] | None:
    """``(direction, distance)`` from ``a`` to ``b`` on one row or column, else ``None``."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    if a == b or (ra != rb and ca != cb):
        return None
    if ca == cb:
        return (0, rb - ra) if rb > ra else (2, ra - rb)
    return (1, cb - ca) if cb > ca else (3, ca - cb)
