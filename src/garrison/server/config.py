"""Server settings: the database URL and the knobs the tests and the load script turn."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .options import OptionFiles


def default_db_url() -> str:
    """SQLite in the user's data directory (``GARRISON_DB`` overrides)."""
    env = os.environ.get("GARRISON_DB")
    if env:
        return env
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "garrison"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'garrison.db'}"


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


@dataclass
class Settings:
    """Everything the app needs; defaults are for a person running ``garrison serve``."""

    db_url: str = field(default_factory=default_db_url)
    #: Seconds a bot waits before moving, so people can follow the play (0 in tests).
    bot_delay: float = field(default_factory=lambda: _env_float("GARRISON_BOT_DELAY", 0.6))
    #: Seconds a seated person may be away during play before a bot takes the seat (0: never).
    grace: float = field(default_factory=lambda: _env_float("GARRISON_GRACE", 120.0))
    #: Requests per second allowed per client address on the HTTP API (burst is 4x).
    http_rate: float = field(default_factory=lambda: _env_float("GARRISON_HTTP_RATE", 20.0))
    #: Messages per second allowed per WebSocket (burst is 4x); beyond it the socket is closed.
    ws_rate: float = field(default_factory=lambda: _env_float("GARRISON_WS_RATE", 20.0))
    #: Seconds between sweeps for absent players and stalled tables.
    sweep_every: float = field(default_factory=lambda: _env_float("GARRISON_SWEEP", 1.0))
    #: Worker threads for bots.
    bot_threads: int = 2
    #: SQLite calls run on the event loop (fast, one process); ``GARRISON_DB_THREADS=1`` sends
    #: them to worker threads as PostgreSQL calls always are.
    #: Tables one guest may have waiting or in play at once, and of those all-bot tables.
    max_tables_per_guest: int = field(default_factory=lambda: int(_env_float("GARRISON_MAX_TABLES", 8)))
    max_bot_tables_per_guest: int = field(
        default_factory=lambda: int(_env_float("GARRISON_MAX_BOT_TABLES", 2)))
    #: Seconds a bot may think over one move; past it the server moves for it (said in the log).
    bot_move_seconds: float = field(default_factory=lambda: _env_float("GARRISON_BOT_SECONDS", 10.0))
    #: Seconds a waiting table may sit untouched before it is closed (0: never).
    waiting_ttl: float = field(default_factory=lambda: _env_float("GARRISON_WAITING_TTL", 3600.0))
    #: Open WebSockets per client address, and in all.
    max_ws_per_address: int = field(default_factory=lambda: int(_env_float("GARRISON_WS_PER_ADDRESS", 32)))
    max_ws_total: int = field(default_factory=lambda: int(_env_float("GARRISON_WS_TOTAL", 5000)))
    #: Seconds a guest's token is good for; a page renews it when it loads (GARRISON_TOKEN_TTL).
    token_ttl: float = field(default_factory=lambda: _env_float("GARRISON_TOKEN_TTL", 30 * 86400.0))
    #: Addresses of reverse proxies whose X-Forwarded-For is believed (GARRISON_TRUSTED_PROXIES,
    #: comma-separated); none by default, so a client cannot pick the address it is counted as.
    trusted_proxies: str = field(default_factory=lambda: os.environ.get("GARRISON_TRUSTED_PROXIES", ""))
    #: Largest WebSocket message a client may send, in bytes (moves are a few hundred).
    ws_max_message: int = 4096
    #: Origins (scheme://host:port) whose pages may open a WebSocket, besides the server's own
    #: (``GARRISON_ORIGINS``, comma-separated). Clients that send no Origin (not browsers) pass.
    allowed_origins: tuple[str, ...] = field(default_factory=lambda: tuple(
        o.strip().rstrip("/") for o in os.environ.get("GARRISON_ORIGINS", "").split(",") if o.strip()))
    #: Files the operator offers by name for options that name files (``GARRISON_OPTION_FILES``).
    option_files: OptionFiles = field(default_factory=lambda: OptionFiles.from_env())
    inline_sqlite: bool = field(
        default_factory=lambda: os.environ.get("GARRISON_DB_THREADS", "0") not in ("1", "true", "yes"))
