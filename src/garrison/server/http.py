"""What every HTTP answer goes through: errors as one line (never a traceback), security headers,
the per-address rate limit; and the small checks the WebSocket shares (query numbers, Origin)."""

from __future__ import annotations

import logging
import time
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from .config import Settings
from .errors import ServerError

log = logging.getLogger("garrison.server")


class Bucket:
    """A token bucket: ``rate`` per second, bursts of ``4 * rate``."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = 4 * rate
        self.at = time.monotonic()

    def take(self) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        self.tokens = min(4 * self.rate, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


#: Every HTTP answer: no inline script runs, no other site frames the page, no referrer leaks.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def small_number(text: str | None) -> int | None:
    """A query number: 1 to 9 ASCII digits, else None (``²``, 5000 digits, ``-1`` are not)."""
    if text is None or not 1 <= len(text) <= 9 or not all("0" <= c <= "9" for c in text):
        return None
    return int(text)


def origin_allowed(origin: str, host: str, allowed: tuple[str, ...]) -> bool:
    """A browser's WebSocket comes from the server's own page (same host) or a configured one."""
    origin = origin.rstrip("/")
    if origin in allowed:
        return True
    return origin.split("://", 1)[-1] == host



def install(app: FastAPI, settings: Settings) -> None:
    """The exception handlers and middlewares of the app."""
    buckets: dict[str, Bucket] = {}

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, err: ServerError) -> JSONResponse:
        return JSONResponse(err.as_dict(), status_code=err.http_status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        msg = f"{where}: {first.get('msg', 'invalid input')}" if where else first.get("msg", "invalid")
        return JSONResponse({"type": "error", "code": "bad_request", "message": msg}, status_code=422)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, err: Exception) -> JSONResponse:  # pragma: no cover
        log.exception("unexpected error")
        return JSONResponse({"type": "error", "code": "server_error",
                             "message": "the server failed; please try again"}, status_code=500)

    @app.middleware("http")
    async def _security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.middleware("http")
    async def _rate_limit(request: Request, call_next: Any) -> Any:
        if request.url.path.startswith("/api/"):
            host = request.client.host if request.client else "?"
            bucket = buckets.get(host)
            if bucket is None:
                if len(buckets) > 10_000:
                    buckets.clear()
                bucket = buckets[host] = Bucket(settings.http_rate)
            if not bucket.take():
                return JSONResponse({"type": "error", "code": "rate_limited",
                                     "message": "too many requests; slow down"}, status_code=429)
        return await call_next(request)
