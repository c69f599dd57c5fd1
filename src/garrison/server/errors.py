"""The one error the server answers with: a stable code and one line for a person."""

from __future__ import annotations

from typing import Any


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The one shape of every refusal, over HTTP and the socket (``net/outgoing.py``'s
    ``Error``): ``extra`` fields that are None are left out."""
    return {"type": "error", "code": code, "message": message,
            **{k: v for k, v in extra.items() if v is not None}}


class ServerError(Exception):
    """A request the server refuses; ``code`` is stable, the message is one line for a person."""

    status = {
        "not_found": 404, "unauthorized": 401, "forbidden": 403, "stale": 409, "conflict": 409,
        "rate_limited": 429, "unavailable": 503,
    }

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.extra = extra

    @property
    def http_status(self) -> int:
        return self.status.get(self.code, 400)

    def as_dict(self) -> dict[str, Any]:
        return error_body(self.code, str(self), **self.extra)
