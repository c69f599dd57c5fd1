"""Building exact Stratego positions through the public API (placement actions and moves)."""

from __future__ import annotations

from collections import Counter

import garrison
from garrison.games.stratego.pieces import PLACEMENT_ORDER, SHORT

CODES = {"F": 0, "S": 1, "B": 11, **{str(r): r for r in range(2, 11)}}


def army_text(pieces: dict[str, str]) -> str:
    counts = Counter(CODES[code] for code in pieces.values())
    return ",".join(f"{SHORT[r]}:{counts[r]}" for r in PLACEMENT_ORDER if counts[r])


def start(red: dict[str, str], blue: dict[str, str], **options):
    """A game whose two sides set up exactly ``red`` and ``blue`` (square -> piece code).

    Both sides need the same army; the setup zone is 4 rows unless ``setup_rows`` says so.
    """
    army = army_text(red)
    assert army == army_text(blue), "both sides need the same army"
    game = garrison.load("stratego", army=army, **options)
    state = game.new_initial_state()
    for layout in (red, blue):
        squares_by_rank: dict[int, list[str]] = {}
        for square, code in layout.items():
            squares_by_rank.setdefault(CODES[code], []).append(square)
        for rank in PLACEMENT_ORDER:
            for square in squares_by_rank.get(rank, []):
                state.apply_action(state.parse_action(f"place {square}"))
    assert state.current_player() in (0, 1, garrison.TERMINAL)
    return state


def play(state, *moves: str) -> None:
    for text in moves:
        state.apply_action(state.parse_action(text))


def at(state, square: str):
    """(side, rank) on ``square`` from the full state, or None."""
    from garrison.games.stratego.board import parse_square

    piece = state.board[parse_square(square)]
    if piece < 0:
        return None
    return piece // state.rules.n, state.rank[piece]


def legal_texts(state) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}
