"""The game server: lobby, tables, seats, bots and live play over WebSocket.

The server knows no game's rules. It stores each table's actions in order, rebuilds the state
with the kernel, and gives every connection only what ``state.observation(seat)`` allows (a
spectator gets ``observation(None)``); the seat to move also gets its legal actions as text.
See ``docs/server.md``.
"""

from __future__ import annotations

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
