"""The text view of one observation: the board from the viewer's chair, captures, the log.

Cells: own pieces by rank (``10`` Marshal ... ``2`` Soldier, ``S`` Spy, ``B`` Bomb, ``F`` Flag),
with ``*`` when the enemy knows that piece; enemy pieces in brackets: ``[ 7]`` revealed,
``[ ?]`` unknown and never moved, ``[?m]`` unknown but has moved (so no Bomb or Flag);
``~~`` lake, ``.`` empty. A spectator sees ``r``/``b`` before each piece.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .board import COLUMNS, LAKES, NEIGHBOURS, square_name
from .pieces import NAMES, SHORT, movable

SIDES = ("Red", "Blue")
# Two lines each, so that an 80-column terminal never breaks a rank from its name.
LEGEND = ("Ranks: 10 Marshal  9 General  8 Colonel  7 Major  6 Captain  5 Lieutenant",
          "       4 Sergeant  3 Defuser  2 Soldier  S Spy  B Bomb  F Flag")
KEY_FOR_A_SIDE = ("Key: [ ?] an enemy piece  [?m] one that has moved  [ 7] one revealed",
                  "     7* yours, known to the enemy  ~~ lake  . empty")
KEY_FOR_A_SPECTATOR = ("Key: r Red's, b Blue's  ? not yet revealed  ?m has moved",
                       "     ~~ lake  . empty")


def cell_text(cell: list[Any] | None, square: int, seat: int | None) -> str:
    if square in LAKES:
        return " ~~ "
    if cell is None:
        return "  . "
    side, rank, moved, known = cell
    code = SHORT[rank] if rank is not None else ("?m" if moved else " ?")
    if seat is None:
        return f"{'rb'[side]}{code:>2} "
    if side == seat:
        return f" {code:>2}{'*' if known else ' '}"
    return f"[{code:>2}]"


def lost_words(lost: list[int]) -> str:
    """The pieces a side has lost, one entry a rank in the order of the ranks (Spy first, Bomb
    last): "Spy (S), Soldier (2) ×3"."""
    counts = Counter(lost)
    return ", ".join(f"{NAMES[r]} ({SHORT[r]})" + (f" ×{counts[r]}" if counts[r] > 1 else "")
                     for r in sorted(counts))


def render(obs: dict[str, Any]) -> str:
    seat = obs["seat"]
    board = obs["board"]
    rows = range(9, -1, -1) if seat != 1 else range(10)
    cols = list(range(10)) if seat != 1 else list(range(9, -1, -1))
    lines = []
    who = "spectator" if seat is None else f"you play {SIDES[seat]}"
    lines.append(f"Stratego-style battle — {who}; move {obs['ply']}"
                 + (f" of at most {obs['max_plies']}" if obs["max_plies"] else ""))
    for row in rows:
        cells = "".join(cell_text(board[row * 10 + c], row * 10 + c, seat) for c in cols)
        lines.append(f"{row + 1:>2} {cells}")
    lines.append("   " + "".join(f"  {COLUMNS[c]} " for c in cols))
    for side in (0, 1):
        lost = obs["captured"][side]
        if lost:
            lines.append(f"{SIDES[side]} has lost: {lost_words(lost)}")
    if obs.get("revealed"):  # the game is over: every piece left, shown
        for side in (0, 1):
            left = ", ".join(f"{SHORT[rank]} {square}" for square, s, rank in obs["revealed"]
                             if s == side)
            lines.append(f"{SIDES[side]} shows: {left}")
    lines.extend(LEGEND)
    lines.extend(KEY_FOR_A_SPECTATOR if seat is None else KEY_FOR_A_SIDE)
    lines.extend("  " + entry for entry in obs["log"][-6:])
    lines.append(_status(obs))
    return "\n".join(lines)


def _status(obs: dict[str, Any]) -> str:
    seat = obs["seat"]
    if obs["phase"] == "over":
        winner = obs["winner"]
        if winner == "draw":
            return "The game is drawn."
        return f"{SIDES[winner]} wins." + ("" if seat is None else
                                          (" You win!" if winner == seat else " You lose."))
    mover = obs["to_move"]
    if obs["phase"] == "setup":
        if mover == seat and seat is not None:
            setup = obs["setup"]
            if setup["placed"] == 0:
                return (f"Set up your army in your last rows: 'random setup', 'setup 0' to "
                        f"'setup {setup['setup_choices'] - 1}' (ready-made setups), or place "
                        f"piece by piece, starting with the {setup['next']}: 'place <square>'.")
            return f"Place your {setup['next']}: 'place <square>' ({setup['placed']} placed)."
        return "Waiting for the other side to set up."
    if mover == seat:
        streak = obs["streak"][seat]
        note = ""
        if streak is not None and streak[2] >= 2:
            note = f" (you have moved {streak[2]} times in a row between {streak[0]} and {streak[1]})"
        example = _example_step(obs)
        if "x" in example:
            return f"Your move{note}: with x to attack, e.g. {example}; from-to to step."
        return f"Your move{note}: from-to, e.g. {example}, or with x to attack (b4xb5)."
    return f"{SIDES[mover]} to move." if isinstance(mover, int) else "Chance is acting."


def _example_step(obs: dict[str, Any]) -> str:
    """A step or attack of one of the mover's pieces to a square beside it, for the prompt's
    example: the notation shown on a move the player could make (the first such piece from the
    player's front row, back-and-forth moves last), not advice."""
    seat, board = obs["seat"], obs["board"]
    streak = obs["streak"][seat]
    back_and_forth = {tuple(streak[:2]), tuple(streak[1::-1])} if streak else set()
    squares = range(99, -1, -1) if seat == 0 else range(100)
    found: list[tuple[bool, bool, str]] = []
    for square in squares:
        cell = board[square]
        if cell is None or cell[0] != seat or not movable(cell[1]):
            continue
        for to in NEIGHBOURS[square]:
            target = board[to]
            if target is not None and target[0] == seat:
                continue
            step = (square_name(square), square_name(to))
            found.append((step in back_and_forth, target is not None,
                          ("-" if target is None else "x").join(step)))
    return min(found, key=lambda f: f[:2])[2] if found else "b4-b5"
