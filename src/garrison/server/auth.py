"""Guest identity: a player id and an expiry signed with the server's key (HMAC-SHA256).

The token is ``<player id>.<expiry>.<signature>``; whoever holds it is that guest until the
expiry (seconds since the epoch), and may renew it before then (``POST /api/guests/renew``). The
key lives in the database so every server process (and a restarted one) accepts the same tokens.
A page sends the token in the ``Authorization`` header, and on the WebSocket as the subprotocol
``token.<token>`` (never in a URL, where logs and referrers would keep it).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time

_ID = re.compile(r"^[0-9a-f]{16}$")
_EXPIRY = re.compile(r"^[0-9]{1,12}$")


def _sign(secret: bytes, player_id: str, expiry: int) -> str:
    return hmac.new(secret, f"{player_id}.{expiry}".encode(), hashlib.sha256).hexdigest()


def make_token(secret: bytes, player_id: str, ttl: float) -> str:
    """A token for ``player_id`` good for ``ttl`` seconds from now."""
    expiry = int(time.time() + ttl)
    return f"{player_id}.{expiry}.{_sign(secret, player_id, expiry)}"


def read_token(secret: bytes, token: str | None) -> str | None:
    """The player id a token names, or ``None`` if it is missing, malformed, forged or expired."""
    if not token or not isinstance(token, str) or len(token) > 200 or token.count(".") != 2:
        return None
    player_id, expiry, sig = token.split(".")
    if not _ID.match(player_id) or not _EXPIRY.match(expiry) or int(expiry) < time.time():
        return None
    good = _sign(secret, player_id, int(expiry))
    return player_id if hmac.compare_digest(good, sig) else None


def token_of_subprotocols(offered: list[str]) -> str | None:
    """The token a WebSocket client offered as the subprotocol ``token.<token>``."""
    for protocol in offered:
        if protocol.startswith("token."):
            return protocol[len("token."):]
    return None
