"""Guest identity: a player id and an expiry signed with the server's key (HMAC-SHA256).

The token is ``<player id>.<expiry>.<epoch>.<signature>``; whoever holds it is that guest until
the expiry (seconds since the epoch), and may renew it before then (``POST /api/guests/renew``),
unless the guest's token epoch moved on: signing out (``POST /api/guests/signout``) and the
operator's ``garrison revoke-guest`` count it up, and every older token is refused from then on
(a token of the older form without an epoch counts as epoch 0). The key lives in the database so every server process (and a restarted one) accepts the same tokens.
A page sends the token in the ``Authorization`` header, and on the WebSocket as the subprotocol
``token.<token>`` (never in a URL, where logs and referrers would keep it).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time

_ID = re.compile(r"^[0-9a-f]{16}$")
_NUMBER = re.compile(r"^[0-9]{1,12}$")


def _sign(secret: bytes, player_id: str, expiry: int, epoch: int) -> str:
    text = f"{player_id}.{expiry}" if epoch == 0 else f"{player_id}.{expiry}.{epoch}"
    return hmac.new(secret, text.encode(), hashlib.sha256).hexdigest()


def make_token(secret: bytes, player_id: str, ttl: float, epoch: int = 0) -> str:
    """A token for ``player_id`` good for ``ttl`` seconds from now, in token epoch ``epoch``."""
    expiry = int(time.time() + ttl)
    return f"{player_id}.{expiry}.{epoch}.{_sign(secret, player_id, expiry, epoch)}"


def read_claims(secret: bytes, token: str | None) -> tuple[str, int] | None:
    """``(player id, token epoch)`` of a token, or ``None`` if it is missing, malformed, forged
    or expired. (Whether the epoch is still the guest's is the caller's question.)"""
    if not token or not isinstance(token, str) or len(token) > 200:
        return None
    parts = token.split(".")
    if len(parts) == 3:
        parts.insert(2, "0")
    if len(parts) != 4:
        return None
    player_id, expiry, epoch, sig = parts
    if (not _ID.match(player_id) or not _NUMBER.match(expiry) or not _NUMBER.match(epoch)
            or int(expiry) < time.time()):
        return None
    good = _sign(secret, player_id, int(expiry), int(epoch))
    return (player_id, int(epoch)) if hmac.compare_digest(good, sig) else None


#: Letters of recovery codes: no 0/O, 1/I/L, so a code read aloud or copied by hand survives.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_recovery_code() -> str:
    """A guest's recovery code: 12 letters and digits in groups of four (about 59 bits)."""
    raw = "".join(secrets.choice(_CODE_LETTERS) for _ in range(12))
    return "-".join(raw[i:i + 4] for i in range(0, 12, 4))


def recovery_hash(secret: bytes, code: str) -> str:
    """The keyed hash a recovery code is stored as (case, spaces and dashes do not count)."""
    plain = "".join(ch for ch in code.upper() if ch.isalnum())
    return hmac.new(secret, b"recovery." + plain.encode(), hashlib.sha256).hexdigest()


def token_of_subprotocols(offered: list[str]) -> str | None:
    """The token a WebSocket client offered as the subprotocol ``token.<token>``."""
    for protocol in offered:
        if protocol.startswith("token."):
            return protocol[len("token."):]
    return None
