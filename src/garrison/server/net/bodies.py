"""Request bodies within limits: a body larger than the operator's ``max_body`` is refused (413)
before more than that is read, and a JSON body nested deeper than ``max_json_depth`` is refused
(400) before it is parsed, so neither memory nor the parser's recursion is the attacker's to
spend. Written as plain ASGI middleware: it sees every HTTP request before FastAPI reads it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from ..errors import error_body
from .wire import dumps

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def json_depth(data: bytes | str, limit: int) -> int:
    """How deep arrays and objects nest in JSON text ``data``, counted until ``limit`` is
    passed (then ``limit + 1``); brackets inside strings do not count."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


class BodyLimit:
    """ASGI middleware: bodies of at most ``max_body`` bytes, JSON at most ``max_depth`` deep."""

    def __init__(self, app: ASGIApp, max_body: int, max_depth: int) -> None:
        self.app = app
        self.max_body = max_body
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _refuse(send, 413, "too_large",
                          f"the request body is larger than this server takes "
                          f"({self.max_body} bytes at most)")
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_body:
                await _refuse(send, 413, "too_large",
                              f"the request body is larger than this server takes "
                              f"({self.max_body} bytes at most)")
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        data = b"".join(chunks)
        if b"json" in headers.get(b"content-type", b"") and \
                json_depth(data, self.max_depth) > self.max_depth:
            await _refuse(send, 400, "bad_request",
                          f"the request body nests arrays or objects more than "
                          f"{self.max_depth} deep")
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": data, "more_body": False}

        await self.app(scope, replay, send)


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = dumps(error_body(code, message)).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
