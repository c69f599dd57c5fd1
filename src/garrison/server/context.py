"""What every route needs, handed in by FastAPI: the server (settings, store, hub, key) and the
guest a request speaks for. The guest check is written once, here, as dependencies."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends
from starlette.requests import HTTPConnection

from .config import Settings
from .domain.auth import read_claims
from .errors import ServerError
from .hub import Hub
from .models import Auth
from .net.http import AddressBuckets, Limit
from .store.db import Store

if TYPE_CHECKING:
    from .domain.table import Runtime


@dataclass
class ServerContext:
    """One running server: its settings, store, live tables and signing key."""

    settings: Settings
    store: Store
    hub: Hub
    secret: bytes = b""
    #: Open WebSockets, in all and per client address.
    sockets: dict[str, Any] = field(default_factory=lambda: {"total": 0, "by": {}})
    #: Requests per client address, over HTTP and WebSocket handshakes alike
    #: (``Settings.http_rate``).
    requests: AddressBuckets = field(init=False)
    #: Guests and tables made per client address (``Settings.guests_per_hour`` and
    #: ``tables_per_hour``; bursts of a quarter of the hour's number) and across all addresses
    #: (``guests_per_minute``, ``tables_per_minute``).
    new_guests: Limit = field(init=False)
    new_tables: Limit = field(init=False)
    #: Tries to recover a guest by its recovery code, per client address (as many as new guests).
    recoveries: AddressBuckets = field(init=False)
    #: The guests' token epochs, read from the database and kept a few seconds.
    epochs: Epochs = field(init=False)

    def __post_init__(self) -> None:
        self.epochs = Epochs(self.store)
        s = self.settings
        self.requests = AddressBuckets(s.http_rate, size=s.max_addresses)
        self.new_guests = Limit(s.guests_per_hour, s.guests_per_minute, s.max_addresses)
        self.recoveries = AddressBuckets(s.guests_per_hour / 3600, s.guests_per_hour / 4,
                                         s.max_addresses)
        self.new_tables = Limit(s.tables_per_hour, s.tables_per_minute, s.max_addresses)


class Epochs:
    """Each guest's token epoch, read from the store and kept for ``KEEP`` seconds: a sign-out
    or revocation in any server process reaches every process within that time (at once in the
    process that made it, which calls ``forget``)."""

    KEEP = 2.0
    SIZE = 50_000

    def __init__(self, store: Store) -> None:
        self.store = store
        self.known: dict[str, tuple[int | None, float]] = {}

    async def current(self, pid: str, epoch: int) -> bool:
        now = time.monotonic()
        hit = self.known.get(pid)
        if hit is None or now - hit[1] > self.KEEP:
            if len(self.known) >= self.SIZE:
                self.known.clear()  # a cache only: everyone is read again, nobody let in
            hit = self.known[pid] = (await asyncio.to_thread(self.store.token_epoch, pid), now)
        return hit[0] is not None and hit[0] == epoch

    def forget(self, pid: str) -> None:
        self.known.pop(pid, None)


def _context(connection: HTTPConnection) -> ServerContext:
    ctx: ServerContext = connection.app.state.ctx
    return ctx


Ctx = Annotated[ServerContext, Depends(_context)]


async def claims_of_token(c: ServerContext, token: str | None) -> tuple[str, int] | None:
    """The guest a token names and its token epoch, if it is well signed, unexpired and of the
    guest's current token epoch (not signed out or revoked); else ``None``."""
    claims = read_claims(c.secret, token)
    if claims is None:
        return None
    pid, epoch = claims
    return claims if await c.epochs.current(pid, epoch) else None


async def guest_of_token(c: ServerContext, token: str | None) -> str | None:
    """The guest a token names (see ``claims_of_token``), else ``None``."""
    claims = await claims_of_token(c, token)
    return None if claims is None else claims[0]


async def guest_of(c: ServerContext, authorization: str | None) -> str | None:
    """The guest a bearer token names (``None``: no valid token)."""
    token = authorization.removeprefix("Bearer ").strip() if authorization else None
    return await guest_of_token(c, token)


async def _maybe_guest(c: Ctx, authorization: Auth = None) -> str | None:
    return await guest_of(c, authorization)


async def _guest(c: Ctx, authorization: Auth = None) -> str:
    pid = await guest_of(c, authorization)
    if pid is None:
        raise ServerError("unauthorized", "sign in as a guest first (POST /api/guests); a "
                                          "token ends when it expires or its guest signs out")
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


async def held_seat(rt: Runtime, pid: str | None, seat: int | None) -> int | None:
    """The seat ``pid`` plays at this table (``seat`` picks one if several), or None."""
    held = [s.seat for s in rt.row.seats if s.kind == "human" and pid and s.player_id == pid]
    if seat is not None:
        if seat not in held:
            raise ServerError("forbidden", f"you do not hold seat {seat} at this table")
        return seat
    return held[0] if held else None
