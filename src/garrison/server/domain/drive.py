"""Driving a table's bot seats: one task per table plays the bots (and any pending chance) until
a person is to move, under this process's lease (PostgreSQL), through the fair worker pool and
within the operator's limits.

A bot is built and asked for its move inside one error handler: a bot that cannot be built (a
stored name this server no longer takes) or fails, or takes longer than its budget, is replaced
for that move by a quick legal move, and the table is told so in words that name no move (each
seat learns the move itself from its own view, through the game's gate).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import TYPE_CHECKING

from garrison.bots import make_bot
from garrison.bots.levels import levels
from garrison.core import CHANCE, GameError
from garrison.core.seats import seat_label

from ..errors import ServerError
from ..net import outgoing

if TYPE_CHECKING:
    from ..hub import Hub
    from .table import Runtime

log = logging.getLogger("garrison.server")

#: Seconds past a bot's budget that the table waits before moving for it (a search bot stops
#: itself at the budget; this covers its last simulation and the hop back from the worker).
MARGIN = 0.5


class BotDriver:
    """Plays the bot seats of the hub's tables."""

    #: Seconds a lease lasts; the sweep renews the leases of this process every second or so.
    LEASE_SECONDS = 5.0

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        #: Stand-in moves made so far, per table.
        self.stand_ins: Counter[str] = Counter()

    def schedule(self, rt: Runtime) -> None:
        """Start the table's bot task if a bot (or chance) is to move and none runs."""
        if rt.bot_task is not None and not rt.bot_task.done():
            return
        if rt.row.status != "playing" or rt.state.is_terminal():
            return
        player = rt.state.current_player()
        if player == CHANCE or rt.row.seats[player].kind == "bot":
            rt.bot_task = asyncio.create_task(self.drive(rt))

    async def may_drive(self, rt: Runtime) -> bool:
        """Whether this process drives the table's bots now. One process does: with PostgreSQL
        it takes a lease in the database, which another process takes over when it expires (the
        driver died). SQLite serves one process, which always drives."""
        hub = self.hub
        if not hub.store.is_postgres:
            return True
        now = time.time()
        if rt.lease_until > now + 1.0:
            return True
        until = now + self.LEASE_SECONDS
        rt.lease_until = until if await hub.db(hub.store.take_lease, rt.row.id, until, now) else 0.0
        return rt.lease_until > 0

    async def drive(self, rt: Runtime) -> None:
        """Play the bot seats (and any pending chance) until a person is to move."""
        hub = self.hub
        if not await self.may_drive(rt):
            return
        while rt.row.status == "playing" and not rt.state.is_terminal():
            if not await self.may_drive(rt):  # another process took the table over
                return
            player = rt.state.current_player()
            if player == CHANCE:  # only after a crash between start and the first deal
                await hub.deal_chance(rt)
                continue
            if rt.row.seats[player].kind != "bot":
                return
            if hub.settings.bot_delay > 0:
                await asyncio.sleep(hub.settings.bot_delay)
            n = rt.n
            if rt.state.current_player() != player:
                continue
            action = await self.bot_move(rt, player)
            try:
                await hub.submit(rt.row.id, player, n, int(action))
                hub.stats["bot_moves"] += 1
            except ServerError as err:
                if err.code != "stale":
                    log.error("bot move refused at table %s: %s", rt.row.id, err)
                    return

    async def bot_move(self, rt: Runtime, player: int) -> int:
        """The move of the bot of seat ``player``: its own, or a stand-in said to the table."""
        budget = self.hub.settings.bot_move_seconds
        name = rt.row.seats[player].bot
        try:
            bot = rt.bot_for(player, self.hub.settings.bot_limits)
            snapshot = rt.state.clone()
            action = await self.hub.pool.run(rt.row.owner or rt.row.id, bot.step, snapshot,
                                             timeout=budget + MARGIN)
            if action not in rt.state.legal_actions():
                raise GameError(f"bot {name} chose action {action!r}, which is not legal here")
            return int(action)
        except TimeoutError:
            return self.stand_in(rt, player, f"took longer than {budget:g} s")
        except Exception as err:  # a bot's own failure (or its name's): shown, never hidden
            log.exception("bot %s failed at table %s", name, rt.row.id)
            return self.stand_in(rt, player, f"failed ({type(err).__name__}: {err})"
                                 if isinstance(err, GameError) else
                                 f"failed ({type(err).__name__})")

    async def out_of_time(self, rt: Runtime, player: int) -> None:
        """The person at ``player`` let the clock run out: the game's own quick bot makes this
        move for them, and the table is told so (in words that name no move)."""
        seat = rt.row.seats[player]
        name = levels(rt.game)["good"]
        bot = make_bot(rt.game, name, player, seed=rt.rng.randrange(2**31))
        bot.time_limit = self.hub.settings.bot_move_seconds
        n = rt.n
        try:
            action = await self.hub.pool.run(rt.row.owner or rt.row.id, bot.step, rt.state.clone(),
                                             timeout=bot.time_limit + MARGIN)
        except TimeoutError:
            action = rt.rng.choice(rt.state.legal_actions())
        try:
            await self.hub.submit(rt.row.id, player, n, int(action), pid=seat.player_id)
        except ServerError as err:  # the person moved in the meantime, or left the seat
            log.info("table %s: no move for %s out of time: %s", rt.row.id, seat_label(player), err)
            return
        message = (f"{seat_label(player)}'s time ran out; the bot {name} made the move for them")
        log.info("table %s: %s", rt.row.id, message)
        for conn in list(rt.conns):
            conn.push(outgoing.notice(message))

    def stand_in(self, rt: Runtime, player: int, why: str) -> int:
        """A quick legal move for a bot that could not give one, said to the table. The notice
        names no move: the move is hidden information for some games (a Stratego setup), and
        every seat reads it in its own view's log, through the game's gate."""
        name = rt.row.seats[player].bot
        action = rt.rng.choice(rt.state.legal_actions())
        message = (f"{seat_label(player)}'s bot {name} {why}; the server made a quick legal "
                   f"move for it")
        log.warning("table %s: %s", rt.row.id, message)
        self.hub.stats["stand_ins"] += 1
        self.stand_ins[rt.row.id] += 1
        for conn in list(rt.conns):
            conn.push(outgoing.notice(message))
        return action

    async def keep_leases(self, now: float) -> None:
        """Renew this process's leases; take over the bot tables of a process that died."""
        hub = self.hub
        mine = [rt for rt in hub.runtimes.values() if rt.lease_until > now]
        held = await hub.db(hub.store.renew_leases, [rt.row.id for rt in mine],
                            now + self.LEASE_SECONDS)
        for rt in mine:
            rt.lease_until = now + self.LEASE_SECONDS if rt.row.id in held else 0.0
        for tid in await hub.db(hub.store.orphans, now):
            try:
                rt = await hub.runtime(tid)
            except ServerError:
                continue
            async with rt.lock:
                await hub.catch_up(rt, reload_row=True)
            log.info("table %s: its driver's lease ran out; this process takes it over", tid)
            self.schedule(rt)


__all__ = ["MARGIN", "BotDriver"]
