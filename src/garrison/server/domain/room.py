"""Around the table: the rematch offer every seated player answers, the table's chat, and who is
here (presence). Nothing here reads the game: chat is what people type, presence is who has a
socket open, and a rematch makes a new table of the same game, options and seats, rotated.

Everything here is shared by every server process on one database: chat lines and rematch
offers are rows of the table (``chat``, ``tables.rematch_offer``), and each process tells the
others what changed (``Hub.publish``: chat lines, its part of the presence, rematch answers),
so a page on one process sees what a page on another does.

Messages to pages (see docs/server.md, "The WebSocket protocol"):

* ``{"type": "rematch", "state": "open" | "declined" | "ready", "by", "accepted", "waiting",
  "table"}`` to every socket of the table (the table made is recorded in the database,
  ``tables.rematch``, and made by the one answer that completed the offer);
* ``{"type": "chat", "from", "name", "seat", "text", "at"}`` and, on connect,
  ``{"type": "chat_log", "lines"}``, to sockets that asked for the room (``room=1``);
* ``{"type": "presence", "seats", "watchers", "anonymous"}`` to those sockets whenever a page
  comes or goes, in any process.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from ..errors import ServerError
from ..net.http import Bucket
from .names import clean_name

if TYPE_CHECKING:
    from ..hub import Hub
    from ..net.transport import Conn
    from .table import Runtime

#: Longest chat line (characters, after spaces are folded).
CHAT_MAX = 300
#: Chat lines per second one guest may send at one table, whatever its sockets (bursts of
#: ``CHAT_BURST``).
CHAT_RATE = 0.5
CHAT_BURST = 5
#: Seconds another process's part of the presence counts without being said again (a process
#: says it again every ``PRESENCE_EVERY`` seconds while it has pages of the table open).
PRESENCE_TTL = 30.0
PRESENCE_EVERY = 10.0


def _room(rt: Runtime) -> list[Conn]:
    return [k for k in rt.conns if k.room]


def local_presence(rt: Runtime) -> dict[str, Any]:
    """Who has a page of the table open in this process: the seats (their guest still holds
    them), the signed-in watchers (guest id to name) and how many watch without a name."""
    seats = sorted({k.seat for k in rt.conns if k.seat is not None and rt.holds(k.seat, k.player_id)})
    watchers: dict[str, str] = {}
    anonymous = 0
    for k in rt.conns:
        if k.seat is not None and rt.holds(k.seat, k.player_id):
            continue
        if k.player_id and k.name:
            watchers[k.player_id] = k.name
        else:
            anonymous += 1
    return {"seats": seats, "watchers": watchers, "anonymous": anonymous}


def presence(rt: Runtime, now: float | None = None) -> dict[str, Any]:
    """Who is at the table now, in every process: this process's pages and what the others
    said last (within ``PRESENCE_TTL``)."""
    now = time.time() if now is None else now
    parts = [local_presence(rt)]
    parts += [part for part, until in rt.remote_presence.values() if until > now]
    seats: set[int] = set()
    watchers: dict[str, str] = {}
    anonymous = 0
    for part in parts:
        seats.update(part["seats"])
        watchers.update(part["watchers"])
        anonymous += int(part["anonymous"])
    for seat in seats:  # a guest watching on one page and playing on another is a player
        holder = rt.row.seats[seat].player_id if seat < len(rt.row.seats) else None
        watchers.pop(holder or "", None)
    return {"type": "presence", "seats": sorted(seats), "watchers": sorted(watchers.values()),
            "anonymous": anonymous}


def tell_presence(hub: Hub, rt: Runtime, ask: bool = False) -> None:
    """Send who is here to every page of the table that asked for the room, and this process's
    part to the others (``ask``: they answer with theirs, for a page that just came)."""
    message = presence(rt)
    for k in _room(rt):
        k.push(message)
    hub.publish_soon(rt.row.id, "presence", {**local_presence(rt), "ask": ask})


def heard_presence(hub: Hub, rt: Runtime, origin: str, part: dict[str, Any]) -> None:
    """Another process said who has a page of the table open there."""
    rt.remote_presence[origin] = ({"seats": [int(s) for s in part.get("seats", [])],
                                   "watchers": dict(part.get("watchers", {})),
                                   "anonymous": int(part.get("anonymous", 0))},
                                  time.time() + PRESENCE_TTL)
    message = presence(rt)
    for k in _room(rt):
        k.push(message)
    if part.get("ask") and rt.conns:
        hub.publish_soon(rt.row.id, "presence", local_presence(rt))


async def chat(hub: Hub, rt: Runtime, conn: Conn, text: str) -> None:
    """Say ``text`` at the table, as the socket's guest: kept with the table, sent to the pages
    of the room in every process.

    Raises:
        ServerError: ``unauthorized`` for a socket without a guest, ``bad_request`` for an empty
            or too long line, ``rate_limited`` past the chat limit of the guest at this table.
    """
    if conn.player_id is None or not conn.name:
        raise ServerError("unauthorized", "choose a name to chat at a table")
    line = clean_name(text)
    if not line:
        raise ServerError("bad_request", "a chat line needs at least one visible character")
    if len(line) > CHAT_MAX:
        raise ServerError("bad_request", f"a chat line is at most {CHAT_MAX} characters "
                                         f"(this one has {len(line)})")
    bucket = rt.chat_limits.setdefault(conn.player_id, Bucket(CHAT_RATE, CHAT_BURST))
    if not bucket.take():
        raise ServerError("rate_limited", f"at most {CHAT_BURST} chat lines in a row, then one "
                                          f"every {1 / CHAT_RATE:g} s; wait a moment")
    seat = conn.seat if conn.seat is not None and rt.holds(conn.seat, conn.player_id) else None
    message = {"type": "chat", "from": conn.player_id, "name": conn.name, "seat": seat,
               "text": line, "at": round(time.time(), 3)}
    message["id"] = await hub.db(hub.store.add_chat, rt.row.id, message)
    heard_chat(rt, message)
    await hub.publish(rt.row.id, "chat", message)


def heard_chat(rt: Runtime, message: dict[str, Any]) -> None:
    """A chat line said at the table (here or in another process): kept and sent on."""
    if any(old.get("id") == message.get("id") for old in rt.chat):
        return
    rt.chat.append(message)
    for k in _room(rt):
        k.push(message)


def rematch_state(rt: Runtime) -> dict[str, Any] | None:
    """The rematch message of the table's open (or made) offer, if any."""
    everyone = range(len(rt.row.seats))
    if rt.row.rematch:  # made, here or by another process
        return {"type": "rematch", "state": "ready", "by": None, "accepted": list(everyone),
                "waiting": [], "table": rt.row.rematch}
    offer = rt.row.rematch_offer
    if offer is None:
        return None
    return {"type": "rematch", "state": "open", "by": offer["by"],
            "accepted": sorted(offer["accepted"]),
            "waiting": [s for s in everyone if s not in offer["accepted"]], "table": None}


async def rematch(hub: Hub, rt: Runtime, seat: int | None, accept: bool,
                  owner: str | None) -> dict[str, Any]:
    """Offer a rematch, accept the one offered, or decline it, for ``seat``. Bots (and seats a
    bot keeps for an absent person) accept at once; when every seat has, the new table is made
    once (same game and options, every seat moved one place on: P1 sits at P2) and every page
    of this table, in every process, is told where it is.

    Raises:
        ServerError: ``forbidden`` for a spectator, ``conflict`` while the game is on or for
            declining where nothing is offered.
    """
    if rt.row.status != "finished":
        raise ServerError("conflict", "a rematch is offered when the game is over")
    if seat is None:
        raise ServerError("forbidden", "only the players offer and accept a rematch; "
                                       "you are watching")
    async with rt.lock:
        await hub.catch_up(rt, reload_row=True)  # another process may have answered
        made = rematch_state(rt)
        if made is not None and made["table"]:
            return made
        if not accept and rt.row.rematch_offer is None:
            raise ServerError("conflict", "there is no rematch offer to decline")
        bots = [s.seat for s in rt.row.seats if s.kind == "bot"]
        offer, complete = await hub.db(hub.store.answer_rematch, rt.row.id, seat, accept, bots,
                                       len(rt.row.seats))
        rt.row.rematch_offer = offer
        if complete:
            new = await _new_table(hub, rt, owner)
            rt.row.rematch = await hub.db(hub.store.set_rematch, rt.row.id, new)
    if offer is None:
        message: dict[str, Any] = {"type": "rematch", "state": "declined", "by": seat,
                                   "accepted": [], "waiting": [], "table": None}
    else:
        message = rematch_state(rt) or {}
    if message.get("table"):  # the game there starts before any page is sent to it
        table = await hub.runtime(message["table"])
        await hub.start_if_full(table)
    tell(rt, message)
    await hub.publish(rt.row.id, "rematch", message)
    return message


def tell(rt: Runtime, message: dict[str, Any]) -> None:
    """Send ``message`` to every page of the table in this process."""
    for k in list(rt.conns):
        k.push(message)


async def _new_table(hub: Hub, rt: Runtime, owner: str | None) -> str:
    """The rematch's table: every seat one place on (the old P1 at P2, the last at P1); people
    keep their guest, bots their name (a seat a bot kept for an absent person stays a bot)."""
    seats = rt.row.seats
    n = len(seats)
    rows: list[tuple[str, str | None, str | None]] = []
    for i in range(n):
        old = seats[(i - 1) % n]
        if old.kind == "bot":
            rows.append(("bot", None, old.bot))
        else:
            rows.append(("human", old.player_id, None))
    return str(await asyncio.to_thread(hub.store.create_table, rt.row.game, dict(rt.row.options),
                                       owner or rt.row.owner or "", rows, rt.row.clock))
