"""Starting the server on uvicorn (``garrison serve``)."""

from __future__ import annotations

import gc
import logging
import os

from .config import Settings


def serve(db: str | None, host: str, port: int, *, log_level: str = "warning") -> None:
    import uvicorn

    from .app import create_app

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
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws=ws,
                ws_per_message_deflate=deflate, ws_ping_interval=ping,
                ws_max_size=settings.ws_max_message,
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
