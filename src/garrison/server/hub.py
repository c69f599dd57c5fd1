"""Live tables: the state rebuilt from the move log, moves with compare-and-set, bots, fan-out.

One ``Runtime`` per table that this process has touched. It holds the kernel state replayed
from the database, an asyncio lock that serialises the table's moves inside this process, the
bots of bot seats, and the open connections. The database is the authority: before every move
the runtime reads any moves another process appended, and a write for a move number that is
already taken fails (``db.Conflict``), so two processes can never both make move ``n``.

What a connection receives is built by ``view``: the table's public facts, the seat's
``observation(seat)`` (``None`` for spectators), the game's text view of that observation, and
— only for the seat to move — its legal actions with their texts. Nothing else of the state
leaves the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import Any

from garrison.bots import bot_names, make_bot
from garrison.core import CHANCE, GameError, load, sample_chance
from garrison.core.seats import seat_label

from .bots import FairBotPool
from .config import Settings
from .db import Conflict, Store, TableRow
from .errors import ServerError
from .wire import diff, dumps

log = logging.getLogger("garrison.server")


def default_bot(game: Any) -> str:
    """The strongest bot a game offers (a game lists its own bots strongest last)."""
    own = list(game.bots)
    return own[-1] if own else "random"


class Conn:
    """One WebSocket: who it is, which seat it watches, and an ordered outbox."""

    def __init__(self, send: Any, seat: int | None, player_id: str | None,
                 close_socket: Any = None, delta: bool = False) -> None:
        self.send = send
        self.close_socket = close_socket
        self.seat = seat
        self.player_id = player_id
        #: Whether this page takes deltas (``delta=1``), and the view it holds now.
        self.delta = delta
        self.held: dict[str, Any] | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.writer = asyncio.create_task(self._write())

    #: A page this far behind is dropped; it reconnects and gets the current view.
    MAX_BACKLOG = 256

    def push(self, message: dict[str, Any] | str) -> None:
        if self.outbox.qsize() >= self.MAX_BACKLOG:
            self.outbox.put_nowait(None)  # the writer stops; the socket is closed below
            return
        if not isinstance(message, str):
            message = dumps(message)
        self.outbox.put_nowait(message)

    def audience(self, rt: Runtime) -> int | None:
        """The seat this socket may see and act for now: its seat while its guest still holds
        it, else none (it watches from then on, and is told once)."""
        seat = self.seat
        if seat is not None and not rt.holds(seat, self.player_id):
            self.seat = None
            self.held = None  # the next message is a whole spectator view
            self.push({"type": "seat_lost", "seat": seat,
                       "message": f"{seat_label(seat)} is no longer yours at this table; "
                                  "you are watching"})
            return None
        return seat

    def push_view(self, rt: Runtime, extra: dict[str, Any] | None = None) -> None:
        """The whole current view (with ``extra`` facts such as ``missed``)."""
        seat = self.audience(rt)
        view = rt.view(seat)
        self.held = view
        self.push({**view, **extra} if extra else rt.view_text(seat))

    def push_change(self, rt: Runtime) -> None:
        """What changed since the view this page holds: a delta, or the whole view."""
        seat = self.audience(rt)
        if not self.delta or self.held is None:
            self.push_view(rt)
            return
        view = rt.view(seat)
        if view is self.held:
            return
        text = rt.delta_text(self.held, view)
        self.held = view
        self.push(text)

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                if self.close_socket is not None:
                    with contextlib.suppress(Exception):
                        await self.close_socket()
                return
            try:
                await self.send(text)
            except Exception:  # the socket is gone; the reader side cleans up
                return

    async def close(self) -> None:
        self.close_socket = None  # the caller closes (or has closed) the socket itself
        self.outbox.put_nowait(None)
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer, 2)


class Runtime:
    """One table in this process."""

    def __init__(self, row: TableRow, options: dict[str, Any] | None = None) -> None:
        """``options``: the row's options with any operator file names resolved to files."""
        self.row = row
        self.game = load(row.game, **(row.options if options is None else options))
        self.state = self.game.new_initial_state()
        self.movers: list[int] = []  # seat (or -1) of each move
        self.actions: list[int] = []  # the move log as this process knows it
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.bots: dict[int, Any] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.rng = random.SystemRandom()
        #: per audience (seat, status, seats): (move number, the view, its JSON text once asked)
        self._views: dict[Any, list[Any]] = {}
        self._deltas: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], str]] = {}
        self.widgets = getattr(self.game, "widgets", None)
        #: Until when this process holds the lease to drive the table's bots (PostgreSQL).
        self.lease_until = 0.0

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

    def bot_for(self, seat: int) -> Any:
        s = self.row.seats[seat]
        bot = self.bots.get(seat)
        if bot is None or getattr(bot, "_garrison_name", None) != s.bot:
            bot = make_bot(self.game, s.bot or "random", seat, seed=self.rng.randrange(2**31))
            bot._garrison_name = s.bot
            self.bots[seat] = bot
        return bot

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now (cached per move number and seat)."""
        key = (seat, self.row.status, tuple((s.kind, s.player_id) for s in self.row.seats))
        hit = self._views.get(key)
        if hit is not None and hit[0] == self.n:
            return hit[1]
        state = self.state
        obs = state.observation(seat)
        player = state.current_player()
        to_move = player if player >= 0 else None
        ids: list[int] = []
        if seat is not None and seat == to_move and self.row.status == "playing":
            ids = state.legal_actions()
        legal = [{"id": a, "text": state.action_to_string(a)} for a in ids]
        try:
            text = self.game.render(obs)
        except Exception:  # a view that cannot render is shown as data only
            text = None
        ui = None
        if self.widgets is not None:
            try:  # the game's cards, squares and dice: from the observation and own actions only
                ui = self.widgets(obs, list(ids))
            except Exception:
                log.exception("widgets of %s failed; the page falls back to buttons", self.row.game)
        view = {
            "type": "view", "table": self.meta(), "n": self.n, "seat": seat,
            "to_move": to_move, "status": self.row.status, "obs": obs, "text": text,
            "legal": legal, "ui": ui,
            "returns": state.returns() if state.is_terminal() else None,
        }
        if any(v[0] != self.n for v in self._views.values()):
            self._views = {k: v for k, v in self._views.items() if v[0] == self.n}
            self._deltas.clear()
        self._views[key] = [self.n, view, None]
        return view

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
        entry = self._views[(seat, self.row.status, tuple((s.kind, s.player_id) for s in self.row.seats))]
        if entry[2] is None:
            entry[2] = dumps(entry[1])
        return entry[2]


def table_meta(row: TableRow, game: Any = None) -> dict[str, Any]:
    title = getattr(game, "title", None)
    if title is None:
        with contextlib.suppress(Exception):
            from garrison.core import game_class

            title = game_class(row.game).title
    return {
        "id": row.id, "game": row.game, "title": title or row.game, "options": row.options,
        "status": row.status, "moves": row.moves, "result": row.result,
        "created": row.created, "updated": row.updated,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "name": s.name if s.kind == "human" else None,
             "bot": s.bot if s.kind == "bot" else None, "taken": s.kind == "bot" or bool(s.player_id),
             "player": s.player_id}
            for s in row.seats
        ],
    }


class Hub:
    """Every live table of this process, plus the background work (bots, sweeps, listener)."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.runtimes: dict[str, Runtime] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.pool = FairBotPool(settings.bot_threads)
        self.tasks: list[asyncio.Task[Any]] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stats = {"moves": 0, "bot_moves": 0, "conflicts": 0}
        self.inline_db = not store.is_postgres and settings.inline_sqlite
        self._checkpointed = 0.0

    #: Seconds between SQLite checkpoints (see ``Store.checkpoint``).
    CHECKPOINT_EVERY = 2.0

    async def db(self, fn: Any, *args: Any) -> Any:
        """Run a database call. PostgreSQL calls wait on the network, so they run in a thread;
        SQLite calls of this one process take well under a millisecond of CPU, and a hop to a
        thread and back costs more than that on a busy machine, so they run right here."""
        if self.inline_db:
            return fn(*args)
        return await asyncio.to_thread(fn, *args)

    # -- loading ---------------------------------------------------------------------------
    async def runtime(self, tid: str) -> Runtime:
        rt = self.runtimes.get(tid)
        if rt is not None:
            return rt
        lock = self._loading.setdefault(tid, asyncio.Lock())
        async with lock:
            rt = self.runtimes.get(tid)
            if rt is not None:
                return rt
            row = await self.db(self.store.table, tid)
            if row is None:
                raise ServerError("not_found", f"there is no table {tid!r}")
            options = self.settings.option_files.resolve(row.game, row.options)
            # a game may read a file (an operator's card set): never on the event loop
            rt = await asyncio.to_thread(Runtime, row, options)
            rt.apply_rows(await self.db(self.store.moves, tid, 0))
            self.runtimes[tid] = rt
        self._loading.pop(tid, None)
        return rt

    async def catch_up(self, rt: Runtime, reload_row: bool = False) -> bool:
        """Apply moves other processes wrote; ``True`` if anything changed."""
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
            state = rt.state
            if state.is_terminal():
                raise ServerError("game_over", "the game is over; no more moves")
            player = state.current_player()
            if seat != player:
                who = "chance" if player == CHANCE else seat_label(player)
                raise ServerError("not_your_turn",
                                  f"it is not {seat_label(seat)}'s turn; {who} is to move")
            new = state.clone()
            try:
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
        try:
            await self.db(self.store.append, rt.row.id, start, entries, result, mover)
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
        if result is not None:
            rt.row.status = "finished"
            rt.row.result = result
        rt.row.updated = time.time()

    async def start_if_full(self, rt: Runtime) -> None:
        """Start the game once every seat is held; deal/roll whatever chance comes first."""
        async with rt.lock:
            await self.catch_up(rt, reload_row=True)
            if rt.row.status == "waiting" and all(
                s.kind == "bot" or s.player_id for s in rt.row.seats
            ):
                if await self.db(self.store.start, rt.row.id):
                    rt.row.status = "playing"
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
        for conn in list(rt.conns):
            conn.push_change(rt)

    def schedule_bots(self, rt: Runtime) -> None:
        if rt.bot_task is not None and not rt.bot_task.done():
            return
        if rt.row.status != "playing" or rt.state.is_terminal():
            return
        player = rt.state.current_player()
        if player == CHANCE or rt.row.seats[player].kind == "bot":
            rt.bot_task = asyncio.create_task(self._drive(rt))

    #: Seconds a lease lasts; the sweep renews the leases of this process every second or so.
    LEASE_SECONDS = 5.0

    async def _may_drive(self, rt: Runtime) -> bool:
        """Whether this process drives the table's bots now. One process does: with PostgreSQL
        it takes a lease in the database, which another process takes over when it expires (the
        driver died). SQLite serves one process, which always drives."""
        if not self.store.is_postgres:
            return True
        now = time.time()
        if rt.lease_until > now + 1.0:
            return True
        until = now + self.LEASE_SECONDS
        rt.lease_until = until if await self.db(self.store.take_lease, rt.row.id, until, now) else 0.0
        return rt.lease_until > 0

    async def _drive(self, rt: Runtime) -> None:
        """Play the bot seats (and any pending chance) until a person is to move."""
        if not await self._may_drive(rt):
            return
        while rt.row.status == "playing" and not rt.state.is_terminal():
            if not await self._may_drive(rt):  # another process took the table over
                return
            player = rt.state.current_player()
            if player == CHANCE:  # only after a crash between start and the first deal
                async with rt.lock:
                    if rt.state.is_chance_node():
                        new = rt.state.clone()
                        entries = self._chance(rt, new)
                        with contextlib.suppress(ServerError):
                            await self._commit(rt, rt.n, new, entries)
                self.broadcast(rt)
                continue
            if rt.row.seats[player].kind != "bot":
                return
            if self.settings.bot_delay > 0:
                await asyncio.sleep(self.settings.bot_delay)
            n = rt.n
            if rt.state.current_player() != player:
                continue
            snapshot = rt.state.clone()
            bot = rt.bot_for(player)
            budget = self.settings.bot_move_seconds
            try:
                action = await asyncio.wait_for(
                    self.pool.run(rt.row.owner or rt.row.id, bot.step, snapshot), budget)
            except TimeoutError:
                action = self._stand_in(rt, player, f"took longer than {budget:g} s")
            except Exception as err:  # a bot's own failure: shown in the log and to the table
                log.exception("bot %s failed at table %s", rt.row.seats[player].bot, rt.row.id)
                action = self._stand_in(rt, player, f"failed ({type(err).__name__})")
            try:
                await self.submit(rt.row.id, player, n, int(action))
                self.stats["bot_moves"] += 1
            except ServerError as err:
                if err.code != "stale":
                    log.error("bot move refused at table %s: %s", rt.row.id, err)
                    return

    def _stand_in(self, rt: Runtime, player: int, why: str) -> int:
        """A quick legal move for a bot that could not give one, said to the table."""
        name = rt.row.seats[player].bot
        action = rt.rng.choice(rt.state.legal_actions())
        message = (f"{seat_label(player)}'s bot {name} {why}; the server plays "
                   f"{rt.state.action_to_string(action)} for it")
        log.warning("table %s: %s", rt.row.id, message)
        for conn in list(rt.conns):
            conn.push({"type": "notice", "message": message})
        return action

    # -- seats -----------------------------------------------------------------------------
    async def seats_changed(self, rt: Runtime) -> None:
        async with rt.lock:
            await self.catch_up(rt, reload_row=True)
        if self.store.is_postgres:
            await self.db(self.notify, rt.row.id)
        await self.start_if_full(rt)

    def notify(self, tid: str) -> None:
        import sqlalchemy as sa

        with self.store.engine.begin() as conn:
            conn.execute(sa.text("SELECT pg_notify('garrison', :p)"),
                         {"p": f"{tid}:seats:{self.store.origin}"})

    async def remote_change(self, payload: str) -> None:
        """Another process changed a table: catch up and tell our connections."""
        tid, origin = payload.split(":", 1)[0], payload.rsplit(":", 1)[-1]
        if origin == self.store.origin:
            return
        rt = self.runtimes.get(tid)
        if rt is None:
            return
        async with rt.lock:
            await self.catch_up(rt, reload_row=True)
        self.after_change(rt)  # our pages learn of it; our bots move if we drive this table

    # -- background ------------------------------------------------------------------------
    async def resume_all(self) -> None:
        """After a start: every table in play whose turn is a bot's (or chance's) goes on, and
        the grace period of absent people starts afresh."""
        await self.db(self.store.all_seen, time.time())
        for tid in await self.db(self.store.tables_in_play):
            try:
                rt = await self.runtime(tid)
            except Exception:
                log.exception("table %s cannot be rebuilt from its move log", tid)
                continue
            self.schedule_bots(rt)

    async def sweep_forever(self) -> None:
        beat = 0.0
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                beat = await self.sweep(beat)
            except Exception:
                log.exception("sweep failed")

    async def sweep(self, last_beat: float) -> float:
        now = time.time()
        grace = self.settings.grace
        beat_every = min(30.0, grace / 3) if grace > 0 else 30.0
        if now - last_beat >= beat_every:  # background work: in a thread, one transaction
            held = [(rt.row.id, sorted({c.seat for c in rt.conns if c.seat is not None}))
                    for rt in list(self.runtimes.values()) if rt.row.status == "playing"]
            await asyncio.to_thread(self.store.seen_many, [h for h in held if h[1]], now)
            last_beat = now
        if self.store.is_postgres:
            await self._keep_leases(now)
        if now - self._checkpointed >= self.CHECKPOINT_EVERY:
            self._checkpointed = now
            await asyncio.to_thread(self.store.checkpoint)
        if grace > 0:
            for tid, seat in await self.db(self.store.absent_seats, now - grace):
                rt = await self.runtime(tid)
                if any(c.seat == seat for c in rt.conns):
                    await self.db(self.store.seen, tid, [seat], now)
                    continue
                bot = default_bot(rt.game)
                if await self.db(self.store.seat_to_bot, tid, seat, bot, now - grace):
                    log.info("table %s: seat %s was away %ss; %s plays on", tid, seat, grace, bot)
                    async with rt.lock:
                        await self.catch_up(rt, reload_row=True)
                    if self.store.is_postgres:
                        await self.db(self.notify, tid)
                    self.after_change(rt)
        if self.settings.waiting_ttl > 0:
            for tid in await self.db(self.store.close_idle, now - self.settings.waiting_ttl):
                rt = self.runtimes.pop(tid, None)
                log.info("table %s waited %gs untouched and is closed", tid, self.settings.waiting_ttl)
                if rt is not None:
                    rt.row.status = "closed"
                    self.broadcast(rt)
        for rt in list(self.runtimes.values()):
            if rt.row.status == "finished" and not rt.conns:
                self.runtimes.pop(rt.row.id, None)
            else:
                self.schedule_bots(rt)
        return last_beat

    async def _keep_leases(self, now: float) -> None:
        """Renew this process's leases; take over the bot tables of a process that died."""
        mine = [rt for rt in self.runtimes.values() if rt.lease_until > now]
        held = await self.db(self.store.renew_leases, [rt.row.id for rt in mine],
                             now + self.LEASE_SECONDS)
        for rt in mine:
            rt.lease_until = now + self.LEASE_SECONDS if rt.row.id in held else 0.0
        for tid in await self.db(self.store.orphans, now):
            try:
                rt = await self.runtime(tid)
            except ServerError:
                continue
            async with rt.lock:
                await self.catch_up(rt, reload_row=True)
            log.info("table %s: its driver's lease ran out; this process takes it over", tid)
            self.schedule_bots(rt)

    def listen(self, stop: Any) -> None:
        """PostgreSQL only: LISTEN for other processes' changes (runs in its own thread)."""
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute("LISTEN garrison")
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            if self.loop is not None:
                                self.loop.call_soon_threadsafe(
                                    lambda p=note.payload: asyncio.ensure_future(self.remote_change(p)))
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                stop.wait(1.0)

    def bot_choices(self, game: Any) -> list[str]:
        return bot_names(game)
