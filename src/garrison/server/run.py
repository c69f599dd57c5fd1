"""Starting the server on uvicorn (``garrison serve``)."""

from __future__ import annotations

import errno
import gc
import logging
import os
import socket

from .config import Settings


class PortBusy(OSError):
    """The address to serve on is taken or cannot be had; the text says which and what to do."""


def check_port(host: str, port: int) -> None:
    """Raise ``PortBusy`` naming the port (and how to choose another) unless this process could
    listen on ``host:port`` now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            why = "is in use by another program" if err.errno == errno.EADDRINUSE else \
                f"cannot be used ({err.strerror})"
            raise PortBusy(f"port {port} on {host} {why}; choose another with "
                           f"`make run PORT=8080` or `garrison serve --port 8080`") from None


def serve(db: str | None, host: str, port: int, *, log_level: str = "warning") -> None:
    """Serve the app on uvicorn.

    Raises:
        PortBusy: the port cannot be listened on (said before anything is printed).
    """
    import uvicorn

    from .app import create_app

    check_port(host, port)

    settings = Settings() if db is None else Settings(db_url=db)
    app = create_app(settings)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"Garrison is serving at http://{shown}:{port}/  (database: {_safe(settings.db_url)})",
          flush=True)
    from uvicorn.config import WS_PROTOCOLS

    ws = "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "auto"
    # per-message deflate costs more CPU than it saves on a LAN; GARRISON_WS_DEFLATE=1 turns it on
    deflate = os.environ.get("GARRISON_WS_DEFLATE", "0").lower() in ("1", "true", "yes", "on")
    # Fewer, cheaper garbage collections: the objects made while starting are frozen out of
    # the collector's scans, and the youngest generation is collected less often (each live
    # table holds many small objects; frequent full scans of them showed as latency spikes).
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 50)
    # keep-alive pings of every socket (seconds; GARRISON_WS_PING=0: none)
    ping = float(os.environ.get("GARRISON_WS_PING", "20") or 0) or None
    # a client message is a move, a sync or a ping: a few hundred bytes. A larger frame is
    # refused by the protocol layer before it is read (close code 1009).
    # a connection whose request headers are not complete in time is closed (slowloris)
    from .net.slowclients import protocol

    uvicorn.run(app, host=host, port=port, log_level=log_level, ws=ws,
                http=protocol(settings.header_timeout),
                ws_per_message_deflate=deflate, ws_ping_interval=ping,
                ws_max_size=settings.ws_max_message,
                # SIGTERM: open sockets get this long to close, then the server stops anyway
                timeout_graceful_shutdown=5,
                # X-Forwarded-For only from the operator's proxies (uvicorn would trust loopback)
                proxy_headers=bool(settings.trusted_proxies),
                forwarded_allow_ips=settings.trusted_proxies or None)


def _safe(url: str) -> str:
    """The database URL without a password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}:***@{host}"
    return url
