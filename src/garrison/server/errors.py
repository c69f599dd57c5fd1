"""The one error the server answers with: a stable code and one line for a person."""

from __future__ import annotations

from typing import Any


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
        return {"type": "error", "code": self.code, "message": str(self), **self.extra}
