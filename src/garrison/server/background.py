"""The hub's background work: resuming tables after a start, the sweep (heartbeats of open
pages, SQLite checkpoints, absent players' seats to bots, idle waiting tables, leases of the bot
tables this process drives or takes over) and, with PostgreSQL, LISTEN for other processes."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import TYPE_CHECKING, Any

from .domain import room
from .hub import Hub, default_bot

if TYPE_CHECKING:
    from .domain.table import Runtime

log = logging.getLogger("garrison.server")


class Background:
    """What runs besides the requests, for one hub."""

    #: Seconds between SQLite checkpoints (see ``Store.checkpoint``), and between the writes
    #: that say a running clock still runs (``Clock.at``).
    CHECKPOINT_EVERY = 2.0
    #: A clock not said to run for this long ran in no process (the server was down).
    CLOCK_STALE = 3 * CHECKPOINT_EVERY

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._checkpointed = 0.0
        self._presence_said = 0.0

    async def resume_all(self) -> None:
        """After a start: every table in play whose turn is a bot's (or chance's) goes on, and
        the grace period of absent people starts afresh."""
        await self.hub.db(self.hub.store.all_seen, time.time())
        for tid in await self.hub.db(self.hub.store.tables_in_play):
            try:
                rt = await self.hub.runtime(tid)
            except Exception:
                log.exception("table %s cannot be rebuilt from its move log", tid)
                continue
            now = time.time()
            clock = rt.clock
            if clock is not None and clock.running and (
                    clock.at is None or clock.stopped or now - clock.at > self.CLOCK_STALE):
                # no process ran it since: the time the server was down is nobody's (a state
                # written before clocks said when they last ran: the turn starts again)
                if clock.at is None:
                    clock.restart_turn(now)
                clock.resume(now)
                await self.hub.db(self.hub.store.save_clock, rt.row.id, rt.clock_json(now))
            self.hub.schedule_bots(rt)

    async def sweep_forever(self) -> None:
        beat = 0.0
        while True:
            await asyncio.sleep(self.hub.settings.sweep_every)
            try:
                beat = await self.sweep(beat)
            except Exception:
                log.exception("sweep failed")

    async def sweep(self, last_beat: float) -> float:
        now = time.time()
        grace = self.hub.settings.grace
        beat_every = min(30.0, grace / 3) if grace > 0 else 30.0
        if now - last_beat >= beat_every:  # background work: in a thread, one transaction
            held = [(rt.row.id, sorted({c.seat for c in rt.conns if c.seat is not None}))
                    for rt in list(self.hub.runtimes.values()) if rt.row.status == "playing"]
            await asyncio.to_thread(self.hub.store.seen_many, [h for h in held if h[1]], now)
            last_beat = now
        await self.hub.flush_seen()
        if self.hub.store.is_postgres:
            await self.hub.driver.keep_leases(now)
        if now - self._checkpointed >= self.CHECKPOINT_EVERY:
            self._checkpointed = now
            await asyncio.to_thread(self.hub.store.checkpoint)
            await self._clocks_run(now)
        if grace > 0:
            for tid, seat in await self.hub.db(self.hub.store.absent_seats, now - grace):
                rt = await self.hub.runtime(tid)
                if any(c.seat == seat for c in rt.conns):
                    await self.hub.db(self.hub.store.seen, tid, [seat], now)
                    continue
                bot = default_bot(rt.game)
                if await self.hub.db(self.hub.store.seat_to_bot, tid, seat, bot, now - grace):
                    log.info("table %s: seat %s was away %ss; %s plays on", tid, seat, grace, bot)
                    async with rt.lock:
                        await self.hub.catch_up(rt, reload_row=True)
                    await self.hub.publish(tid, "seats")
                    self.hub.after_change(rt)
        if self.hub.settings.waiting_ttl > 0:
            for tid in await self.hub.db(self.hub.store.close_idle, now - self.hub.settings.waiting_ttl):
                closed = self.hub.runtimes.pop(tid, None)
                log.info("table %s waited %gs untouched and is closed", tid, self.hub.settings.waiting_ttl)
                if closed is not None:
                    closed.row.status = "closed"
                    self.hub.broadcast(closed)
        await self.hub.revoked()  # a sign-out in any process closes its sockets here too
        if self.hub.store.is_postgres and now - self._presence_said >= room.PRESENCE_EVERY:
            self._presence_said = now  # what this process has open, said again to the others
            for rt in list(self.hub.runtimes.values()):
                if any(k.room for k in rt.conns):
                    room.tell_presence(self.hub, rt)
        await self._clocks(now)
        for rt in list(self.hub.runtimes.values()):
            if self._idle(rt, now):  # the database has it all: loaded again when asked for
                self.hub.runtimes.pop(rt.row.id, None)
            else:
                self.hub.schedule_bots(rt)
        return last_beat

    async def _clocks(self, now: float) -> None:
        """A person whose clock ran out has the move made for them (``BotDriver.out_of_time``)."""
        for rt in list(self.hub.runtimes.values()):
            if rt.clock is None or rt.row.status != "playing" or rt.state.is_terminal():
                continue
            player = rt.state.current_player()
            if player < 0 or not rt.clocked()[player]:
                continue
            if rt.clock.remaining(player, now) <= 0 and not rt.timing_out:
                rt.timing_out = True  # one such move at a time, off the sweep's own loop
                task = asyncio.create_task(self.hub.driver.out_of_time(rt, player))
                self.hub.tasks.append(task)
                task.add_done_callback(functools.partial(self._timed_out, rt))

    async def stop_clocks(self) -> None:
        """The server stops: write where every running clock stands now, as stopped."""
        await self._clocks_run(time.time(), stopped=True)

    async def _clocks_run(self, now: float, stopped: bool = False) -> None:
        """Write that the running clocks of this process still run, so that a restart knows
        from when on nobody ran them (``Clock.resume``)."""
        running = [rt for rt in self.hub.runtimes.values()
                   if rt.clock is not None and rt.clock.running and rt.row.status == "playing"
                   and not rt.state.is_terminal()]
        if not running:
            return
        batch = [(rt.row.id, rt.clock_text, rt.clock_json(now, stopped)) for rt in running]
        written = await asyncio.to_thread(self.hub.store.checkpoint_clocks, batch)
        for rt, (tid, old, _) in zip(running, batch, strict=True):
            if tid not in written:  # another process wrote it: read it with the next catch-up
                rt.clock_text = old

    def _timed_out(self, rt: Runtime, task: asyncio.Task[Any]) -> None:
        rt.timing_out = False
        if task in self.hub.tasks:
            self.hub.tasks.remove(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: the move for a seat out of time failed: %r", rt.row.id,
                      task.exception())

    #: Seconds a table nobody watches stays in memory after its last change.
    RELEASE_AFTER = 60.0

    #: Seconds a table stays in memory after a request looked it up: a request holds the table
    #: across awaits, and what it leaves there (a rematch offer, say) must not go to a copy the
    #: sweep has already let go.
    KEEP_AFTER_USE = 10.0

    def _idle(self, rt: Runtime, now: float) -> bool:
        """Whether a table may leave memory: nobody watches it, no request has looked it up for
        ``KEEP_AFTER_USE`` seconds, no bot of it is moving, and it is over, or closed, or has not
        changed for ``RELEASE_AFTER`` seconds."""
        if rt.conns or (rt.bot_task is not None and not rt.bot_task.done()):
            return False
        if now - rt.used < self.KEEP_AFTER_USE:
            return False
        if rt.clock is not None and rt.row.status == "playing":
            return False  # its clock runs here
        if rt.row.status == "playing" and not rt.state.is_terminal():
            player = rt.state.current_player()
            if player < 0 or rt.row.seats[player].kind == "bot":
                return False  # its bots play on (scheduled below)
        return (rt.row.status in ("finished", "closed")
                or now - rt.row.updated > self.RELEASE_AFTER)

    def _heard(self, payload: str) -> None:
        """On the event loop: another process changed a table."""
        asyncio.ensure_future(self.hub.remote_change(payload))

    def listen(self, stop: Any) -> None:
        """PostgreSQL only: LISTEN for other processes' changes (runs in its own thread)."""
        import psycopg

        url = self.hub.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute("LISTEN garrison")
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            if self.hub.loop is not None:
                                self.hub.loop.call_soon_threadsafe(self._heard, note.payload)
            except Exception:
                log.exception("LISTEN connection lost; reconnecting")
                stop.wait(1.0)

