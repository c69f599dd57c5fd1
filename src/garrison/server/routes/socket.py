"""Live play over the WebSocket: the handshake (Origin, the token as a subprotocol, socket caps),
then moves, syncs and pings. What is sent goes through the transport's seat check."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from .. import endings
from ..context import Ctx, ServerContext, claims_of_token, held_seat
from ..domain import room
from ..domain.auth import token_of_subprotocols
from ..errors import ServerError, error_body
from ..net import messages, outgoing
from ..net.bodies import json_depth
from ..net.http import Bucket, client_address, origin_allowed, small_number, too_many
from ..net.transport import Conn
from ..net.wire import dumps

if TYPE_CHECKING:
    from ..domain.table import Runtime

router = APIRouter()


@router.websocket("/ws/tables/{tid}")
async def play(c: Ctx, ws: WebSocket, tid: str) -> None:
    address = client_address(ws)
    wait = c.requests.wait(address)  # a handshake counts as a request
    if wait > 0:
        await ws.accept()
        await ws.send_text(dumps(too_many("connections", wait).as_dict()))
        await ws.close(code=4429)
        return
    if (c.sockets["total"] >= c.settings.max_ws_total
            or c.sockets["by"].get(address, 0) >= c.settings.max_ws_per_address):
        await ws.accept()
        await ws.send_text(dumps(error_body("rate_limited", "too many open connections; close "
                                                            "a tab and try again")))
        await ws.close(code=4429)
        return
    c.sockets["total"] += 1
    c.sockets["by"][address] = c.sockets["by"].get(address, 0) + 1
    try:
        await _play(c, ws, tid)
    finally:
        c.sockets["total"] -= 1
        c.sockets["by"][address] -= 1
        if not c.sockets["by"][address]:
            del c.sockets["by"][address]


async def _runtime_and_seat(c: ServerContext, tid: str, pid: str | None,
                            want: int | None) -> tuple[Any, int | None]:
    """The table's runtime, caught up, and the seat guest ``pid`` plays there (``want`` picks
    one). While this awaits, the sweep may let the table leave memory (it is over, and nobody
    watches it yet); a socket added to that released copy would hear nothing of the table again.
    So it looks again until the runtime it caught up is still the hub's; the caller adds the
    socket with no await in between.

    Raises:
        ServerError: ``not_found`` for no such table, ``forbidden`` for a seat not held.
    """
    while True:
        rt = await c.hub.runtime(tid)
        async with rt.lock:  # another process may have moved since we last looked
            await c.hub.catch_up(rt, reload_row=c.store.is_postgres)
        seat = await held_seat(rt, pid, want)
        if c.hub.runtimes.get(tid) is rt:
            return rt, seat


async def _play(c: ServerContext, ws: WebSocket, tid: str) -> None:
    origin = ws.headers.get("origin")
    if origin is not None and not origin_allowed(origin, ws.headers.get("host", ""),
                                                  c.settings.allowed_origins):
        await ws.close(code=4403)  # another site's page may not play in a guest's name
        return
    offered = [p.strip() for p in ws.headers.get("sec-websocket-protocol", "").split(",")
               if p.strip()]
    await ws.accept(subprotocol="garrison" if "garrison" in offered else None)
    params = ws.query_params
    claims = await claims_of_token(c, token_of_subprotocols(offered))
    pid, epoch = claims if claims is not None else (None, None)
    try:
        want, last = small_number(params.get("seat")), small_number(params.get("n"))
        for name in ("seat", "n"):
            if params.get(name) not in (None, "") and small_number(params.get(name)) is None:
                raise ServerError("bad_request", f"'{name}' is a number of at most 9 digits "
                                                 "(0-9)")
        guest_name: str | None = await asyncio.to_thread(c.store.player_name, pid) if pid else None
        rt, seat = await _runtime_and_seat(c, tid[:16], pid, want)
        if params.get("watch") == "1":
            seat = None
    except ServerError as err:
        await ws.send_text(dumps(err.as_dict()))
        await ws.close(code={"not_found": 4404, "bad_request": 4400}.get(err.code, 4403))
        return
    # no await from here until the socket is among the table's: it joins the runtime checked
    conn = Conn(ws.send_text, seat, pid, close_socket=lambda code: ws.close(code=code),
                delta=params.get("delta") == "1", room=params.get("room") == "1", name=guest_name,
                epoch=epoch)
    conn.start()
    conn.push_view(rt, {"missed": max(0, rt.n - last)} if last is not None else None)
    clock = rt.clock_message(time.time())
    if clock is not None:
        conn.push(clock)
    rt.conns.add(conn)  # no await since the view above: no change can slip between
    offer = room.rematch_state(rt)
    if offer is not None:
        conn.push(offer)
    if rt.row.draw_offer is not None and rt.row.status == "playing":
        conn.push(outgoing.draw("open", rt.row.draw_offer))
    if conn.room:
        conn.push(outgoing.chat_log(list(rt.chat)))
        room.tell_presence(c.hub, rt, ask=True)
    if seat is not None:
        c.hub.seen(rt, seat)
    bucket = Bucket(c.settings.ws_rate)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            if not bucket.take():  # every frame counts, text or binary
                conn.push(error_body("rate_limited", "too many messages; the connection is closed"))
                await conn.close()
                await ws.close(code=1008)
                return
            text = message.get("text")
            if text is None:  # a binary frame: the protocol is JSON text
                conn.push(error_body("bad_request", "messages are JSON text, not binary frames; "
                                                    "the connection is closed"))
                await conn.close()
                await ws.close(code=1003)
                return
            reply = await _handle(c, rt, conn, text)
            if reply is not None:
                conn.push(reply)
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # sending on a closed socket
        pass
    finally:
        rt.conns.discard(conn)
        await conn.close()
        if conn.room:
            room.tell_presence(c.hub, rt)
        if seat is not None and not any(k.seat == seat for k in rt.conns):
            c.hub.seen(rt, seat)  # the grace period counts from the last page closing

async def _still_signed_in(c: ServerContext, conn: Conn) -> bool:
    """Whether the socket's guest has not signed out or been revoked since it connected (read
    at most every two seconds; a database that cannot be read says nothing against it, and
    what the message asks for meets the database's failure itself)."""
    if conn.player_id is None or conn.epoch is None:
        return True
    try:
        return await c.epochs.current(conn.player_id, conn.epoch)
    except SQLAlchemyError:
        return True


async def _handle(c: ServerContext, rt: Runtime, conn: Conn, text: str) -> dict[str, Any] | None:
    """The reply to one message (``None``: what it asked for was pushed already)."""
    if len(text) > c.settings.ws_max_message:
        return error_body("bad_request",
                          f"message too long ({c.settings.ws_max_message} characters at most)")
    if json_depth(text, c.settings.max_json_depth) > c.settings.max_json_depth:
        return error_body("bad_request", f"messages nest at most {c.settings.max_json_depth} deep")
    try:
        msg = messages.parse(text)
    except messages.BadMessage as err:
        return error_body("bad_request", str(err), ref=err.ref)
    ref = msg.ref
    try:
        if isinstance(msg, messages.Ping):
            return outgoing.pong(rt.n, ref)
        if isinstance(msg, messages.Sync):
            async with rt.lock:
                await c.hub.catch_up(rt)
            conn.push_view(rt, {"missed": max(0, rt.n - msg.n)} if msg.n is not None else None)
            return None
        if isinstance(msg, messages.LogPage):
            return {**rt.log_page(conn.audience(rt), msg.before, msg.count), "ref": ref}
        if not await _still_signed_in(c, conn):  # signed out or revoked since: nothing more
            conn.signed_out(ref)
            return None
        if isinstance(msg, messages.Chat):
            await room.chat(c.hub, rt, conn, msg.text)
            return None
        seat = conn.audience(rt)
        if isinstance(msg, messages.Rematch):
            await room.rematch(c.hub, rt, seat, msg.accept, conn.player_id)
            return None
        if isinstance(msg, messages.Resign):
            return {**await endings.resign(c.hub, rt, seat), "ref": ref}
        if isinstance(msg, messages.Draw):
            await endings.draw(c.hub, rt, seat, msg.accept)
            return None
        if seat is None:
            raise ServerError("forbidden", "spectators cannot move; take a seat to play")
        c.hub.seen(rt, seat)
        ack = await c.hub.submit(rt.row.id, seat, msg.n, msg.action, pid=conn.player_id)
        return {**ack, "ref": ref}
    except ServerError as err:
        out = err.as_dict()
        out["ref"] = ref
        if err.code == "stale":  # resync: the error, then the current view
            conn.push(out)
            conn.push_view(rt)
            return None
        return out
