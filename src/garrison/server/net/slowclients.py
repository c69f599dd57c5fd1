"""Connections that send their request headers too slowly are closed.

``make run`` serves straight from uvicorn, with no proxy in front to cut off a client that
trickles its headers a byte at a time (slowloris): each such connection would hold a socket for
as long as it liked. ``protocol(seconds)`` is uvicorn's httptools protocol with one timer more:
started when a connection opens and when a request's first byte arrives, stopped when its
headers are complete; when it fires the connection is closed. Idle keep-alive connections are
closed by uvicorn's own ``timeout_keep_alive``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, closing a connection whose headers take over ``header_timeout``."""

    header_timeout: float = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._header_timer is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        if self.header_timeout > 0:
            self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def protocol(seconds: float) -> type[HeaderTimeoutProtocol]:
    """The HTTP protocol class for uvicorn with a header timeout of ``seconds``."""
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_timeout": seconds})
