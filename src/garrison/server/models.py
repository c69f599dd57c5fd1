"""What the HTTP API takes and gives: request bodies and the one error shape (OpenAPI)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Header
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_PLAYERS = 16

OptionValue = str | int | float | bool | None
#: A table's options as a client sends them outside a body (``GET /api/games/{name}/levels``):
#: the same limits as ``TableIn.options``.
OPTIONS: TypeAdapter[dict[str, OptionValue]] = TypeAdapter(
    Annotated[dict[Annotated[str, Field(max_length=40)], OptionValue], Field(max_length=30)])
Auth = Annotated[str | None, Header(description="Bearer <guest token>")]
TableId = Annotated[str, PathParam(max_length=16)]


class GuestIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=24, pattern=r"^[^\x00-\x1f<>&]+$")


class RecoverIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=24, description="the guest's name")
    code: str = Field(min_length=1, max_length=40,
                      description="the recovery code shown when the guest was made")


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=40)


class ClockIn(BaseModel):
    """A table's clock: ``move`` (seconds for every move, 5-3600) or ``game`` (seconds for
    each seat's whole game, 30-36000)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["move", "game"]
    seconds: int = Field(ge=5, le=36000)


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=40)
    options: dict[Annotated[str, PathParam(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=30)
    seats: list[SeatIn] | None = Field(default=None, max_length=MAX_PLAYERS)
    seat: int | None = Field(default=0, ge=0, lt=MAX_PLAYERS, description="seat to take (null: none)")
    clock: ClockIn | None = Field(default=None, description="a clock for the people (null: none)")


class SeatPick(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, lt=MAX_PLAYERS)


class RematchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    accept: bool = Field(default=True, description="offer or accept (false: decline)")


class DrawIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    accept: bool = Field(default=True, description="offer or accept a draw (false: decline)")


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=0, lt=2**31, description="the move number this move expects to be")
    action: int = Field(ge=0, lt=2**31)
    seat: int | None = Field(default=None, ge=0, lt=MAX_PLAYERS)


class ErrorOut(BaseModel):
    """Every refusal, over HTTP and the socket: a stable code and one line for a person (made
    by ``errors.error_body``; ``net/outgoing.py`` lists it among the socket's messages)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["error"] = "error"
    code: str
    message: str
    ref: str | int | None = None  # the socket message's own ref, echoed
    retry_after: int | None = None  # a limit: seconds to wait
    now: int | None = None  # a stale move: the table's move number now
    ok: bool | None = None  # the health check's answer


#: The refusals any route may answer with (the OpenAPI schema lists them all).
ERRORS = {400: "bad input, named", 401: "no valid guest token", 403: "not your seat",
          404: "no such table or game", 409: "stale move, taken seat, or not finished",
          422: "malformed request", 429: "a limit: rate, tables or sockets",
          503: "the database cannot be used"}

