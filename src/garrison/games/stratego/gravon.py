"""Reading recorded human games from the Gravon archive (StraDoS2 XML) and replaying them.

A StraDoS2 file holds one game: its type (classic, barrage, ...), the 100-character starting
field (row by row from Red's back row; letters ``B``..``M`` are Red's pieces, ``N``..``Y`` Blue's,
``A`` empty, ``_`` lake), the moves as ``source``/``target`` squares (columns ``A``..``K`` without
``J``, rows ``1``..``9`` and ``:`` for 10) and the result (ending code and winner).

``import_gravon(path)`` replays every game move by move under the ``gravon`` preset and counts,
per game type, the games, the games with a rejected move or file, the games whose recorded
ending is decided on the board (flag captured, no move left, neither side able to move) and those
where the engine reaches the same ending and winner.

>>> square_of("A1"), square_of("K:"), square_of("J5")
(0, 99, -1)
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from xml.etree import ElementTree

from garrison.core.errors import GameError
from garrison.core.registry import load

from . import actions
from .board import line_between, square_name
from .pieces import (
    BOMB,
    CAPTAIN,
    COLONEL,
    FLAG,
    GENERAL,
    LIEUTENANT,
    MAJOR,
    MARSHAL,
    MINER,
    SCOUT,
    SERGEANT,
    SHORT,
    SPY,
)
from .rules import DRAW
from .setups import EMPTY

if TYPE_CHECKING:
    from .game import StrategoGame
    from .state import StrategoState

COLUMNS = "ABCDEFGHIK"
ROWS = "123456789:"
_RANK_ORDER = (BOMB, SPY, SCOUT, MINER, SERGEANT, LIEUTENANT, CAPTAIN, MAJOR, COLONEL, GENERAL,
               MARSHAL, FLAG)
#: field letter -> (side, rank)
LETTERS = {chr(ord("B") + i): (0, r) for i, r in enumerate(_RANK_ORDER)} | {
    chr(ord("N") + i): (1, r) for i, r in enumerate(_RANK_ORDER)
}
#: ending codes whose result is decided on the board
BOARD_ENDINGS = {0: "no moves", 1: "flag", 2: "no moves for either side"}
ENDINGS = {
    0: "unable to move", 1: "flag captured", 2: "both unable to move", 3: "resigned",
    4: "tie agreed", 10: "both missing", 11: "clock ran out", 12: "game clock ran out",
    13: "clock ran out, player missing", 14: "opponent missing",
}
#: Gravon game type -> our options (on top of the gravon preset)
TYPES = {
    "classic": {},
    "barrage": {"army": "barrage"},
    "duell": {"army": "duel"},
    "duel": {"army": "duel"},
    "ultimate lightning": {"army": "lightning"},
}


def square_of(text: str) -> int:
    """Our square index of a Gravon square name (``A1``..``K:``), or -1."""
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in ROWS:
        return -1
    return ROWS.index(text[1]) * 10 + COLUMNS.index(text[0])


@dataclass
class GravonGame:
    """One game as read from a file (``error`` set if the file could not be read)."""

    gid: str
    kind: str = "?"
    field_text: str | None = None
    moves: list[tuple[str, str]] = field(default_factory=list)
    ending: int | None = None
    winner: int | None = None
    error: str | None = None

    @property
    def board(self) -> list[tuple[int, int] | None] | None:
        """The starting field as (side, rank) per square, or None if absent."""
        if self.field_text is None:
            return None
        return [LETTERS.get(ch) for ch in self.field_text]

    def layout(self, side: int, rows: int) -> tuple[int, ...] | None:
        """``side``'s setup seen from its chair (setups.py layout), or None if it does not fit."""
        board = self.board
        if board is None:
            return None
        squares = [r * 10 + c for r in range(rows) for c in range(10)]
        if side == 1:
            squares = [99 - s for s in squares]
        inside = set(squares)
        if any(cell is not None and cell[0] == side and sq not in inside for sq, cell in enumerate(board)):
            return None
        cells = [board[s] for s in squares]
        return tuple(cell[1] if cell is not None and cell[0] == side else EMPTY for cell in cells)


def parse_xml(gid: str, data: bytes) -> GravonGame:
    """One game from the bytes of a StraDoS2 XML file; problems go to ``.error``."""
    game = GravonGame(gid)
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as err:
        game.error = f"not well-formed XML ({err})"
        return game
    node = root.find("game") if root.tag != "game" else root
    if node is None:
        game.error = "no <game> element"
        return game
    game.kind = node.get("type", "?")
    fld = node.find("field")
    if fld is not None:
        text = fld.get("content", "")
        if len(text) != 100 or any(ch not in LETTERS and ch not in "A_" for ch in text):
            game.error = f"the field is not 100 piece letters (got {len(text)} characters)"
            return game
        game.field_text = text
    for i, move in enumerate(node.findall("move"), start=1):
        src, dst = move.get("source"), move.get("target")
        if src is None or dst is None:
            game.error = f"move {i} has no source or target"
            return game
        game.moves.append((src, dst))
    result = node.find("result")
    if result is not None:
        try:
            game.ending = int(result.get("type", ""))
            game.winner = int(result.get("winner", ""))
        except ValueError:
            game.error = "the result has no numeric type and winner"
    return game


def read_games(path: str | Path) -> Iterator[GravonGame]:
    """Every game in an XML file, a monthly zip, or a folder of either."""
    path = Path(path)
    if path.is_dir():
        for child in sorted(path.iterdir()):
            if child.suffix.lower() in (".xml", ".zip", ".gsn"):
                yield from read_games(child)
        return
    if path.suffix.lower() == ".zip":
        try:
            archive = zipfile.ZipFile(path)
        except zipfile.BadZipFile:
            yield GravonGame(path.name, error="not a zip archive")
            return
        with archive:
            names = sorted((n for n in archive.namelist() if n.lower().endswith((".xml", ".gsn"))),
                           key=_natural)
            for name in names:
                if name.lower().endswith(".gsn"):
                    yield GravonGame(Path(name).stem, error=_GSN)
                    continue
                try:
                    data = archive.read(name)
                except (zipfile.BadZipFile, OSError) as err:
                    yield GravonGame(Path(name).stem, error=f"cannot be read from the archive ({err})")
                    continue
                yield parse_xml(Path(name).stem, data)
        return
    if path.suffix.lower() == ".gsn":
        yield GravonGame(path.stem, error=_GSN)
        return
    yield parse_xml(path.stem, path.read_bytes())


_GSN = "the older GSN notation (2003-2004) is not read; only StraDoS2 XML"


def _natural(name: str) -> tuple[Any, ...]:
    stem = Path(name).stem
    head, _, tail = stem.rpartition("-")
    return (head, int(tail)) if tail.isdigit() else (stem, 0)


def options_for(game: GravonGame) -> dict[str, Any]:
    """Our options for a Gravon game type (``GameError`` for a type we cannot replay)."""
    if game.kind in TYPES:
        return {"rules": "gravon", **TYPES[game.kind]}
    if game.kind == "classicfree" and game.board is not None:
        counts = [[0] * 12, [0] * 12]
        for cell in game.board:
            if cell is not None:
                counts[cell[0]][cell[1]] += 1
        if counts[0] != counts[1]:
            raise GameError("the two sides of this free setup have different armies")
        army = ",".join(f"{SHORT[r]}:{c}" for r, c in enumerate(counts[0]) if c)
        return {"rules": "gravon", "army": army}
    raise GameError(f"game type '{game.kind}' is not one we can replay")


def setup_actions(game: GravonGame, side: int, rules_army: tuple[int, ...], rows: int) -> list[int]:
    """Placement actions laying out ``side``'s recorded setup piece by piece."""
    layout = game.layout(side, rows)
    if layout is None:
        raise GameError(f"{('Red', 'Blue')[side]} has pieces outside its {rows}-row setup zone")
    squares = [r * 10 + c for r in range(rows) for c in range(10)]
    if side == 1:
        squares = [99 - s for s in squares]
    where: dict[int, list[int]] = {}
    for sq, rank in zip(squares, layout):
        if rank != EMPTY:
            where.setdefault(rank, []).append(sq)
    out = []
    for rank in rules_army:
        if not where.get(rank):
            raise GameError(f"{('Red', 'Blue')[side]}'s setup does not hold the army of this game")
        out.append(actions.PLACE + where[rank].pop(0))
    if any(where.values()):
        raise GameError(f"{('Red', 'Blue')[side]}'s setup holds pieces beyond the army of this game")
    return out


@dataclass
class Replay:
    """The outcome of replaying one game."""

    game: GravonGame
    record: dict[str, Any] | None = None
    error: str | None = None
    bad_move: int | None = None
    decided: bool = False
    matched: bool = False
    state: Any = None


def replay_game(game: GravonGame) -> Replay:
    """Replay ``game`` move by move under the gravon preset; stop at the first rejected move."""
    out = Replay(game)
    if game.error:
        out.error = game.error
        return out
    if game.field_text is None:
        out.error = "the file has no starting field"
        return out
    try:
        options = options_for(game)
        engine = cast("StrategoGame", load("stratego", **options))
        state = cast("StrategoState", engine.new_initial_state())
        for side in (0, 1):
            for action in setup_actions(game, side, engine.rules.army, engine.params.setup_rows):
                state.apply_action(action)
    except GameError as err:
        out.error = str(err)
        return out
    out.state = state
    for number, (src, dst) in enumerate(game.moves, start=1):
        frm, to = square_of(src), square_of(dst)
        try:
            if frm < 0 or to < 0:
                raise GameError(f"'{src}-{dst}' names a square that does not exist")
            line = line_between(frm, to)
            if line is None:
                raise GameError(f"'{src}-{dst}' is not along a row or column")
            if state.is_terminal():
                raise GameError("the game is already over on the board")
            side = state.current_player()
            if side != (number - 1) % 2:
                raise GameError(f"{('Red', 'Blue')[side]} is to move, not {('Red', 'Blue')[1 - side]}")
            state.apply_action(actions.move_id(frm, *line))
        except GameError as err:
            ours = f"{square_name(frm)}-{square_name(to)}" if frm >= 0 and to >= 0 else "?"
            out.error = f"{src}-{dst} (our {ours}): {err}"
            out.bad_move = number
            return out
    out.record = {**state.to_record(), "source": {
        "archive": "gravon", "game": game.gid, "type": game.kind,
        "ending": game.ending, "winner": game.winner,
    }}
    out.decided = game.ending in BOARD_ENDINGS
    if out.decided and state.is_terminal():
        want = {1: 0, 2: 1, 3: DRAW}.get(game.winner or 0)
        out.matched = state.winner == want
    return out


def import_gravon(path: str | Path, out_dir: str | Path | None = None,
                  errors: list[dict[str, Any]] | None = None) -> dict[str, dict[str, int]]:
    """Replay every game at ``path`` (an XML file, a monthly zip or a folder of them).

    Returns ``{"<type>": {"games", "rejected", "decided_on_board", "endings_matched"}}``. If
    ``out_dir`` is given each replayed game is written there as a Garrison record
    ``<game id>.json``. If ``errors`` is a list, one entry per rejected game is appended:
    ``{"game", "type", "move", "why"}`` (``move``: the 1-based move number, or None for a file
    problem); a game whose recorded board ending the engine does not reach is listed with
    ``"move": None`` too. A bad game never stops the import.
    """
    if not Path(path).exists():
        raise GameError(f"no such file or folder: {path}")
    summary: dict[str, dict[str, int]] = {}
    target = Path(out_dir) if out_dir is not None else None
    if target is not None:
        target.mkdir(parents=True, exist_ok=True)
    for game in read_games(path):
        result = replay_game(game)
        counts = summary.setdefault(game.kind, {
            "games": 0, "rejected": 0, "decided_on_board": 0, "endings_matched": 0})
        counts["games"] += 1
        if result.error is not None:
            counts["rejected"] += 1
            if errors is not None:
                errors.append({"game": game.gid, "type": game.kind, "move": result.bad_move,
                               "why": result.error})
            continue
        counts["decided_on_board"] += result.decided
        counts["endings_matched"] += result.matched
        if result.decided and not result.matched and errors is not None:
            errors.append({"game": game.gid, "type": game.kind, "move": None,
                           "why": f"recorded ending '{ENDINGS.get(game.ending or 0)}' (winner "
                                  f"{game.winner}) not reached: {_engine_end(result.state)}"})
        if target is not None and result.record is not None:
            (target / f"{game.gid}.json").write_text(json.dumps(result.record), encoding="utf-8")
    return summary


def _engine_end(state: Any) -> str:
    if not state.is_terminal():
        return "the engine's game goes on"
    return f"the engine ends with winner {state.winner} ({state.reason})"


def format_summary(summary: dict[str, dict[str, int]], errors: list[dict[str, Any]] | None = None) -> str:
    """The summary as text for a person, with one line per problem game."""
    lines = []
    for kind, c in summary.items():
        lines.append(f"{kind}: {c['games']} games, {c['rejected']} rejected, "
                     f"{c['decided_on_board']} decided on the board, "
                     f"{c['endings_matched']} endings matched")
    for e in errors or []:
        where = f"move {e['move']}" if e["move"] is not None else "file"
        lines.append(f"  {e['game']} ({e['type']}), {where}: {e['why']}")
    return "\n".join(lines)


def cli_import(path: str | Path, out_dir: str | Path | None = None) -> dict[str, Any]:
    """For ``garrison import gravon``: the summary (``json``) and its text with problem games."""
    errors: list[dict[str, Any]] = []
    summary = import_gravon(path, out_dir=out_dir, errors=errors)
    return {"json": summary, "text": format_summary(summary, errors)}
