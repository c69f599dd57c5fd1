"""What a page may send over the WebSocket, declared once (pydantic) and checked before anything
is done with it: JSON text of one object, nested at most as deep as the schema needs, with a
known ``type``, bounded integers and short strings, and no other fields. A message that does
not fit gets an error reply naming the field and what it may be; the socket stays open.

* ``{"type": "ping", "ref": r}`` — answered with ``pong`` and the move number;
* ``{"type": "sync", "n": k, "ref": r}`` — the whole current view (``n``: the last move seen);
* ``{"type": "move", "n": k, "action": a, "ref": r}`` — a move for the socket's seat;
* ``{"type": "log", "before": i, "count": c, "ref": r}`` — older lines of the seat's log;
* ``{"type": "chat", "text": t, "ref": r}`` — say a line at the table (a signed-in guest);
* ``{"type": "rematch", "accept": true | false, "ref": r}`` — offer or accept a rematch of the
  finished game (``false``: decline the offer), for the socket's seat;
* ``{"type": "resign", "ref": r}`` — the socket's seat resigns (``server/endings.py``);
* ``{"type": "draw", "accept": true | false, "ref": r}`` — offer or accept a draw in a
  two-player game (``false``: decline the other player's offer).

``ref`` is optional everywhere: a string of at most 64 characters or an integer from 0 to
2**31 - 1, echoed in the reply.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

MAX_INT = 2**31 - 1
Count = Annotated[StrictInt, Field(ge=0, le=MAX_INT)]
Ref = Annotated[StrictStr, Field(max_length=64)] | Count | None


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ref: Ref = None


class Ping(_Message):
    type: Literal["ping"]


class Sync(_Message):
    type: Literal["sync"]
    n: Count | None = None


class Move(_Message):
    type: Literal["move"]
    n: Count
    action: Count


class LogPage(_Message):
    type: Literal["log"]
    before: Count
    count: Annotated[StrictInt, Field(ge=1, le=500)] = 100


class Chat(_Message):
    type: Literal["chat"]
    text: Annotated[StrictStr, Field(min_length=1, max_length=1000)]


class Rematch(_Message):
    type: Literal["rematch"]
    accept: StrictBool = True


class Resign(_Message):
    type: Literal["resign"]


class Draw(_Message):
    type: Literal["draw"]
    accept: StrictBool = True


AnyMessage = Ping | Sync | Move | LogPage | Chat | Rematch | Resign | Draw
Message = Annotated[AnyMessage, Field(discriminator="type")]
_ADAPTER: TypeAdapter[AnyMessage] = TypeAdapter(Message)


#: The message types, in words.
TYPES = "ping, sync, move, log, chat, rematch, resign or draw"


class BadMessage(ValueError):
    """A message that does not fit the protocol; the text names the field and what it may be.
    ``ref`` is the message's own ref when that much could be read."""

    def __init__(self, text: str, ref: str | int | None = None) -> None:
        super().__init__(text)
        self.ref = ref


def parse(text: str) -> AnyMessage:
    """The message in ``text``.

    Raises:
        BadMessage: it is not JSON, not one object, or a field is missing, unknown or out of
            range (named in the text).
    """
    try:
        return _ADAPTER.validate_json(text)
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        kind = first.get("type", "")
        if kind == "json_invalid":
            raise BadMessage("messages are JSON objects: " + str(first.get("msg", ""))) from None
        if kind in ("model_attributes_type", "model_type") or not where:
            raise BadMessage(f"messages are JSON objects with a 'type': {TYPES}") from None
        if kind == "union_tag_invalid" or where == "type":
            raise BadMessage(f"unknown message type; use {TYPES}") from None
        if kind == "union_tag_not_found":
            raise BadMessage(f"a message needs a 'type': {TYPES}") from None
        field = where.split(".", 1)[1] if "." in where else where
        field = field.split(".")[0]
        raise BadMessage(f"field '{field}': {_allowed(field, str(first.get('msg', '')))}",
                         _ref_of(text)) from None


_ALLOWED = {
    "ref": "a string of at most 64 characters or an integer from 0 to 2147483647",
    "n": "a move number, an integer from 0 to 2147483647",
    "action": "an action id, an integer from 0 to 2147483647",
    "before": "a log line number, an integer from 0 to 2147483647",
    "count": "a number of log lines, an integer from 1 to 500",
    "text": "a chat line, a string of 1 to 300 visible characters",
    "accept": "true (offer or accept a rematch or a draw) or false (decline it)",
}


def _allowed(field: str, why: str) -> str:
    if field in _ALLOWED:
        return f"{_ALLOWED[field]} ({why.lower()})" if why else _ALLOWED[field]
    return f"not a field of this message ({why.lower()})" if why else "not a field of this message"


def _ref_of(text: str) -> str | int | None:
    """The message's ``ref`` if it is a valid one (to echo with the error), else None."""
    try:
        raw = TypeAdapter(dict[str, object]).validate_json(text)
    except ValidationError:
        return None
    ref = raw.get("ref")
    if isinstance(ref, str) and len(ref) <= 64:
        return ref
    if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref <= MAX_INT:
        return ref
    return None
