"""A table's HTTP routes: the view of a seat, moves, the replay and the record of a finished game."""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from .. import endings
from ..context import Ctx, Guest, MaybeGuest, held_seat
from ..domain import room
from ..errors import ServerError
from ..models import MAX_PLAYERS, DrawIn, MoveIn, RematchIn, SeatPick, TableId
from ..net.http import client_address

router = APIRouter()


@router.get("/api/tables/{tid}/view")
async def get_view(c: Ctx, tid: TableId, pid: MaybeGuest,
                   seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS)] = None) -> dict[str, Any]:
    rt = await c.hub.runtime(tid)
    async with rt.lock:
        await c.hub.catch_up(rt, reload_row=True)
    mine = await held_seat(rt, pid, seat) if seat is not None else None
    if mine is not None:  # a page that polls over HTTP is here
        c.hub.seen(rt, mine)
    return rt.view(mine)

@router.get("/api/tables/{tid}/clock")
async def get_clock(c: Ctx, tid: TableId) -> dict[str, Any]:
    """Where the table's clock stands now (the same for everyone; ``left`` is null for a seat
    that is not on the clock). 409 for a table without a clock or not in play."""
    rt = await c.hub.runtime(tid)
    message = rt.clock_message(time.time())
    if message is None:
        raise ServerError("conflict", "this table has no clock running (none was chosen, or "
                                      "the game is not in play)")
    return message

@router.get("/api/tables/{tid}/log")
async def get_log(c: Ctx, tid: TableId, pid: MaybeGuest,
                  before: Annotated[int, Query(ge=0, lt=2**31)],
                  count: Annotated[int, Query(ge=1, le=500)] = 100,
                  seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS)] = None) -> dict[str, Any]:
    """Older lines of the log a view shows (a view carries the newest only): up to ``count``
    lines before line ``before``, as ``seat`` (a seat the guest holds) or a spectator reads
    them."""
    rt = await c.hub.runtime(tid)
    mine = await held_seat(rt, pid, seat) if seat is not None else None
    return rt.log_page(mine, before, count)

@router.get("/api/tables/{tid}/away", responses={404: {"description": "no seat kept for you"}})
async def away(c: Ctx, tid: TableId, pid: Guest) -> dict[str, Any]:
    """The seat a bot keeps for you at this table (you stayed away past the grace period):
    since which move, and the moves it made for you, in your seat's own words."""
    rt = await c.hub.runtime(tid)
    async with rt.lock:
        await c.hub.catch_up(rt, reload_row=True)
    seat = rt.away_seat(pid)
    if seat is None:
        raise ServerError("not_found", "no bot plays a seat of yours at this table")
    return {"seat": seat, "since": rt.row.seats[seat].away_from, "bot": rt.row.seats[seat].bot,
            "moves": await asyncio.to_thread(rt.played_for, seat)}

@router.post("/api/tables/{tid}/reclaim", responses={409: {"description": "not your kept seat"}})
async def reclaim(c: Ctx, tid: TableId, body: SeatPick, pid: Guest) -> dict[str, Any]:
    """Take back the seat a bot played for you while you were away. Answers the table and
    ``played``: the moves the bot made for you (your seat's own words)."""
    rt = await c.hub.runtime(tid)
    async with rt.lock:
        await c.hub.catch_up(rt, reload_row=True)
    seats = rt.row.seats
    if not (body.seat < len(seats) and seats[body.seat].away and seats[body.seat].player_id == pid):
        raise ServerError("conflict", f"seat {body.seat} is not a seat a bot keeps for you here "
                                      "(it is yours to take back only after a bot took it "
                                      "while you were away)")
    if rt.row.status != "playing":
        raise ServerError("conflict", "the game is over; there is no seat to take back")
    played = await asyncio.to_thread(rt.played_for, body.seat)
    if not await c.hub.db(c.store.reclaim, tid, body.seat, pid):
        raise ServerError("conflict", f"seat {body.seat} was taken back already")
    await c.hub.seats_changed(rt)
    return {"table": rt.meta(), "seat": body.seat, "played": played}

@router.post("/api/tables/{tid}/moves")
async def move(c: Ctx, tid: TableId, body: MoveIn, pid: Guest) -> dict[str, Any]:
    rt = await c.hub.runtime(tid)
    seat = await held_seat(rt, pid, body.seat)
    if seat is None:
        raise ServerError("forbidden", "you hold no seat at this table")
    c.hub.seen(rt, seat)
    return await c.hub.submit(tid, seat, body.n, body.action, pid=pid)

@router.post("/api/tables/{tid}/rematch", responses={409: {"description": "still in play"}})
async def rematch(c: Ctx, tid: TableId, body: RematchIn, pid: Guest) -> dict[str, Any]:
    """Offer a rematch of the finished game, accept the offer, or decline it (``accept``:
    false), for the seat you hold; the answer is the offer's state (``table``: the new table
    once every seat accepted). Pages of the table hear of it over the WebSocket."""
    rt = await c.hub.runtime(tid)
    seat = await held_seat(rt, pid, None)
    return await room.rematch(c.hub, rt, seat, body.accept, pid)

@router.post("/api/tables/{tid}/resign", responses={409: {"description": "not in play"}})
async def resign(c: Ctx, tid: TableId, body: SeatPick, pid: Guest) -> dict[str, Any]:
    """Resign the seat you hold: a two-player game is over (the other seat wins); in a larger
    game a bot plays the seat on. Pages hear of it over the WebSocket."""
    rt = await c.hub.runtime(tid)
    return await endings.resign(c.hub, rt, await held_seat(rt, pid, body.seat))


@router.post("/api/tables/{tid}/draw", responses={409: {"description": "not in play"}})
async def draw(c: Ctx, tid: TableId, body: DrawIn, pid: Guest) -> dict[str, Any]:
    """Offer the other player of a two-player game a draw, accept theirs, or decline it
    (``accept``: false)."""
    rt = await c.hub.runtime(tid)
    return await endings.draw(c.hub, rt, await held_seat(rt, pid, None), body.accept)


@router.get("/api/tables/{tid}/replay", responses={409: {"description": "still in play"}})
async def replay_step(c: Ctx, tid: TableId, request: Request,
                      n: Annotated[int | None, Query(ge=0, lt=2**31)] = None,
                      step: Annotated[int | None, Query(ge=0, lt=2**31)] = None,
                      seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS)] = None,
                      every: Annotated[bool, Query(alias="all")] = False,
                      log_before: Annotated[int | None, Query(ge=0, lt=2**31)] = None,
                      ) -> dict[str, Any]:
    """A finished game as it was: after decision ``step`` (0: the table dealt, before the first
    decision; the counter counts players' decisions, never deals or dice), or after the first
    ``n`` moves of the log. Seen as a spectator, as ``seat``, or with ``all=1`` as every seat
    (each through its own observation): the game is over, and its whole record is public
    (``/record``). ``steps`` are the move numbers of the decisions, ``tricks`` and ``hands`` the
    steps where a trick or a hand begins (empty when the game has none). A view carries the
    newest log lines as a live view does (``log_total`` and ``log_start`` when there are more;
    ``log_before=k`` gives the lines before line k). 429 while a replay of the same address is
    still being built."""
    rt = await c.hub.runtime(tid)
    if rt.row.status != "finished":
        raise ServerError("conflict", "this game is still in play: watch it live; its replay "
                                      "opens when it is over")
    if seat is not None and seat >= len(rt.row.seats):
        raise ServerError("bad_request", f"there is no seat {seat} at this table "
                                         f"(seats 0 to {len(rt.row.seats) - 1})")
    return await c.hub.replays.view(rt, client_address(request), n, step, seat, every,
                                    log_before)

@router.get("/api/tables/{tid}/record", responses={409: {"description": "still in play"}})
async def record(c: Ctx, tid: TableId) -> dict[str, Any]:
    """A finished game as the kernel's JSON record (``garrison replay`` reads it)."""
    rt = await c.hub.runtime(tid)
    if rt.row.status != "finished":
        raise ServerError("conflict", "this game is still in play; its record is ready at "
                                      "the end")
    out = rt.state.to_record()
    out["options"] = dict(rt.row.options)  # the table's own words, never a server path
    out["table"] = rt.row.id
    return out

