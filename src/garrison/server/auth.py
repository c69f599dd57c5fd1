"""Guest identity: a player id signed with the server's key (HMAC-SHA256), nothing else.

The token is ``<player id>.<signature>``; whoever holds it is that guest. The key lives in the
database so every server process (and a restarted one) accepts the same tokens.
"""

from __future__ import annotations

import hashlib
import hmac
import re

_ID = re.compile(r"^[0-9a-f]{16}$")


def make_token(secret: bytes, player_id: str) -> str:
    sig = hmac.new(secret, player_id.encode(), hashlib.sha256).hexdigest()
    return f"{player_id}.{sig}"


def read_token(secret: bytes, token: str | None) -> str | None:
    """The player id a token names, or ``None`` if it is missing, malformed or forged."""
    if not token or not isinstance(token, str) or len(token) > 200 or "." not in token:
        return None
    player_id, _, sig = token.partition(".")
    if not _ID.match(player_id):
        return None
    good = hmac.new(secret, player_id.encode(), hashlib.sha256).hexdigest()
    return player_id if hmac.compare_digest(good, sig) else None
