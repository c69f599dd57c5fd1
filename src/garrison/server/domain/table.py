"""A table master: one table in this process — its state replayed from the move log, who may act
for which seat now (``holds``), and what each seat may see (``view``, built from
``observation(seat)`` only). The hub does the moves (compare-and-set), bots and sweeps; the
transport sends the views."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import json
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from garrison.bots import make_bot
from garrison.core import Bot, load

from ..net.http import Bucket
from ..net.wire import diff, dumps
from ..store.db import CHAT_KEEP, TableRow
from .clock import Clock

if TYPE_CHECKING:
    from ..botlimits import BotLimits
    from ..net.transport import Conn

log = logging.getLogger("garrison.server")


def seat_parts(rt: Runtime, state: Any, seat: int | None, ids: list[int],
               log_before: int | None = None) -> dict[str, Any]:
    """What ``seat`` sees of ``state`` at table ``rt``, the parts a live view and a replay
    share: the observation (the gate) with its log bounded to ``rt.log_lines`` lines before
    line ``log_before`` (the newest unless given; ``log_total`` and ``log_start`` say where
    they are when the log holds more), its text and the game's widgets for the actions
    ``ids``. A view that cannot render is shown as data only, and the failure logged."""
    obs = state.observation(seat)
    out: dict[str, Any] = {}
    lines = obs.get("log")
    if isinstance(lines, list):
        end = len(lines) if log_before is None else max(0, min(log_before, len(lines)))
        start = max(0, end - rt.log_lines)
        if start > 0 or end < len(lines):
            out = {"log_total": len(lines), "log_start": start}
            obs = {**obs, "log": lines[start:end]}
    text = ui = None
    try:
        text = rt.game.render(obs)
    except Exception:
        log.exception("text view of %s at table %s failed; the page shows data only",
                      rt.row.game, rt.row.id)
    if rt.widgets is not None:
        try:  # the game's cards, squares and dice: from the observation and own actions only
            ui = rt.widgets(obs, list(ids))
        except Exception:
            log.exception("widgets of %s failed; the page falls back to buttons", rt.row.game)
    return {"obs": obs, "text": text, "ui": ui, **out}


class Runtime:
    """One table in this process."""

    def __init__(self, row: TableRow, options: dict[str, Any] | None = None,
                 log_lines: int = 200) -> None:
        """``options``: the row's options with any operator file names resolved to files;
        ``log_lines``: the newest log lines a view carries (older ones by ``log_page``)."""
        self.row = row
        self.log_lines = max(1, log_lines)
        self.game = load(row.game, **(row.options if options is None else options))
        self.state = self.game.new_initial_state()
        self.movers: list[int] = []  # seat (or -1) of each move
        self.actions: list[int] = []  # the move log as this process knows it
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        #: When a request last looked the table up (``Hub.runtime``): the sweep keeps it in memory
        #: a while after, for the request still working on it.
        self.used = time.time()
        self.bots: dict[int, tuple[str | None, Any]] = {}  # seat -> (bot name, bot)
        self.bot_task: asyncio.Task[None] | None = None
        self.rng = random.SystemRandom()
        #: per audience (seat, status, seats): (move number, the view, its JSON text once asked)
        self._views: dict[Any, list[Any]] = {}
        self._deltas: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], str]] = {}
        self.widgets = getattr(self.game, "widgets", None)
        #: Whether a move for a seat out of time is under way (the sweep makes one at a time).
        self.timing_out = False
        #: The table's clock, if it has one (``server/domain/clock.py``).
        self.clock = Clock.load(row.clock, row.clock_state, len(row.seats))
        #: The clock's state as this process last wrote or read it (``sync_clock``).
        self.clock_text: str | None = row.clock_state
        #: When each seat's person was seen since the sweep last wrote it (``Hub.seen``).
        self.seen_at: dict[int, float] = {}
        #: Until when this process holds the lease to drive the table's bots (PostgreSQL).
        self.lease_until = 0.0
        #: The latest chat lines of the table (``room.chat``), sent to pages that join.
        self.chat: collections.deque[dict[str, Any]] = collections.deque(maxlen=CHAT_KEEP)
        #: The chat limit of each guest at this table, whatever its sockets (``room.chat``).
        self.chat_limits: dict[str, Bucket] = {}
        #: What each other process said of who has a page of the table open there, and until
        #: when that counts (``room.heard_presence``).
        self.remote_presence: dict[str, tuple[dict[str, Any], float]] = {}

    @property
    def n(self) -> int:
        return self.state.move_number()

    def apply_rows(self, rows: list[tuple[int, int, int]]) -> None:
        for n, action, seat in rows:
            if n != self.n:
                raise RuntimeError(f"move log of table {self.row.id} has a gap at {self.n}")
            self.state.apply_action(action)
            self.movers.append(seat)
            self.actions.append(action)

    def meta(self) -> dict[str, Any]:
        return table_meta(self.row, self.game)

    def holds(self, seat: int, pid: str | None) -> bool:
        """Does guest ``pid`` hold ``seat`` now (the seat check of every move and view)?"""
        seats = self.row.seats
        return (pid is not None and 0 <= seat < len(seats) and seats[seat].kind == "human"
                and seats[seat].player_id == pid)

    def away_seat(self, pid: str | None) -> int | None:
        """The seat a bot keeps for guest ``pid`` at this table, if any."""
        for s in self.row.seats:
            if pid is not None and s.away and s.player_id == pid:
                return s.seat
        return None

    def bot_for(self, seat: int, limits: BotLimits) -> Bot:
        """The bot of a bot seat, made again when the seat's bot name changed: its name clamped
        to the operator's ``limits`` (a table stored before them plays on within them), its
        time limit per move theirs.

        Raises:
            GameError: the stored name is not a bot of this game (any more).
        """
        name = self.row.seats[seat].bot
        held = self.bots.get(seat)
        if held is None or held[0] != name:
            bot = make_bot(self.game, limits.clamp(self.game, name or "random"), seat,
                           seed=self.rng.randrange(2**31))
            bot.time_limit = limits.seconds
            held = self.bots[seat] = (name, bot)
        return held[1]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now (cached per move number and seat)."""
        key = self._audience_key(seat)
        hit = self._views.get(key)
        if hit is not None and hit[0] == self.n:
            cached: dict[str, Any] = hit[1]
            return cached
        state = self.state
        player = state.current_player()
        to_move = player if player >= 0 else None
        ids: list[int] = []
        if seat is not None and seat == to_move and self.row.status == "playing":
            ids = state.legal_actions()
        legal = [{"id": a, "text": state.action_to_string(a)} for a in ids]
        # the parts: the observation (its log bounded: log_total says there is more to ask
        # for), its text and the widgets
        parts = seat_parts(self, state, seat, ids)
        view = {
            "type": "view", "table": self.meta(), "n": self.n, "seat": seat,
            "to_move": to_move, "legal": legal,
            "returns": self.final_returns(), **parts,
        }
        if self.row.result and self.row.result.get("ended"):  # resigned, or a draw agreed
            view["ended"] = self.row.result["ended"]
        if any(v[0] != self.n for v in self._views.values()):
            self._views = {k: v for k, v in self._views.items() if v[0] == self.n}
            self._deltas.clear()
        self._views[key] = [self.n, view, None]
        return view

    def final_returns(self) -> list[float] | None:
        """Each seat's result once the game is over: by its rules, or as it was ended early
        (``server/endings.py``); ``None`` while it is on."""
        if self.state.is_terminal():
            returns: list[float] = self.state.returns()
            return returns
        if self.row.status == "finished" and self.row.result:
            return list(self.row.result.get("returns") or []) or None
        return None

    def _audience_key(self, seat: int | None) -> tuple[Any, ...]:
        """What a cached view depends on besides the move number: the seat, the status and who
        sits where (a bot taking a seat, or its person taking it back, changes every view)."""
        return (seat, self.row.status,
                tuple((s.kind, s.player_id, s.away_from) for s in self.row.seats))

    def played_for(self, seat: int) -> list[dict[str, Any]]:
        """The moves a bot made for ``seat`` since it took the seat from its absent person, as
        that seat was shown them: each move's text as the seat's own legal action read at its
        turn (``action_to_string`` of an action of the seat, which the seat's view lists), so
        nothing another seat may not see. Replays the log: call it off the event loop."""
        away = self.row.seats[seat].away_from if 0 <= seat < len(self.row.seats) else None
        if away is None:
            return []
        state = self.game.new_initial_state()
        out = []
        for n, (action, mover) in enumerate(zip(self.actions, self.movers, strict=True)):
            if n >= away and mover == seat:
                out.append({"n": n, "text": state.action_to_string(action)})
            state.apply_action(action)
        return out

    def sync_clock(self) -> None:
        """Take the clock's state from the row when another process wrote it."""
        text = self.row.clock_state
        if self.clock is not None and text is not None and text != self.clock_text:
            self.clock.read_state(text, len(self.row.seats))
            self.clock_text = text

    def clock_json(self, now: float, stopped: bool = False) -> str:
        """The clock's state to write now (remembered as what this process wrote);
        ``stopped``: this process stops running it (it shuts down)."""
        assert self.clock is not None
        self.clock_text = self.row.clock_state = self.clock.state_json(now, stopped)
        return self.clock_text

    def clocked(self) -> list[bool]:
        """Which seats are on the clock: those a person holds (bots have their own limit)."""
        return [s.kind == "human" for s in self.row.seats]

    def clock_message(self, now: float) -> dict[str, Any] | None:
        """Where the clock stands now, for every seat alike (``None``: no clock, or the game
        is not in play)."""
        if (self.clock is None or not self.clock.running or self.row.status != "playing"
                or self.state.is_terminal()):
            return None
        player = self.state.current_player()
        return self.clock.public(player if player >= 0 else None, self.clocked(), now)

    def log_page(self, seat: int | None, before: int, count: int) -> dict[str, Any]:
        """Up to ``count`` lines of ``seat``'s log before line ``before`` (0 is the first line
        the game's observation gives), read through the gate like every view."""
        lines = self.state.observation(seat).get("log")
        lines = lines if isinstance(lines, list) else []
        end = max(0, min(before, len(lines)))
        start = max(0, end - count)
        return {"type": "log", "start": start, "lines": lines[start:end], "total": len(lines)}

    def delta_text(self, old: dict[str, Any], new: dict[str, Any]) -> str:
        """The delta from view ``old`` to view ``new`` as JSON, encoded once per audience."""
        key = (id(old), id(new))
        hit = self._deltas.get(key)
        if hit is not None and hit[0] is old and hit[1] is new:
            return hit[2]
        text = dumps({"type": "delta", "from": old["n"], "n": new["n"], "patch": diff(old, new)})
        self._deltas[key] = (old, new, text)
        return text

    def view_text(self, seat: int | None) -> str:
        """``view(seat)`` as JSON text, serialised once per move and audience."""
        self.view(seat)
        entry = self._views[self._audience_key(seat)]
        if entry[2] is None:
            entry[2] = dumps(entry[1])
        text: str = entry[2]
        return text


def partners(game: Any) -> list[list[int]]:
    """The teams of partners at this game's table (seats that share a result), or none where
    every seat plays for itself."""
    return [list(t) for t in game.teams] if any(len(t) > 1 for t in game.teams) else []


@functools.lru_cache(maxsize=256)
def _partners_at(name: str, options: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t) for t in partners(load(name, **json.loads(options))))


def table_teams(row: TableRow, game: Any = None) -> list[list[int]]:
    """The teams at a stored table, from its game and options (remembered for the lobby's list,
    which is asked every few seconds); none where the stored options no longer load."""
    if game is not None:
        return partners(game)
    try:
        return [list(t) for t in _partners_at(row.game, json.dumps(row.options, sort_keys=True))]
    except (KeyError, ValueError, TypeError):
        return []


def table_meta(row: TableRow, game: Any = None) -> dict[str, Any]:
    title = getattr(game, "title", None)
    if title is None:
        with contextlib.suppress(Exception):
            from garrison.core import game_class

            title = game_class(row.game).title
    return {
        "id": row.id, "game": row.game, "title": title or row.game, "options": row.options,
        "teams": table_teams(row, game),
        "status": row.status, "moves": row.moves, "result": row.result,
        "created": row.created, "updated": row.updated,
        "clock": json.loads(row.clock) if row.clock else None,
        "seats": [
            {"seat": s.seat, "kind": s.kind,
             "name": s.name if s.kind == "human" or s.away else None,
             "bot": s.bot if s.kind == "bot" else None, "taken": s.kind == "bot" or bool(s.player_id),
             "player": s.player_id,
             # a bot plays for this seat's person, who is away and may take it back
             "away": s.away, "away_from": s.away_from if s.away else None}
            for s in row.seats
        ],
    }
