"""The observation (the one gate for hidden information) and its tensor.

What a seat sees: its own pieces with their ranks; every enemy piece's square once both sides
have set up (during setup the other side's placements stay behind the screen); for each enemy
piece whether it has moved (so it is no Bomb or Flag), whether it ran like a Soldier, and its
rank if it has fought (unless ``forget_revealed``); every captured piece; the public log.

Tensor (``StrategoCore._encode``), from the seat's side ("own" = the seat, Red for a spectator): 28
planes of 100 squares (per side: 12 rank planes for known ranks, then "unknown, never moved" and
"unknown, moved"), then phase (3), mover (own/other/chance, 3), seat (Red/Blue/spectator, 3),
captured share per rank (own 12, other 12), plies over the cap or 2000 (1): 2834 floats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import log
from .board import square_name
from .constants import DRAW, MOVED, OVER, PHASE_NAMES, REVEALED, SCOUTED, SETUP
from .pieces import NAMES, NUM_RANKS, SCOUT, name

if TYPE_CHECKING:
    from .game import StrategoGame
    from .state import StrategoState

LOG_LENGTH = 12
PLANES = 28
EXTRA = 3 + 3 + 3 + 2 * NUM_RANKS + 1
TENSOR_SIZE = PLANES * 100 + EXTRA


def public_rank(state: StrategoState, piece: int) -> int | None:
    """The rank of ``piece`` as its opponent knows it, or ``None``."""
    return _public(state.flags[piece], state.pos[piece], state.rank[piece],
                   state.game.params.forget_revealed)


def _public(flags: int, square: int, rank: int, forget: bool) -> int | None:
    if flags & REVEALED and (square < 0 or not forget):
        return rank
    if flags & SCOUTED:
        return SCOUT
    return None


def view(state: StrategoState, seat: int | None) -> tuple[list[Any], list[list[int]]]:
    """The board and the captured pieces as ``seat`` sees them (the gate's part that bots read):
    per square ``[side, rank or None, moved, known]`` or None; captured ranks per side."""
    n = state.n
    setup = state.phase == SETUP
    forget = state.game.params.forget_revealed
    board: list[Any] = [None] * 100
    captured: list[list[int]] = [[], []]
    for piece, (square, rank, flags) in enumerate(zip(state.pos, state.rank, state.flags)):
        side = piece // n
        if square < 0:
            if not setup:
                captured[side].append(rank)
            continue
        shown: int | None = rank
        if side != seat:
            if setup:
                continue
            shown = _public(flags, square, rank, forget)
        board[square] = [side, shown, flags & MOVED, 1 if flags & (REVEALED | SCOUTED) else 0]
    return board, captured


def observe(state: StrategoState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may know (``None``: a spectator)."""
    rules = state.rules
    n = rules.n
    board, captured = view(state, seat)
    player = state.current_player()
    obs: dict[str, Any] = {
        "seat": seat,
        "phase": PHASE_NAMES[state.phase],
        "to_move": None if state.phase == OVER else ("chance" if player < 0 else player),
        "ply": state.ply,
        "max_plies": rules.cap,
        "board": board,
        "captured": [sorted(c) for c in captured],
        "army": [rules.army.count(r) for r in range(NUM_RANKS)],
        "streak": [None if s is None else [square_name(s[1]), square_name(s[2]), s[3]]
                   for s in state.streak],
        "winner": None if state.phase != OVER else ("draw" if state.winner == DRAW else state.winner),
        "last_moves": log.last_moves(state),
        "log": log.entries(state, LOG_LENGTH),
    }
    if state.phase == OVER:  # the game is over: both sides show every piece left on the board
        obs["revealed"] = [[square_name(sq), piece // n, rank]
                           for piece, (sq, rank) in enumerate(zip(state.pos, state.rank))
                           if sq >= 0]
    if state.phase == SETUP and seat is not None:
        done = state.placed[seat]
        obs["setup"] = {
            "placed": done,
            "next": name(rules.army[done]) if done < n and seat == state.turn else None,
            "setup_choices": state.game.catalogue,
        }
    return obs


def layout(game: StrategoGame) -> list[tuple[str, int, str]]:
    """The tensor's parts in order: (name, length, meaning), as the compiled ``_encode`` writes
    them; sides are counted from the viewer (Red for a spectator)."""
    planes = []
    for who in ("own", "other"):
        planes += [(f"{who}.{NAMES[r]}", 100, f"{who} pieces known to be {NAMES[r]}, per square")
                   for r in range(NUM_RANKS)]
        planes += [(f"{who}.unknown_unmoved", 100, f"{who} pieces of unknown rank never moved"),
                   (f"{who}.unknown_moved", 100, f"{who} pieces of unknown rank that moved")]
    return planes + [("phase", 3, "setup, play, over"), ("mover", 3, "own, other, chance"),
                     ("viewer", 3, "Red, Blue, spectator"),
                     ("captured", 2 * NUM_RANKS, "share of each rank captured, own side then other"),
                     ("plies", 1, "plies / the cap (or 2000), at most 1")]


__all__ = ["observe", "view", "public_rank", "TENSOR_SIZE"]
