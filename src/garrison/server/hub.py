"""The hub: every live table of this process and what changes them — loading a table's master
(``table.Runtime``) from the move log, moves with compare-and-set (the database is the
authority: a write for a move number already taken fails, ``db.Conflict``, and a move lands only
while its sender still holds the seat), starting games, driving the bot seats (through the fair
pool, within their thinking budget, under this process's lease), and telling pages of changes
(through each socket's ``transport.Conn``). The background work is in ``background.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from garrison.core import CHANCE, GameError, sample_chance

from .config import Settings
from .domain import room
from .domain.bots import FairBotPool
from .domain.drive import BotDriver
from .domain.replays import Replays
from .domain.table import Runtime
from .errors import ServerError
from .net.wire import dumps
from .store.db import NOTIFY_MAX, Conflict, Store

log = logging.getLogger("garrison.server")


def default_bot(game: Any) -> str:
    """The strongest bot a game offers (a game lists its own bots strongest last)."""
    own = list(game.bots)
    return own[-1] if own else "random"


class Hub:
    """Every live table of this process, plus the background work (bots, sweeps, listener)."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.runtimes: dict[str, Runtime] = {}
        #: Tables being loaded: the lock their loads take turns on, and how many wait for it.
        self._loading: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        self.pool = FairBotPool(settings.bot_threads)
        self.replays = Replays(settings, store)
        self.driver = BotDriver(self)
        self.tasks: list[asyncio.Task[Any]] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stats = {"moves": 0, "bot_moves": 0, "conflicts": 0, "stand_ins": 0}
        self.inline_db = not store.is_postgres and settings.inline_sqlite
        #: Tables whose people were seen since the sweep last wrote it (``seen``).
        self._unseen: set[Runtime] = set()


    async def db(self, fn: Any, *args: Any) -> Any:
        """Run a database call. PostgreSQL calls wait on the network, so they run in a thread;
        SQLite calls of this one process take well under a millisecond of CPU, and a hop to a
        thread and back costs more than that on a busy machine, so they run right here."""
        if self.inline_db:
            return fn(*args)
        return await asyncio.to_thread(fn, *args)

    # -- loading ---------------------------------------------------------------------------
    async def runtime(self, tid: str) -> Runtime:
        """The live table ``tid``, loaded from the database if it is not in memory.

        Raises:
            ServerError: ``not_found`` for no such table.
        """
        rt = self.runtimes.get(tid)
        if rt is not None:
            rt.used = time.time()
            return rt
        # one load per table at a time; the entry lives only while a load of it is under way,
        # so that nothing of an unknown id outlives its request
        entry = self._loading.get(tid)
        if entry is None:
            entry = self._loading[tid] = (asyncio.Lock(), [0])
        lock, waiting = entry
        waiting[0] += 1
        try:
            async with lock:
                rt = self.runtimes.get(tid)
                if rt is not None:
                    rt.used = time.time()
                    return rt
                row = await self.db(self.store.table, tid)
                if row is None:
                    raise ServerError("not_found", f"there is no table {tid!r}")
                options = self.settings.option_files.resolve(row.game, row.options)
                rows = await self.db(self.store.moves, tid, 0)
                chat = await self.db(self.store.chat_lines, tid)
                # building the game may read a file, and replaying a long log takes a while:
                # both off the event loop
                rt = await asyncio.to_thread(self._load, row, options, rows)
                rt.chat.extend(chat)
                self.runtimes[tid] = rt
                return rt
        finally:
            waiting[0] -= 1
            if not waiting[0] and self._loading.get(tid) is entry:
                del self._loading[tid]

    def _load(self, row: Any, options: dict[str, Any], rows: list[tuple[int, int, int]]) -> Runtime:
        rt = Runtime(row, options, log_lines=self.settings.view_log_lines)
        rt.apply_rows(rows)
        return rt

    def seen(self, rt: Runtime, seat: int) -> None:
        """The person at ``seat`` is here now (a move or a view over HTTP or a socket): their
        grace period starts again. Noted in memory; the sweep writes what was noted, for every
        table in one transaction off the event loop (``flush_seen``), within a second."""
        rt.seen_at[seat] = time.time()
        self._unseen.add(rt)

    async def flush_seen(self) -> None:
        """Write the presence noted by ``seen`` since the last flush: every table in one
        transaction, each seat seen as of now (at most one sweep after it was)."""
        if not self._unseen:
            return
        noted, self._unseen = self._unseen, set()
        held = [(rt.row.id, sorted(rt.seen_at)) for rt in noted]
        for rt in noted:
            rt.seen_at = {}
        try:
            await asyncio.to_thread(self.store.seen_many, held, time.time())
        except SQLAlchemyError as err:  # presence is best effort; the move says the rest
            log.warning("presence could not be written: %s", err)

    async def catch_up(self, rt: Runtime, reload_row: bool = False) -> bool:
        """Apply moves other processes wrote; ``True`` if anything changed. With SQLite this
        process is the only writer and its copy has every move: only ``reload_row`` reads the
        table's row again."""
        if not self.store.is_postgres and not reload_row and rt.row.moves == rt.n:
            return False
        changed = False
        for _ in range(5):
            rows = await self.db(self.store.moves, rt.row.id, rt.n)
            if rows:
                rt.apply_rows(rows)
                changed = True
            if not (rows or reload_row or rt.row.moves != rt.n):
                break
            row = await self.db(self.store.table, rt.row.id)
            if row is None:
                break
            if row.moves > rt.n:
                # a move landed between the two reads: fetch it before taking the row's status,
                # or a page could see "finished" one move early
                reload_row = True
                continue
            rt.row = row
            rt.row.moves = max(row.moves, rt.n)
            rt.sync_clock()
            break
        return changed

    # -- moves -----------------------------------------------------------------------------
    async def submit(self, tid: str, seat: int, n: Any, action: Any,
                     pid: str | None = None) -> dict[str, Any]:
        """Make ``action`` for ``seat`` as move number ``n`` (compare-and-set). ``pid``: the
        guest who sends it, who must hold the seat now; ``None``: this server's bot of a bot
        seat. The store checks the holder again in the transaction that writes the move."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise ServerError("bad_request", "a move needs 'n', the move number it expects (an integer)")
        if isinstance(action, bool) or not isinstance(action, int):
            raise ServerError("bad_request", "a move needs 'action', an integer action id")
        rt = await self.runtime(tid)
        async with rt.lock:
            if n != rt.n or rt.row.status != "playing":
                # our copy may be behind another process; the database decides either way
                await self.catch_up(rt, reload_row=rt.row.status != "playing")
            if rt.row.status == "waiting":
                raise ServerError("not_started", "the table is waiting for players; no moves yet")
            current = rt.n
            if n != current:
                if 0 <= n < current and rt.movers[n] == seat and rt.actions[n] == action:
                    return {"type": "ack", "n": n, "now": current, "duplicate": True}
                raise ServerError(
                    "stale", f"move {n} is not the next move; the table is at move {current}",
                    now=current)
            self._check_mover(rt, seat, pid)
            new = rt.state.clone()
            try:  # the kernel refuses a finished game, another seat's turn, an illegal id
                new.apply_action(action, seat=seat)
            except GameError as err:
                raise ServerError(err.code, str(err)) from None
            entries = [(action, seat)]
            entries += self._chance(rt, new)
            await self._commit(rt, current, new, entries, mover=(seat, pid))
        self.stats["moves"] += 1
        self.after_change(rt)
        return {"type": "ack", "n": current, "now": current + len(entries)}

    @staticmethod
    def _check_mover(rt: Runtime, seat: int, pid: str | None) -> None:
        if pid is not None and not rt.holds(seat, pid):
            raise ServerError("forbidden", f"you do not hold seat {seat} at this table")
        if pid is None and not (0 <= seat < len(rt.row.seats) and rt.row.seats[seat].kind == "bot"):
            raise ServerError("forbidden", f"seat {seat} is not a bot seat")

    def _chance(self, rt: Runtime, state: Any) -> list[tuple[int, int]]:
        out = []
        while not state.is_terminal() and state.is_chance_node():
            a = sample_chance(state, rt.rng)
            state.apply_action(a)
            out.append((a, CHANCE))
        return out

    async def _commit(self, rt: Runtime, start: int, new: Any, entries: list[tuple[int, int]],
                      mover: tuple[int, str | None] | None = None) -> None:
        result = {"returns": new.returns()} if new.is_terminal() else None
        now = time.time()
        clock = clock_state = None
        if rt.clock is not None:  # the mover's turn is charged, the next turn starts now
            first = entries[0][1]
            person = first >= 0 and rt.clocked()[first]
            clock = rt.clock.copy()
            clock.moved(first if first >= 0 else None, person, now)
            clock_state = clock.state_json(now)
        try:
            await self.db(self.store.append, rt.row.id, start, entries, result, mover,
                          clock_state)
        except SQLAlchemyError as err:  # the database failed (full disk, corrupt file): say so
            log.error("table %s: move %s could not be stored: %s", rt.row.id, start, err)
            raise ServerError("unavailable", "the move could not be stored (the server's "
                                             "database failed); it was not made") from None
        except Conflict:
            self.stats["conflicts"] += 1
            await self.catch_up(rt, reload_row=True)
            if mover is not None:  # the seat may have changed hands on another process
                self._check_mover(rt, *mover)
            raise ServerError("stale", f"move {start} was made by someone else first; "
                                       f"the table is at move {rt.n}", now=rt.n) from None
        rt.state = new
        rt.movers.extend(s for _, s in entries)
        rt.actions.extend(a for a, _ in entries)
        rt.row.moves = new.move_number()
        rt.row.updated = now
        if clock is not None:
            rt.clock = clock
            rt.clock_text = rt.row.clock_state = clock_state
        if result is not None:
            rt.row.status = "finished"
            rt.row.result = result
            await self.game_over(rt)

    def heard_moves(self, rt: Runtime, body: dict[str, Any]) -> bool:
        """Another process stored moves of the table and said them (``Store.append``): apply
        them without reading them back, if they follow on from this copy; ``False`` if they do
        not (the caller catches up from the database)."""
        if rt.n != body.get("from") or rt.row.status != "playing":
            return False
        rt.apply_rows([(rt.n + i, int(a), int(s)) for i, (a, s) in enumerate(body["moves"])])
        rt.row.moves = rt.n
        rt.row.updated = time.time()
        if body.get("clock") is not None:
            rt.row.clock_state = body["clock"]
            rt.sync_clock()
        if body.get("result") is not None:
            rt.row.status = "finished"
            rt.row.result = body["result"]
        return True

    async def game_over(self, rt: Runtime) -> None:
        """A game just ended (by its rules, a resignation or a draw): the seats bots kept for
        absent people are theirs again, and the replay's marks are worked out."""
        if any(s.away for s in rt.row.seats):
            try:
                if await self.db(self.store.give_back_seats, rt.row.id):
                    row = await self.db(self.store.table, rt.row.id)
                    if row is not None:
                        rt.row = row
            except SQLAlchemyError as err:  # the result stands; the seats stay the bots'
                log.warning("table %s: kept seats could not be given back: %s", rt.row.id, err)
        self.replays.finished(rt)

    async def deal_chance(self, rt: Runtime) -> None:
        """Deal or roll whatever chance is to move now (after a crash between a start and the
        first deal), and tell the pages."""
        async with rt.lock:
            if rt.state.is_chance_node():
                new = rt.state.clone()
                entries = self._chance(rt, new)
                with contextlib.suppress(ServerError):
                    await self._commit(rt, rt.n, new, entries)
        self.broadcast(rt)

    async def start_if_full(self, rt: Runtime) -> None:
        """Start the game once every seat is held; deal/roll whatever chance comes first."""
        async with rt.lock:
            await self.catch_up(rt, reload_row=True)
            if rt.row.status == "waiting" and all(
                s.kind == "bot" or s.player_id for s in rt.row.seats
            ):
                # every seat's time starts now, not when the table was made or loaded
                started = None
                if rt.clock is not None:
                    now = time.time()
                    rt.clock.start(now)
                    started = rt.clock_json(now)
                if await self.db(self.store.start, rt.row.id, started):
                    rt.row.status = "playing"
                else:  # another process started it, with its clock
                    await self.catch_up(rt, reload_row=True)
            if rt.row.status == "playing" and rt.n == 0 and rt.state.is_chance_node():
                new = rt.state.clone()
                entries = self._chance(rt, new)
                with contextlib.suppress(ServerError):
                    await self._commit(rt, 0, new, entries)
        self.after_change(rt)

    # -- after every change ----------------------------------------------------------------
    def after_change(self, rt: Runtime) -> None:
        self.broadcast(rt)
        self.schedule_bots(rt)

    def broadcast(self, rt: Runtime) -> None:
        clock = rt.clock_message(time.time())
        for conn in list(rt.conns):
            conn.push_change(rt)
            if clock is not None:
                conn.push(clock)

    def schedule_bots(self, rt: Runtime) -> None:
        self.driver.schedule(rt)

    # -- seats -----------------------------------------------------------------------------
    async def seats_changed(self, rt: Runtime) -> None:
        async with rt.lock:
            before = rt.clocked()
            await self.catch_up(rt, reload_row=True)
            await self._restart_turn(rt, before)
        await self.publish(rt.row.id, "seats")
        await self.start_if_full(rt)

    async def _restart_turn(self, rt: Runtime, before: list[bool]) -> None:
        """A person took back from a bot the seat that is to move: its turn starts now (the
        bot's time is on no clock)."""
        player = rt.state.current_player()
        if (rt.clock is None or not rt.clock.running or rt.row.status != "playing"
                or player < 0 or before[player] or not rt.clocked()[player]):
            return
        now = time.time()
        rt.clock.restart_turn(now)
        try:
            await self.db(self.store.save_clock, rt.row.id, rt.clock_json(now))
        except SQLAlchemyError as err:  # kept in memory; the next move writes it
            log.warning("table %s: its clock could not be stored: %s", rt.row.id, err)

    # -- between processes (PostgreSQL) ---------------------------------------------------
    def _notify(self, payload: str) -> None:
        import sqlalchemy as sa

        with self.store.engine.begin() as conn:
            conn.execute(sa.text("SELECT pg_notify('garrison', :p)"), {"p": payload})

    async def publish(self, tid: str, kind: str, body: dict[str, Any] | None = None) -> None:
        """Tell the other processes on this database that table ``tid`` changed (``kind``:
        ``seats``, ``chat``, ``presence``, ``rematch``, ``ended``), with what changed (``body``, as JSON).
        Moves tell them in the transaction that writes them (``Store.append``). Nothing to do
        with SQLite, which serves one process."""
        if not self.store.is_postgres:
            return
        payload = f"{tid}:{kind}:{self.store.origin}"
        if body is not None:
            payload += "|" + dumps(body)
        if len(payload.encode()) > NOTIFY_MAX:  # too much to say: the others read the table
            payload = f"{tid}:{kind}:{self.store.origin}"
        try:
            await asyncio.to_thread(self._notify, payload)
        except SQLAlchemyError as err:  # the others catch up with the next move or look-up
            log.warning("table %s: could not tell the other processes of %s: %s", tid, kind, err)

    def publish_soon(self, tid: str, kind: str, body: dict[str, Any] | None = None) -> None:
        """``publish`` without waiting for it (from code that does not await)."""
        if not self.store.is_postgres or self.loop is None:
            return
        task = self.loop.create_task(self.publish(tid, kind, body))
        self.tasks.append(task)
        task.add_done_callback(self._forget_task)

    def _forget_task(self, task: asyncio.Task[Any]) -> None:
        if task in self.tasks:
            self.tasks.remove(task)

    async def remote_change(self, payload: str) -> None:
        """Another process changed a table: catch up and tell our connections."""
        head, _, text = payload.partition("|")
        parts = head.split(":")
        if len(parts) != 3 or parts[2] == self.store.origin:
            return
        tid, kind, origin = parts
        rt = self.runtimes.get(tid)
        if rt is None:
            return
        body = json.loads(text) if text else None
        if kind == "chat" and body is not None:
            room.heard_chat(rt, body)
            return
        if kind == "presence" and body is not None:
            room.heard_presence(self, rt, origin, body)
            return
        async with rt.lock:
            if not (kind == "moves" and body is not None and self.heard_moves(rt, body)):
                await self.catch_up(rt, reload_row=True)
        if kind in ("rematch", "ended") and body is not None:  # said to this process's pages too
            room.tell(rt, body)
            if kind == "rematch":
                return
        self.after_change(rt)  # our pages learn of it; our bots move if we drive this table

    async def revoked(self, epochs: dict[str, int] | None = None) -> None:
        """Close every socket whose guest signed out or was revoked since it signed in
        (``epochs``: the guests' token epochs now; read from the database if not given)."""
        conns = [k for rt in list(self.runtimes.values()) for k in rt.conns
                 if k.player_id is not None and k.epoch is not None]
        if not conns:
            return
        known = epochs is not None  # only these guests are checked
        if epochs is None:
            try:
                epochs = await self.db(self.store.token_epochs,
                                       sorted({k.player_id for k in conns if k.player_id}))
            except SQLAlchemyError as err:  # read again at the next sweep
                log.warning("token epochs could not be read: %s", err)
                return
        for k in conns:
            pid = k.player_id or ""
            if known and pid not in epochs:  # only the guests named are checked
                continue
            if epochs.get(pid) != k.epoch:
                k.signed_out()
