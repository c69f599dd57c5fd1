"""The transport: one WebSocket's ordered outbox, whole views and deltas, and the check that it
still speaks for the seat its guest holds (``Conn.audience``) before anything is sent."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from garrison.core.seats import seat_label

from ..errors import error_body
from . import outgoing
from .wire import dumps

if TYPE_CHECKING:
    from ..domain.table import Runtime


class Conn:
    """One WebSocket: who it is, which seat it watches, and an ordered outbox."""

    def __init__(self, send: Any, seat: int | None, player_id: str | None,
                 close_socket: Any = None, delta: bool = False, room: bool = False,
                 name: str | None = None, epoch: int | None = None) -> None:
        """``room``: this page also gets the table's chat and presence; ``name``: its guest's
        name (for chat and presence); ``epoch``: the token epoch it signed in with (a sign-out
        or revocation moves the guest's on, and the socket is closed: ``Hub.revoked``)."""
        self.send = send
        self.room = room
        self.name = name
        self.epoch = epoch
        self.close_socket = close_socket
        self.seat = seat
        self.player_id = player_id
        #: Whether this page takes deltas (``delta=1``), and the view it holds now.
        self.delta = delta
        self.held: dict[str, Any] | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        #: The close code the writer closes the socket with when it reaches the end of the
        #: outbox (1013: the page fell too far behind; ``push_close`` sets another).
        self.close_code = 1013
        self.writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.writer = asyncio.create_task(self._write())

    #: A page this far behind is dropped; it reconnects and gets the current view.
    MAX_BACKLOG = 256

    def signed_out(self, ref: str | int | None = None) -> None:
        """The socket's guest signed out or was revoked: say so once, then close (4401)."""
        if self.close_code == 4401:
            return
        self.push(error_body("unauthorized", "you signed out (or your sign-in was revoked); "
                                             "sign in again to play", ref=ref))
        self.push_close(4401)

    def push_close(self, code: int) -> None:
        """Close the socket with ``code`` once what is queued before it is sent."""
        self.close_code = code
        self.outbox.put_nowait(None)

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
            self.push(outgoing.seat_lost(seat, f"{seat_label(seat)} is no longer yours at this "
                                               "table; you are watching"))
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
                        await self.close_socket(self.close_code)
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
