"""Server settings: the database URL and the knobs the tests and the load script turn."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from .botlimits import BotLimits
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
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if math.isfinite(value) else default


def _env_int(name: str, default: int) -> int:
    return int(_env_float(name, default))


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
    #: Worker threads for bots; one table owner's bots use at most half of them at once.
    bot_threads: int = field(default_factory=lambda: max(1, _env_int("GARRISON_BOT_THREADS", 2)))
    #: Tables one guest may have waiting or in play at once, and of those all-bot tables.
    max_tables_per_guest: int = field(default_factory=lambda: int(_env_float("GARRISON_MAX_TABLES", 8)))
    max_bot_tables_per_guest: int = field(
        default_factory=lambda: int(_env_float("GARRISON_MAX_BOT_TABLES", 2)))
    #: Seconds a bot may think over one move, counted from when a worker starts it (not while
    #: it waits for one); a bot name may not ask for more. Past it (and a small margin) the
    #: server moves for it and says so.
    bot_move_seconds: float = field(default_factory=lambda: _env_float("GARRISON_BOT_SECONDS", 10.0))
    #: The most a bot name may ask for: simulations, worlds, search nodes per world, search
    #: depth and rollout length (``ismcts:sims=...``, ``pimc:worlds=...:nodes=...:depth=...``).
    bot_max_sims: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_SIMS", 20_000))
    bot_max_worlds: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_WORLDS", 1_000))
    bot_max_nodes: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_NODES", 100_000))
    bot_max_depth: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_DEPTH", 64))
    bot_max_rollout: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_ROLLOUT", 2_000))
    #: The most worlds ISMCTS may try per simulation (``infer``) and tricks it may solve at the
    #: end of one (``exact``).
    bot_max_infer: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_INFER", 64))
    bot_max_exact: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_EXACT", 4))
    bot_max_walk: int = field(default_factory=lambda: _env_int("GARRISON_BOT_MAX_WALK", 64))
    #: Largest HTTP request body in bytes; a larger one is refused (413) before it is read.
    max_body: int = field(default_factory=lambda: _env_int("GARRISON_MAX_BODY", 64 * 1024))
    #: Deepest nesting of arrays and objects in a request body or message.
    max_json_depth: int = field(default_factory=lambda: _env_int("GARRISON_MAX_JSON_DEPTH", 16))
    #: Longest text value of a game option (after spaces are folded).
    option_max_length: int = field(default_factory=lambda: _env_int("GARRISON_OPTION_MAX_LENGTH", 200))
    #: Seconds a connection may take to send a request's headers before it is closed.
    header_timeout: float = field(default_factory=lambda: _env_float("GARRISON_HEADER_TIMEOUT", 10.0))
    #: Guests and tables one client address may create per hour (bursts of a quarter of that).
    guests_per_hour: float = field(default_factory=lambda: _env_float("GARRISON_GUESTS_PER_HOUR", 60.0))
    tables_per_hour: float = field(default_factory=lambda: _env_float("GARRISON_TABLES_PER_HOUR", 240.0))
    #: Guests and tables made per minute across all addresses (0: no cap).
    guests_per_minute: float = field(
        default_factory=lambda: _env_float("GARRISON_GUESTS_PER_MINUTE", 120.0))
    tables_per_minute: float = field(
        default_factory=lambda: _env_float("GARRISON_TABLES_PER_MINUTE", 240.0))
    #: Client addresses whose rate-limit state is kept; the least recently seen go first.
    max_addresses: int = field(default_factory=lambda: _env_int("GARRISON_MAX_ADDRESSES", 10_000))
    #: Log lines a view carries (the newest); older ones are sent on request.
    view_log_lines: int = field(default_factory=lambda: _env_int("GARRISON_VIEW_LOG_LINES", 200))
    #: Threads that build replays (a pool of their own), and builds one client address may
    #: have under way at once.
    replay_threads: int = field(default_factory=lambda: max(1, _env_int("GARRISON_REPLAY_THREADS", 1)))
    replays_per_address: int = field(
        default_factory=lambda: max(1, _env_int("GARRISON_REPLAYS_PER_ADDRESS", 2)))
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
    #: Largest WebSocket message a client may send, in bytes (moves are a few hundred); text or
    #: binary, a larger frame closes the socket (1009).
    ws_max_message: int = field(default_factory=lambda: _env_int("GARRISON_WS_MAX_MESSAGE", 4096))
    #: Origins (scheme://host:port) whose pages may open a WebSocket, besides the server's own
    #: (``GARRISON_ORIGINS``, comma-separated). Clients that send no Origin (not browsers) pass.
    allowed_origins: tuple[str, ...] = field(default_factory=lambda: tuple(
        o.strip().rstrip("/") for o in os.environ.get("GARRISON_ORIGINS", "").split(",") if o.strip()))
    #: Files the operator offers by name for options that name files (``GARRISON_OPTION_FILES``).
    option_files: OptionFiles = field(default_factory=lambda: OptionFiles.from_env())
    #: SQLite calls run on the event loop unless ``GARRISON_DB_THREADS=1``.
    inline_sqlite: bool = field(
        default_factory=lambda: os.environ.get("GARRISON_DB_THREADS", "0") not in ("1", "true", "yes"))

    @property
    def bot_limits(self) -> BotLimits:
        """The limits on bot names, from the settings above."""
        return BotLimits(seconds=self.bot_move_seconds, sims=self.bot_max_sims,
                         worlds=self.bot_max_worlds, nodes=self.bot_max_nodes,
                         depth=self.bot_max_depth, maxlen=self.bot_max_rollout,
                         infer=self.bot_max_infer, exact=self.bot_max_exact,
                         walk=self.bot_max_walk)
