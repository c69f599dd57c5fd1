"""A Stratego-style game in progress: setup (Red, then Blue), then alternating moves."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from garrison.core import CHANCE, TERMINAL, State
from garrison.core.errors import InvalidActionError
from garrison.core.events import EMPTY as NO_EVENTS

from . import actions, rules
from .board import LAKES, RAYS, line_between, parse_square, square_name, step
from .observe import observe
from .pieces import SCOUT, movable, name, short
from .rules import DRAW, EMPTY, OVER, PLAY, SETUP
from .setups import catalogue_layout

if TYPE_CHECKING:
    from .game import StrategoGame

SIDES = ("Red", "Blue")
_MOVE_TEXT = re.compile(r"^([a-j])(\d{1,2})\s*[-x: ]?\s*([a-j])(\d{1,2})$")


class StrategoState(State):
    game: StrategoGame

    def __init__(self, game: StrategoGame) -> None:
        super().__init__(game)
        r = game.rules
        self.board = rules.empty_board()
        self.pos = (-1,) * (2 * r.n)
        self.rank = r.army + r.army
        self.moved = 0  # bitmask of pieces that ever moved (public)
        self.scouted = 0  # bitmask of pieces that ran more than one square: Soldiers (public)
        self.revealed = 0  # bitmask of pieces that fought (public)
        self.phase = SETUP
        self.turn = 0
        self.placed = (0, 0)
        self.filling = False  # chance is laying out a random setup for ``turn``
        self.setup_end = (0, 0)  # history length when each side finished its setup
        self.origin = self.pos  # where every piece stood when play began
        self.ply = 0
        self.winner = -1
        self.reason = ""
        self.streak: tuple[Any, Any] = (None, None)
        self.chase: tuple | None = None
        self.threat: tuple | None = None
        self.zhash = 0
        self.occ = self.scouts = self.mobile = (0, 0)  # bitboards per side (rules.rebuild_masks)
        self.moves: tuple[int, ...] = ()
        self.events = NO_EVENTS

    @property
    def rules(self) -> rules.Rules:
        return self.game.rules

    # -- the kernel interface --------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.filling:
            return CHANCE
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner == DRAW:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _legal_actions(self) -> list[int] | tuple[int, ...]:
        if self.phase == PLAY:
            return self.moves
        mode = self.game.params.setup
        out = []
        if mode != "whole":
            out = sorted(actions.PLACE + s for s in rules.free_setup_squares(self))
        if mode != "pieces" and self.placed[self.turn] == 0:
            out.append(actions.RANDOM_SETUP)
            out.extend(range(actions.CATALOGUE, actions.CATALOGUE + self.game.catalogue))
        return out

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        free = sorted(rules.free_setup_squares(self))
        p = 1.0 / len(free)
        return [(s, p) for s in free]

    def _apply(self, action: int) -> None:
        if self.phase == PLAY:
            rules.play_move(self, action)
            return
        side = self.turn
        if self.filling or action < actions.RANDOM_SETUP:
            rules.place(self, action if self.filling else action - actions.PLACE)
        elif action == actions.RANDOM_SETUP:
            self.filling = True
        else:
            p = self.game.params
            layout = catalogue_layout(p.army, self.rules.army, p.setup_rows, p.setup_file,
                                      action - actions.CATALOGUE)
            rules.place_layout(self, layout)
        if self.placed[side] == self.rules.n and not self.filling and self.setup_end[side] == 0:
            done = len(self._history) + 1
            self.setup_end = (done, 0) if side == 0 else (self.setup_end[0], done)

    # -- text --------------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if self.filling:
            return f"{name(self.rank[rules.next_piece(self)])} to {square_name(action)}"
        if self.phase == SETUP:
            if actions.PLACE <= action < actions.RANDOM_SETUP:
                piece = name(self.rank[rules.next_piece(self)])
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
        occupant = self.board[to]
        mine = self.board[frm]
        hit = occupant >= 0 and mine >= 0 and (occupant // self.rules.n) != (mine // self.rules.n)
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
        n = self.rules.n
        piece = self.board[frm]
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
            if self.board[sq] != EMPTY:
                return f"the way from {where} to {there} is blocked at {square_name(sq)}"
        occupant = self.board[to]
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
        """A full state consistent with what ``seat`` saw (see ``determinise.resample``)."""
        from .determinise import resample

        return resample(self, seat, self.rng_of(rng))

    def check_invariants(self) -> None:
        n = self.rules.n
        seen = 0
        for square, piece in enumerate(self.board):
            if square in LAKES:
                assert piece == rules.LAKE, f"lake {square_name(square)} holds {piece}"
            elif piece >= 0:
                assert self.pos[piece] == square, f"piece {piece} is not where the board says"
                seen += 1
        assert seen == sum(1 for p in self.pos if p >= 0)
        for side in (0, 1):
            ranks = sorted(self.rank[side * n:(side + 1) * n])
            assert ranks == sorted(self.rules.army), "a side's army changed"
        if self.phase == SETUP:
            for piece, square in enumerate(self.pos):
                if square >= 0:
                    assert square in self.rules.zone_sets[piece // n], "a piece set up outside its zone"
        else:
            for piece, square in enumerate(self.pos):
                if square < 0:
                    assert self.revealed >> piece & 1, "a piece left the board without a fight"
                elif not movable(self.rank[piece]):
                    assert not self.moved >> piece & 1, "a Bomb or Flag moved"

    def __str__(self) -> str:
        n = self.rules.n
        lines = []
        for row in range(9, -1, -1):
            cells = []
            for col in range(10):
                sq = row * 10 + col
                piece = self.board[sq]
                if sq in LAKES:
                    cells.append(" ~~ ")
                elif piece < 0:
                    cells.append("  . ")
                else:
                    text = short(self.rank[piece])
                    cells.append(f"{'r' if piece < n else 'b'}{text:>2} ")
            lines.append(f"{row + 1:>2} " + "".join(cells))
        lines.append("    " + "".join(f" {c}  " for c in "abcdefghij"))
        status = {SETUP: "setup", PLAY: "play", OVER: "over"}[self.phase]
        lines.append(f"phase {status}, ply {self.ply}, to move {SIDES[self.turn]}"
                     + (f", winner {('Red', 'Blue', 'draw')[self.winner]} ({self.reason})"
                        if self.phase == OVER else ""))
        return "\n".join(lines)


__all__ = ["StrategoState", "SIDES"]
