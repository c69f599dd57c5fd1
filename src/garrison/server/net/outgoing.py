"""What the server sends a page, declared once: one pydantic model per message type, the union
``ServerMessage`` (by ``type``), and the builders the server makes each message with.

``net/messages.py`` declares the other way (what a page may send). Both are the protocol of
docs/server.md, "The WebSocket protocol"; ``tools/protocol_js.py`` writes the page's copy
(``web/protocol.js``: every type's fields), which the page checks each message against, and
the tests hold every message the server sends in their flows to these models.

The builders make plain dicts: a view is built on every move for every seat, so the hot
messages (``view``, ``delta``, ``ack``) are written as dicts in the modules that make them and
only declared here; the tests validate them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..errors import error_body
from ..models import ErrorOut

Ref = str | int | None


class _Out(BaseModel):
    """A message to a page; one that answers the page's message echoes its ``ref``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ref: Ref = None


class View(_Out):
    """A seat's whole view of the table (``domain/table.py``, ``Runtime.view``)."""

    type: Literal["view"]
    table: dict[str, Any]
    n: int
    seat: int | None
    to_move: int | None
    obs: dict[str, Any] | None
    text: str | None
    legal: list[dict[str, Any]]
    ui: dict[str, Any] | None
    returns: list[float] | None
    ended: dict[str, Any] | None = None
    log_total: int | None = None  # the log holds more lines than the view: ask for them
    log_start: int | None = None  # the number of the view's first log line
    missed: int | None = None  # moves since the move number the page said it had seen


class Delta(_Out):
    """The changes from view ``from`` to view ``n`` (``net/wire.py``'s patch)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    type: Literal["delta"]
    from_: int = Field(alias="from")
    n: int
    patch: list[Any]


class Ack(_Out):
    """A move taken: the move number it was and the table's number now."""

    type: Literal["ack"]
    n: int
    now: int
    duplicate: bool | None = None


class Pong(_Out):
    type: Literal["pong"]
    n: int


class LogPage(_Out):
    """Older lines of the seat's log (``log`` request)."""

    type: Literal["log"]
    start: int
    lines: list[str]
    total: int


#: Every refusal: a stable code and one line for a person (``errors.error_body`` makes it).
Error = ErrorOut


class Notice(_Out):
    """A line for the people at the table (a bot standing in, a resignation)."""

    type: Literal["notice"]
    message: str


class SeatLost(_Out):
    """The socket's guest no longer holds its seat: it watches from now on."""

    type: Literal["seat_lost"]
    seat: int
    message: str


class Clock(_Out):
    """The table's clock (``domain/clock.py``)."""

    type: Literal["clock"]
    kind: str
    seconds: float
    left: list[float | None]
    to_move: int | None


class Rematch(_Out):
    """The rematch offer: open, declined or ready (with the new table)."""

    type: Literal["rematch"]
    state: Literal["open", "declined", "ready"]
    by: int | None
    accepted: list[int]
    waiting: list[int]
    table: str | None


class Draw(_Out):
    """A draw offer in a two-player game: open, declined or agreed."""

    type: Literal["draw"]
    state: Literal["open", "declined", "agreed"]
    by: int | None


class Ended(_Out):
    """The answer to a resignation."""

    type: Literal["ended"]
    how: Literal["resigned"]
    by: int
    message: str


class Chat(_Out):
    """A line said at the table."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    type: Literal["chat"]
    id: int | None = None
    from_: str = Field(alias="from")
    name: str
    seat: int | None
    text: str
    at: float


class ChatLog(_Out):
    """The table's recent chat, on connect."""

    type: Literal["chat_log"]
    lines: list[Chat]


class Presence(_Out):
    """Who is here: seats with a page open, named watchers, and how many others."""

    type: Literal["presence"]
    seats: list[int]
    watchers: list[str]
    anonymous: int


AnyServerMessage = (View | Delta | Ack | Pong | LogPage | Error | Notice | SeatLost | Clock
                    | Rematch | Draw | Ended | Chat | ChatLog | Presence)
ServerMessage = Annotated[AnyServerMessage, Field(discriminator="type")]
#: Checks a message the server sent (the tests; ``tools/protocol_js.py``).
SERVER_MESSAGES: TypeAdapter[AnyServerMessage] = TypeAdapter(ServerMessage)


# -- the builders ------------------------------------------------------------------------------
def notice(message: str) -> dict[str, Any]:
    return {"type": "notice", "message": message}


def seat_lost(seat: int, message: str) -> dict[str, Any]:
    return {"type": "seat_lost", "seat": seat, "message": message}


def draw(state: str, by: int | None) -> dict[str, Any]:
    return {"type": "draw", "state": state, "by": by}


def ended(by: int, message: str) -> dict[str, Any]:
    return {"type": "ended", "how": "resigned", "by": by, "message": message}


def pong(n: int, ref: Ref) -> dict[str, Any]:
    return {"type": "pong", "n": n, "ref": ref}


def chat_log(lines: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "chat_log", "lines": lines}


def field_names(models: tuple[type[BaseModel], ...] | None = None) -> dict[str, dict[str, list[str]]]:
    """Each message type's fields besides ``type``, required and optional (``models``: the
    server's messages unless given, e.g. ``messages.AnyMessage.__args__``): what
    ``web/protocol.js`` holds (``tools/protocol_js.py``)."""
    out: dict[str, dict[str, list[str]]] = {}
    for model in models or AnyServerMessage.__args__:
        kind = model.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
        fields = {(f.alias or name): f.is_required() for name, f in model.model_fields.items()
                  if name != "type"}
        out[kind] = {"required": sorted(k for k, req in fields.items() if req),
                     "optional": sorted(k for k, req in fields.items() if not req)}
    return out


__all__ = ["SERVER_MESSAGES", "AnyServerMessage", "ServerMessage", "chat_log", "draw", "ended",
           "error_body", "field_names", "notice", "pong", "seat_lost"]
