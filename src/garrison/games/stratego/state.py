"""A Stratego-style game in progress: the compiled rules (``rules.pyx``) with the views.

``StrategoState`` is the compiled ``StrategoCore`` (typed state and rules: setup, then
alternating moves) joined with the kernel's Python ``State`` (observation gate, notation,
explanations). Nothing here changes the state.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from garrison.core import CHANCE, State
from garrison.core.errors import InvalidActionError

from . import actions
from .board import LAKES, RAYS, line_between, parse_square, square_name, step
from .constants import MOVED, REVEALED
from .determinise import resample
from .observe import observe
from .pieces import SCOUT, movable, name, short
from .rules import EMPTY, LAKE, OVER, PLAY, SETUP, StrategoFields

if TYPE_CHECKING:
    from .game import StrategoGame
    from .params import Rules

SIDES = ("Red", "Blue")
_MOVE_TEXT = re.compile(r"^([a-j])(\d{1,2})\s*[-x: ]?\s*([a-j])(\d{1,2})$")


class StrategoState(StrategoFields, State):
    """Every field is a typed accessor of ``StrategoCore`` (see ``rules.pyx``)."""

    game: StrategoGame

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def _next_piece(self) -> int:
        """The id of the piece the side setting up places next."""
        return self.turn * self.n + self.placed[self.turn]

    # -- text --------------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if self.filling:
            return f"{name(self.rank[self._next_piece()])} to {square_name(action)}"
        if self.phase == SETUP:
            if actions.PLACE <= action < actions.RANDOM_SETUP:
                piece = name(self.rank[self._next_piece()])
                return f"place {piece} {square_name(action - actions.PLACE)}"
            if action == actions.RANDOM_SETUP:
                return "random setup"
            if actions.CATALOGUE <= action < actions.CATALOGUE + self.game.catalogue:
                return f"setup {action - actions.CATALOGUE}"
            raise InvalidActionError(f"action id {action} is not a setup action")
        if not 0 <= action < actions.MOVES:
            raise InvalidActionError(f"action id {action} is not a move")
        frm = action // 36
        to = actions.move_target(action)
        if to < 0:
            raise InvalidActionError(f"action id {action} leaves the board")
        board = self.board
        occupant, mine = board[to], board[frm]
        hit = occupant >= 0 and mine >= 0 and (occupant // self.n) != (mine // self.n)
        return f"{square_name(frm)}{'x' if hit else '-'}{square_name(to)}"

    def parse_action(self, text: str) -> int:
        """``b4-b5``, ``b4xb7``, ``b4 b5``; ``place a1`` or ``a1`` in setup; ``random setup``;
        ``setup 3``. A number alone is no action (ids are passed as ints, never typed)."""
        wanted = " ".join(str(text).lower().split())
        if not wanted:
            raise InvalidActionError("empty input: type an action, e.g. b4-b5")
        if self.current_player() == CHANCE:
            return super().parse_action(text)
        if self.phase == SETUP:
            if wanted in ("random setup", "random"):
                return actions.RANDOM_SETUP
            words = wanted.split()
            if len(words) == 2 and words[0] == "setup" and words[1].isdigit():
                if int(words[1]) >= self.game.catalogue:
                    raise InvalidActionError(
                        f"'{text}': there are setups 0 to {self.game.catalogue - 1}")
                return actions.CATALOGUE + int(words[1])
            square = parse_square(words[-1])
            if square >= 0 and (len(words) == 1 or words[0] == "place"):
                return actions.PLACE + square
            raise InvalidActionError(
                f"'{text}' is not a setup action; type e.g. 'place a1', 'random setup' or 'setup 3'"
            )
        if wanted.split()[0] in ("place", "setup", "random"):
            raise self.unreadable(text, "the setup is over; now you move a piece")
        match = _MOVE_TEXT.match(wanted.replace(" - ", "-").replace(" x ", "x"))
        if not match:
            raise InvalidActionError(f"'{text}' is not a move; write it like b4-b5 or b4xb7")
        frm = parse_square(match.group(1) + match.group(2))
        to = parse_square(match.group(3) + match.group(4))
        if frm < 0 or to < 0:
            raise InvalidActionError(f"'{text}' names a square off the board (a1 to j10)")
        if frm == to:
            raise InvalidActionError(f"'{text}' stays on {square_name(frm)}: a piece must move")
        line = line_between(frm, to)
        if line is None:
            raise InvalidActionError(
                f"'{text}' is no straight line: pieces move along a row or a column, never diagonally"
            )
        return actions.move_id(frm, *line)

    def _explain_illegal(self, action: int) -> str:
        if self.phase == SETUP:
            return self._explain_setup(action)
        if action >= actions.MOVES:
            return "the setup is over: now move a piece, e.g. " + self._example()
        frm, direction, distance = actions.decode_move(action)
        to = step(frm, direction, distance)
        where = square_name(frm)
        if to < 0:
            return f"that move from {where} leaves the board"
        there = square_name(to)
        n = self.n
        board = self.board
        piece = board[frm]
        if piece < 0:
            return f"there is no piece of yours on {where}"
        if piece // n != self.turn:
            return f"the piece on {where} is not yours"
        rank = self.rank[piece]
        if not movable(rank):
            return f"your {name(rank)} on {where} never moves"
        if to in LAKES:
            return f"{there} is in a lake: no piece may enter or cross the lakes"
        ray = RAYS[frm][direction]
        if distance > 1 and rank != SCOUT:
            return f"your {name(rank)} moves one square at a time; only a Soldier runs further"
        if distance > len(ray):
            return f"the way from {where} to {there} crosses a lake"
        for sq in ray[: distance - 1]:
            if board[sq] != EMPTY:
                return f"the way from {where} to {there} is blocked at {square_name(sq)}"
        occupant = board[to]
        if occupant >= 0 and occupant // n == self.turn:
            return f"{there} holds one of your own pieces"
        if occupant >= 0 and distance > 1 and not self.rules.scout_attack:
            return "under these rules a Soldier may not run and attack in the same move"
        streak = self.streak[self.turn]
        if (streak is not None and self.rules.limit and streak[3] >= self.rules.limit
                and streak[0] == piece and streak[1] == to and streak[2] == frm):
            return (
                f"two-square rule: your {name(rank)} has moved {streak[3]} times in a row between "
                f"{where} and {there}; move another piece or go elsewhere"
            )
        if self.chase is not None:
            return (
                f"more-squares rule: {where}-{there} would repeat a position of your chase; "
                "chase differently or move another piece"
            )
        return f"{where}-{there} is not allowed now; you may play e.g. " + self._example()

    def _explain_setup(self, action: int) -> str:
        if self.filling:
            return "chance is laying out a random setup"
        if action < actions.PLACE:
            return "moves start after both sides have set up; place your pieces first"
        mode = self.game.params.setup
        if action < actions.RANDOM_SETUP:
            if mode == "whole":
                return "in this game a side sets up in one step: 'random setup' or 'setup <n>'"
            square = action - actions.PLACE
            side = self.turn
            if square not in self.rules.zone_sets[side]:
                rows = f"1-{self.rules.rows}" if side == 0 else f"{11 - self.rules.rows}-10"
                return f"{square_name(square)} is outside your setup zone (rows {rows})"
            return f"{square_name(square)} already holds one of your pieces"
        if mode == "pieces":
            return "in this game pieces are placed one by one: 'place <square>'"
        if self.placed[self.turn]:
            return "you have begun placing pieces one by one: place the rest ('place <square>')"
        return f"there are setups 0 to {self.game.catalogue - 1}"

    def _example(self) -> str:
        legal = self.legal_actions()
        return ", ".join(self._action_to_string(a) for a in legal[:6]) if legal else "nothing"

    # -- the observation gate and determinisation ---------------------------------------------------
    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe(self, seat)

    def resample(self, seat: int, rng: Any) -> StrategoState:
        """A full state consistent with what ``seat`` saw (see ``determinise.resample``): a
        compiled state like this one."""

        self.check_seat(seat)
        return resample(self, seat, self.rng_of(rng))

    def fields(self) -> dict[str, Any]:
        """The typed state as Python values (equality and debugging)."""
        out = {key: getattr(self, key) for key in (*self.FIELDS, "streak", "chase", "threat")}
        out["events"] = tuple(self.events())
        return out

    def check_invariants(self) -> None:
        n = self.n
        board, pos, rank, flags = self.board, self.pos, self.rank, self.flags
        seen = 0
        for square, piece in enumerate(board):
            if square in LAKES:
                assert piece == LAKE, f"lake {square_name(square)} holds {piece}"
            elif piece >= 0:
                assert pos[piece] == square, f"piece {piece} is not where the board says"
                seen += 1
        assert seen == sum(1 for p in pos if p >= 0)
        for side in (0, 1):
            ranks = sorted(rank[side * n:(side + 1) * n])
            assert ranks == sorted(self.rules.army), "a side's army changed"
        if self.phase == SETUP:
            for piece, square in enumerate(pos):
                if square >= 0:
                    assert square in self.rules.zone_sets[piece // n], "a piece set up outside its zone"
        else:
            for piece, square in enumerate(pos):
                if square < 0:
                    assert flags[piece] & REVEALED, "a piece left the board without a fight"
                elif not movable(rank[piece]):
                    assert not flags[piece] & MOVED, "a Bomb or Flag moved"

    def __str__(self) -> str:
        n = self.n
        board, rank = self.board, self.rank
        lines = []
        for row in range(9, -1, -1):
            cells = []
            for col in range(10):
                sq = row * 10 + col
                piece = board[sq]
                if sq in LAKES:
                    cells.append(" ~~ ")
                elif piece < 0:
                    cells.append("  . ")
                else:
                    text = short(rank[piece])
                    cells.append(f"{'r' if piece < n else 'b'}{text:>2} ")
            lines.append(f"{row + 1:>2} " + "".join(cells))
        lines.append("    " + "".join(f" {c}  " for c in "abcdefghij"))
        status = {SETUP: "setup", PLAY: "play", OVER: "over"}[self.phase]
        lines.append(f"phase {status}, ply {self.ply}, to move {SIDES[self.turn]}"
                     + (f", winner {('Red', 'Blue', 'draw')[self.winner]} ({self.reason})"
                        if self.phase == OVER else ""))
        return "\n".join(lines)

    __hash__ = None


__all__ = ["StrategoState", "SIDES"]
