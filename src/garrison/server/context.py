"""What every route needs, handed in by FastAPI: the server (settings, store, hub, key) and the
guest a request speaks for. The guest check is written once, here, as dependencies."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends
from starlette.requests import HTTPConnection

from .auth import read_token
from .config import Settings
from .db import Store
from .errors import ServerError
from .hub import Hub
from .models import Auth


@dataclass
class ServerContext:
    """One running server: its settings, store, live tables and signing key."""

    settings: Settings
    store: Store
    hub: Hub
    secret: bytes = b""
    #: Open WebSockets, in all and per client address.
    sockets: dict[str, Any] = field(default_factory=lambda: {"total": 0, "by": {}})


def _context(connection: HTTPConnection) -> ServerContext:
    ctx: ServerContext = connection.app.state.ctx
    return ctx


Ctx = Annotated[ServerContext, Depends(_context)]


def guest_of(c: ServerContext, authorization: str | None) -> str | None:
    """The guest a bearer token names (``None``: no valid token)."""
    token = authorization.removeprefix("Bearer ").strip() if authorization else None
    return read_token(c.secret, token)


def _maybe_guest(c: Ctx, authorization: Auth = None) -> str | None:
    return guest_of(c, authorization)


def _guest(c: Ctx, authorization: Auth = None) -> str:
    pid = guest_of(c, authorization)
    if pid is None:
        raise ServerError("unauthorized", "sign in as a guest first (POST /api/guests)")
    return pid


async def _known_guest(c: Ctx, pid: Annotated[str, Depends(_guest)]) -> str:
    if await asyncio.to_thread(c.store.player_name, pid) is None:
        raise ServerError("unauthorized", "this guest is unknown here; sign in again")
    return pid


#: The guest of a request, if any; a guest (401 without a valid token); a guest this database
#: knows (401 otherwise).
MaybeGuest = Annotated[str | None, Depends(_maybe_guest)]
Guest = Annotated[str, Depends(_guest)]
KnownGuest = Annotated[str, Depends(_known_guest)]


async def held_seat(rt: Any, pid: str | None, seat: int | None) -> int | None:
    """The seat ``pid`` plays at this table (``seat`` picks one if several), or None."""
    held = [s.seat for s in rt.row.seats if s.kind == "human" and pid and s.player_id == pid]
    if seat is not None:
        if seat not in held:
            raise ServerError("forbidden", f"you do not hold seat {seat} at this table")
        return seat
    return held[0] if held else None
