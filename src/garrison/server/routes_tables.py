"""A table's HTTP routes: the view of a seat, moves, the replay and the record of a finished game."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Query

from .context import Ctx, Guest, MaybeGuest, held_seat
from .errors import ServerError
from .models import MAX_PLAYERS, MoveIn, TableId

router = APIRouter()


@router.get("/api/tables/{tid}/view")
async def get_view(c: Ctx, tid: TableId, pid: MaybeGuest,
                   seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS)] = None) -> dict[str, Any]:
    rt = await c.hub.runtime(tid)
    async with rt.lock:
        await c.hub.catch_up(rt, reload_row=True)
    mine = await held_seat(rt, pid, seat) if seat is not None else None
    if mine is not None:  # a page that polls over HTTP is here
        await c.hub.seen(rt, mine)
    return rt.view(mine)

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

@router.post("/api/tables/{tid}/moves")
async def move(c: Ctx, tid: TableId, body: MoveIn, pid: Guest) -> dict[str, Any]:
    rt = await c.hub.runtime(tid)
    seat = await held_seat(rt, pid, body.seat)
    if seat is None:
        raise ServerError("forbidden", "you hold no seat at this table")
    await c.hub.seen(rt, seat)
    return await c.hub.submit(tid, seat, body.n, body.action, pid=pid)

@router.get("/api/tables/{tid}/replay", responses={409: {"description": "still in play"}})
async def replay_step(c: Ctx, tid: TableId, pid: MaybeGuest,
                      n: Annotated[int, Query(ge=0, lt=2**31)] = 0,
                      seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS)] = None,
                      ) -> dict[str, Any]:
    """The view after the first ``n`` moves of a finished game: the spectator's, or with
    ``seat`` the view of a seat the guest held. ``steps`` are the move numbers worth showing
    (after each player's move: chance steps show nothing new)."""
    rt = await c.hub.runtime(tid)
    if rt.row.status != "finished":
        raise ServerError("conflict", "this game is still in play: watch it live; its replay "
                                      "opens when it is over")
    if seat is not None and not rt.holds(seat, pid):
        raise ServerError("forbidden", f"you did not play seat {seat} at this table")
    # replaying n moves takes a while on a long game: off the event loop
    return await asyncio.to_thread(_replay_view, rt, n, seat)


def _replay_view(rt: Any, n: int, seat: int | None) -> dict[str, Any]:
    state = rt.game.new_initial_state()  # the table's own game: no file read again
    for action in rt.actions[:n]:
        state.apply_action(action)
    obs = state.observation(seat)
    try:
        text = rt.game.render(obs)
    except Exception:  # a view that cannot render is shown as data only
        text = None
    ui = None
    if rt.widgets is not None:
        with contextlib.suppress(Exception):
            ui = rt.widgets(obs, [])
    steps = [0] + [k + 1 for k, mover in enumerate(rt.movers) if mover >= 0]
    return {"n": state.move_number(), "total": rt.n, "obs": obs, "text": text, "ui": ui,
            "table": rt.meta(), "seat": seat, "steps": sorted(set(steps + [rt.n]))}

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

