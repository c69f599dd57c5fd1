"""What every HTTP answer goes through: errors as one line (never a traceback), security headers,
the per-address rate limit; and the small checks the WebSocket shares (query numbers, Origin)."""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from collections import OrderedDict
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from ..config import Settings
from ..errors import ServerError, error_body
from .bodies import BodyLimit

log = logging.getLogger("garrison.server")


class Bucket:
    """A token bucket: ``rate`` per second, bursts of ``burst`` (``4 * rate`` unless given)."""

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = max(1.0, 4 * rate if burst is None else burst)
        self.tokens = self.burst
        self.at = time.monotonic()

    def take(self) -> bool:
        return self.wait() == 0.0

    def wait(self) -> float:
        """Take a token: 0.0 if there was one, else the seconds until there will be."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


class AddressBuckets:
    """One bucket per client address, for at most ``size`` addresses: when a new address comes
    and there is no room, the least recently seen one is forgotten (never everyone at once)."""

    def __init__(self, rate: float, burst: float | None = None, size: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.size = max(1, size)
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def wait(self, address: str) -> float:
        """Seconds the address must wait before it may do this again (0.0: go ahead now)."""
        bucket = self.buckets.get(address)
        if bucket is None:
            while len(self.buckets) >= self.size:
                self.buckets.popitem(last=False)
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
        else:
            self.buckets.move_to_end(address)
        return bucket.wait()


def too_many(what: str, wait: float) -> ServerError:
    """The 429 for a per-address limit, with the seconds to wait (sent as Retry-After)."""
    seconds = max(1, math.ceil(wait))
    return ServerError("rate_limited", f"too many {what} from your address; try again in "
                                       f"{seconds} s", retry_after=seconds)


#: Every HTTP answer: no inline script runs, no other site frames the page, no referrer leaks.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                               "base-uri 'none'; form-action 'self'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


class Limit:
    """A per-address limit and a cap across all addresses on the same thing (new guests, new
    tables): an address past its own allowance, or everyone together past the cap, waits."""

    def __init__(self, per_hour: float, total_per_minute: float, size: int) -> None:
        self.by_address = AddressBuckets(per_hour / 3600, per_hour / 4, size)
        self.total = Bucket(total_per_minute / 60, total_per_minute / 4)

    def wait(self, address: str) -> float:
        """Seconds to wait before this may be done again from ``address`` (0.0: now). An address
        past its own allowance is refused without spending the cap."""
        own = self.by_address.wait(address)
        if own > 0:
            return own
        return self.total.wait()


def address_group(host: str) -> str:
    """What the limits count an address as: an IPv4 address itself, an IPv6 address by its /64
    (one home or host is given a whole /64, so its addresses are one client)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return host


def client_address(conn: HTTPConnection) -> str:
    """The address a request or socket is counted as (the proxy's view when the operator trusts
    it: uvicorn's ``forwarded_allow_ips``), IPv6 by its /64 (``address_group``)."""
    return address_group(conn.client.host) if conn.client else "?"


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



#: The errors the framework raises itself, in our words.
FRAMEWORK_ERRORS = {
    400: ("bad_request", "the request body is not JSON this server can read (a number with "
                         "more than 4,300 digits, say)"),
    404: ("not_found", "there is nothing at this address"),
    405: ("bad_request", "this address does not take that method"),
}


def install(app: FastAPI, settings: Settings, buckets: AddressBuckets) -> None:
    """The exception handlers and middlewares of the app; ``buckets``: the per-address request
    limit, which WebSocket handshakes share."""
    # innermost of the middlewares: the rate limit and the headers come first
    app.add_middleware(BodyLimit, max_body=settings.max_body, max_depth=settings.max_json_depth)

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, err: ServerError) -> JSONResponse:
        headers = ({"Retry-After": str(err.extra["retry_after"])}
                   if "retry_after" in err.extra else None)
        return JSONResponse(err.as_dict(), status_code=err.http_status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        msg = f"{where}: {first.get('msg', 'invalid input')}" if where else first.get("msg", "invalid")
        return JSONResponse(error_body("bad_request", msg), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        # what the framework itself refuses (an unknown path, a method, a body it cannot
        # parse), in the one shape every error has
        code, message = FRAMEWORK_ERRORS.get(err.status_code, ("bad_request", str(err.detail)))
        return JSONResponse(error_body(code, message), status_code=err.status_code,
                            headers=err.headers)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, err: Exception) -> JSONResponse:  # pragma: no cover
        log.exception("unexpected error")
        return JSONResponse(error_body("server_error", "the server failed; please try again"),
                            status_code=500)

    @app.middleware("http")
    async def _security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.middleware("http")
    async def _rate_limit(request: Request, call_next: Any) -> Any:
        if request.url.path.startswith("/api/"):
            wait = buckets.wait(client_address(request))
            if wait > 0:
                return JSONResponse(error_body("rate_limited", "too many requests; slow down"),
                                    status_code=429,
                                    headers={"Retry-After": str(max(1, math.ceil(wait)))})
        return await call_next(request)
