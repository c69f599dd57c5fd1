"""Around the table: the rematch offer every seated player answers, the table's chat, and who is
here (presence). Nothing here reads the game: chat is what people type, presence is who has a
socket open, and a rematch makes a new table of the same game, options and seats, rotated.

Messages to pages (see docs/server.md, "The WebSocket protocol"):

* ``{"type": "rematch", "state": "open" | "declined" | "ready", "by", "accepted", "waiting",
  "table"}`` to every socket of the table (an open offer lives in this process's memory; the
  table made is recorded in the database, ``tables.rematch``, so it is made once);
* ``{"type": "chat", "from", "name", "seat", "text", "at"}`` and, on connect,
  ``{"type": "chat_log", "lines"}``, to sockets that asked for the room (``room=1``);
* ``{"type": "presence", "seats", "watchers", "anonymous"}`` to those sockets whenever a page
  comes or goes.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from .errors import ServerError
from .http import Bucket
from .routes_lobby import clean_name

if TYPE_CHECKING:
    from .hub import Hub
    from .table import Runtime
    from .transport import Conn

#: Longest chat line (characters, after spaces are folded).
CHAT_MAX = 300
#: Chat lines per second one socket may send (bursts of ``CHAT_BURST``).
CHAT_RATE = 0.5
CHAT_BURST = 5


def chat_bucket() -> Bucket:
    """The chat limit of one socket."""
    return Bucket(CHAT_RATE, CHAT_BURST)


def _room(rt: Runtime) -> list[Conn]:
    return [k for k in rt.conns if k.room]


def presence(rt: Runtime) -> dict[str, Any]:
    """Who is at the table now: the seats with a page open (their guest still holds them), the
    names of signed-in watchers and how many watch without a name."""
    seats = sorted({k.seat for k in rt.conns if k.seat is not None and rt.holds(k.seat, k.player_id)})
    watchers: list[str] = []
    anonymous = 0
    seen: set[str] = set()
    for k in rt.conns:
        if k.seat is not None and rt.holds(k.seat, k.player_id):
            continue
        if k.player_id and k.name:
            if k.player_id not in seen:
                seen.add(k.player_id)
                watchers.append(k.name)
        else:
            anonymous += 1
    return {"type": "presence", "seats": seats, "watchers": sorted(watchers),
            "anonymous": anonymous}


def tell_presence(rt: Runtime) -> None:
    """Send who is here to every page of the table that asked for the room."""
    message = presence(rt)
    for k in _room(rt):
        k.push(message)


def chat(rt: Runtime, conn: Conn, text: str) -> None:
    """Say ``text`` at the table, as the socket's guest.

    Raises:
        ServerError: ``unauthorized`` for a socket without a guest, ``bad_request`` for an empty
            or too long line, ``rate_limited`` past the chat limit.
    """
    if conn.player_id is None or not conn.name:
        raise ServerError("unauthorized", "choose a name to chat at a table")
    line = clean_name(text)
    if not line:
        raise ServerError("bad_request", "a chat line needs at least one visible character")
    if len(line) > CHAT_MAX:
        raise ServerError("bad_request", f"a chat line is at most {CHAT_MAX} characters "
                                         f"(this one has {len(line)})")
    if not conn.chat_bucket.take():
        raise ServerError("rate_limited", f"at most {CHAT_BURST} chat lines in a row, then one "
                                          f"every {1 / CHAT_RATE:g} s; wait a moment")
    seat = conn.seat if conn.seat is not None and rt.holds(conn.seat, conn.player_id) else None
    message = {"type": "chat", "from": conn.player_id, "name": conn.name, "seat": seat,
               "text": line, "at": round(time.time(), 3)}
    rt.chat.append(message)
    for k in _room(rt):
        k.push(message)


def rematch_state(rt: Runtime) -> dict[str, Any] | None:
    """The rematch message of the table's open (or made) offer, if any."""
    if rt.rematch is None and rt.row.rematch:  # made earlier, or by another process
        rt.rematch = {"by": None, "accepted": set(range(len(rt.row.seats))),
                      "table": rt.row.rematch}
    offer = rt.rematch
    if offer is None:
        return None
    everyone = range(len(rt.row.seats))
    return {"type": "rematch", "state": "ready" if offer["table"] else "open",
            "by": offer["by"], "accepted": sorted(offer["accepted"]),
            "waiting": [s for s in everyone if s not in offer["accepted"]],
            "table": offer["table"]}


async def rematch(hub: Hub, rt: Runtime, seat: int | None, accept: bool,
                  owner: str | None) -> dict[str, Any]:
    """Offer a rematch, accept the one offered, or decline it, for ``seat``. Bots (and seats a
    bot keeps for an absent person) accept at once; when every seat has, the new table is made
    (same game and options, every seat moved one place on: P1 sits at P2) and every page of
    this table is told where it is.

    Raises:
        ServerError: ``forbidden`` for a spectator, ``conflict`` while the game is on.
    """
    if rt.row.status != "finished":
        raise ServerError("conflict", "a rematch is offered when the game is over")
    if seat is None:
        raise ServerError("forbidden", "only the players offer and accept a rematch; "
                                       "you are watching")
    async with rt.lock:
        await hub.catch_up(rt, reload_row=True)  # another process may have made it
        rematch_state(rt)
        offer = rt.rematch
        if offer is not None and offer["table"]:
            message = rematch_state(rt)
            assert message is not None
            return message
        if not accept:
            if offer is None:
                raise ServerError("conflict", "there is no rematch offer to decline")
            rt.rematch = None
            message = {"type": "rematch", "state": "declined", "by": seat, "accepted": [],
                       "waiting": [], "table": None}
            _tell(rt, message)
            return message
        if offer is None:
            bots = {s.seat for s in rt.row.seats if s.kind == "bot"}
            offer = rt.rematch = {"by": seat, "accepted": bots, "table": None}
        offer["accepted"].add(seat)
        if len(offer["accepted"]) == len(rt.row.seats):
            made = await _new_table(hub, rt, owner)
            # the table of record: ours, or one another process recorded first
            offer["table"] = await hub.db(hub.store.set_rematch, rt.row.id, made)
            rt.row.rematch = offer["table"]
    message = rematch_state(rt)
    assert message is not None
    if offer["table"]:  # the game there starts before any page is sent to it
        new = await hub.runtime(offer["table"])
        await hub.start_if_full(new)
    _tell(rt, message)
    return message


def _tell(rt: Runtime, message: dict[str, Any]) -> None:
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
