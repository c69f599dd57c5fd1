"""The lobby's HTTP routes: health, games, guests, tables, taking and leaving seats."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError

import garrison
from garrison.bots import bot_names
from garrison.core import Game, GameError, OptionError, game_class, games, load
from garrison.core.seats import seat_label

from ..botlimits import BotLimits
from ..context import Ctx, Guest, KnownGuest, held_seat
from ..domain.auth import make_token, new_recovery_code, recovery_hash
from ..domain.clock import Clock
from ..domain.names import clean_name
from ..domain.strengths import rated_tables, strengths
from ..domain.table import partners, table_meta
from ..errors import ServerError, error_body
from ..hub import default_bot
from ..models import OPTIONS, GuestIn, RecoverIn, SeatIn, SeatPick, TableId, TableIn
from ..net.http import client_address, too_many
from ..net.wire import dumps
from ..options import OptionFiles
from ..store.db import Conflict

log = logging.getLogger("garrison.server")
router = APIRouter()


def _game_info(name: str, files: OptionFiles, limits: BotLimits) -> dict[str, Any]:
    cls = game_class(name)
    lo, hi = cls.player_range()
    game = cls()

    def choices(s: Any) -> list[Any] | None:
        if s.path:  # a file is offered only by the operator's name for it
            return [s.default, *files.names(name, s.name)]
        if s.choices is None and s.name == "players":  # a count: a choice of what is allowed
            return list(range(max(lo, int(s.low or lo)), min(hi, int(s.high or hi)) + 1))
        return list(s.choices) if s.choices is not None else None

    return {
        "name": name, "title": cls.title, "summary": cls.summary, "players": [lo, hi],
        "options": [
            {"name": s.name, "label": s.title, "default": s.default,
             "allowed": ("the built-in default, or a name the server offers" if s.path
                         else s.allowed()),
             "doc": s.line,
             "values": {str(v): {"label": lab, "doc": why} for v, (lab, why) in s.values.items()},
             "choices": choices(s), "kind": s.kind.__name__,
             "more": not s.main, "research": s.research}
            for s in cls.option_specs()
        ],
        "presets": [{"name": p.name, "label": p.label, "doc": p.doc, "options": dict(p.options)}
                    for p in cls.Params.TABLES],
        # an option that names a bundle of the others (Stratego's rule set): what each value
        # sets, so that a page shows the options the table will have
        "bundles": ({"option": cls.Params.PRESET_OPTION,
                     "values": {k: dict(v) for k, v in cls.Params.PRESETS.items()}}
                    if cls.Params.PRESETS else None),
        "bots": bot_names(cls), "default_bot": default_bot(game),
        "strengths": strengths(game, limits), "rated": rated_tables(game),
        "teams": partners(game),  # at the default options; ``/seats`` at others
    }


def clean_options(options: dict[str, Any], longest: int) -> dict[str, Any]:
    """The options a client sent, text values with their spaces folded, none longer than
    ``longest`` characters (tables store and echo them in every listing).

    Raises:
        ServerError: ``bad_option`` naming the option that is too long.
    """
    out: dict[str, Any] = {}
    for key, value in options.items():
        if value is None:
            continue
        if isinstance(value, str):
            value = " ".join(value.split())
            if len(value) > longest:
                raise ServerError("bad_option", f"option '{key}' is {len(value)} characters "
                                                f"long; at most {longest} are allowed")
        out[key] = value
    return out


async def _load_game(c: Ctx, name: str, options: dict[str, Any]) -> Game:
    """The game ``name`` with a client's cleaned ``options``, a file option only by the name
    the operator gave it.

    Raises:
        ServerError: ``bad_option`` naming the unknown game or what is wrong with an option
            (with ``says``, the same in the options' labels, where the game words it so).
    """
    files = c.settings.option_files
    try:
        game_class(name)
        files.check(name, options)  # never a path from the network
        return await asyncio.to_thread(lambda: load(name, **files.resolve(name, options)))
    except OptionError as err:  # with the same refusal in the lobby's words
        raise ServerError("bad_option", str(err),
                          says=err.says if err.says != str(err) else None) from None
    except GameError as err:
        raise ServerError("bad_option", str(err)) from None
    except (TypeError, ValueError) as err:
        raise ServerError("bad_option", f"bad options: {err}") from None


def _rules_text(name: str) -> str | None:
    """The game's rules page from ``docs/rules`` when the source tree is at hand."""
    root = Path(garrison.__file__).resolve().parents[2] / "docs" / "rules"
    cls = game_class(name)
    folder = cls.__module__.split(".")[2] if cls.__module__.count(".") >= 2 else name
    for stem in (name, folder):
        path = root / f"{stem}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None



@router.get("/api/health", responses={503: {"description": "the database cannot be used"}})
async def health(c: Ctx) -> Any:
    """OK only when the database can be written and read back now."""
    try:
        await asyncio.to_thread(c.store.probe)
    except Exception as err:  # any failure of the database is the answer here
        log.error("health check: the database failed: %s", err)
        return JSONResponse(error_body("unavailable", "the database cannot be written or read",
                                       ok=False), status_code=503)
    return {"ok": True, "tables_live": len(c.hub.runtimes), **c.hub.stats}

@router.get("/api/games")
async def list_games(c: Ctx) -> list[dict[str, Any]]:
    return [_game_info(name, c.settings.option_files, c.settings.bot_limits) for name in games()]

@router.get("/api/games/{name}")
async def game_info(c: Ctx, name: Annotated[str, PathParam(max_length=40)]) -> dict[str, Any]:
    try:
        info = _game_info(name, c.settings.option_files, c.settings.bot_limits)
    except GameError as err:
        raise ServerError("not_found", str(err)) from None
    game = game_class(name)()
    info["describe"] = game.describe()
    info["how_to_play"] = game.how_to_play()  # the game's own words, from its default options
    info["rules"] = _rules_text(name)
    return info

async def _game_at(c: Ctx, name: str, options: str) -> Game:
    """The game of a table of these options, given as a JSON object in a query (the others at
    their defaults).

    Raises:
        ServerError: ``bad_request`` when ``options`` is not a JSON object of option values;
            ``bad_option`` naming an unknown game or an option it refuses.
    """
    try:
        chosen = OPTIONS.validate_json(options)
    except ValidationError as err:
        raise ServerError("bad_request", f"options: {err.errors()[0]['msg']}; allowed: a JSON "
                                         f"object of at most 30 option values (text, numbers, "
                                         f"true or false)") from None
    return await _load_game(c, name, clean_options(chosen, c.settings.option_max_length))


@router.get("/api/games/{name}/levels")
async def game_levels(c: Ctx, name: Annotated[str, PathParam(max_length=40)],
                      options: Annotated[str, Query(max_length=4000)] = "{}") -> list[dict[str, Any]]:
    """The levels a seat may get at a table of these options (a JSON object of option values;
    the others at their defaults), as ``strengths`` in ``GET /api/games/{name}``: a game's
    levels and their ratings follow its options (Stratego's ``master`` only with the classic
    army)."""
    return strengths(await _game_at(c, name, options), c.settings.bot_limits)


@router.get("/api/games/{name}/seats")
async def game_seats(c: Ctx, name: Annotated[str, PathParam(max_length=40)],
                     options: Annotated[str, Query(max_length=4000)] = "{}") -> dict[str, Any]:
    """How a table of these options seats its players: how many, and the teams of partners
    (Scopa's four players as two teams sitting opposite; none where each plays alone)."""
    game = await _game_at(c, name, options)
    return {"players": game.num_players, "teams": partners(game)}


@router.post("/api/guests", status_code=201)
async def new_guest(c: Ctx, body: GuestIn, request: Request) -> dict[str, Any]:
    name = clean_name(body.name)
    if not name:
        raise ServerError("bad_request", "a name needs at least one visible character")
    wait = c.new_guests.wait(client_address(request))
    if wait > 0:
        raise too_many("new guests", wait)
    code = new_recovery_code()
    pid = await asyncio.to_thread(c.store.add_player, name, recovery_hash(c.secret, code))
    # the recovery code is shown this once; the server keeps only its keyed hash
    return {"id": pid, "name": name, "recovery": code,
            "token": make_token(c.secret, pid, c.settings.token_ttl)}

@router.post("/api/guests/recover", responses={401: {"description": "no such name and code"}})
async def recover(c: Ctx, body: RecoverIn, request: Request) -> dict[str, Any]:
    """A token for the guest of this name and recovery code (after a sign-out, on another
    device): the guest's seats and tables are theirs again. Tries are limited per address as
    new guests are."""
    wait = c.recoveries.wait(client_address(request))
    if wait > 0:
        raise too_many("recovery tries", wait)
    name = clean_name(body.name)
    found = await asyncio.to_thread(c.store.recover, name, recovery_hash(c.secret, body.code))
    if found is None:
        raise ServerError("unauthorized", "no guest of that name has this recovery code (it "
                                          "is the code shown when the name was chosen)")
    pid, epoch = found
    c.epochs.forget(pid)
    return {"id": pid, "name": name,
            "token": make_token(c.secret, pid, c.settings.token_ttl, epoch)}

@router.post("/api/guests/renew", responses={401: {"description": "no valid token"}})
async def renew(c: Ctx, pid: KnownGuest) -> dict[str, Any]:
    """A fresh token for the guest whose token (still valid) is sent."""
    name = await asyncio.to_thread(c.store.player_name, pid)
    epoch = await asyncio.to_thread(c.store.token_epoch, pid)
    return {"id": pid, "name": name,
            "token": make_token(c.secret, pid, c.settings.token_ttl, epoch or 0)}

@router.post("/api/guests/signout", responses={401: {"description": "no valid token"}})
async def sign_out(c: Ctx, pid: KnownGuest) -> dict[str, Any]:
    """End every token of this guest, on every device (the seats stay the guest's)."""
    await asyncio.to_thread(c.store.revoke, pid)
    c.epochs.forget(pid)
    epoch = await asyncio.to_thread(c.store.token_epoch, pid)
    await c.hub.revoked({pid: epoch if epoch is not None else -1})  # this process's at once
    return {"ok": True}

@router.get("/api/me")
async def me(c: Ctx, pid: KnownGuest) -> dict[str, Any]:
    name = await asyncio.to_thread(c.store.player_name, pid)
    return {"id": pid, "name": name}

@router.get("/api/me/tables")
async def my_tables(c: Ctx, pid: KnownGuest) -> list[dict[str, Any]]:
    """The tables where this guest holds a seat, or held one that a bot keeps for them (they
    may take it back), the latest first; each with ``mine``, the guest's seat."""
    rows = await asyncio.to_thread(c.store.guest_tables, pid)
    out = []
    for row in rows:
        meta = table_meta(row)
        meta["mine"] = next((s.seat for s in row.seats if s.player_id == pid), None)
        out.append(meta)
    return out

@router.get("/api/tables", response_model=list[dict[str, Any]],
            responses={304: {"description": "unchanged since the ETag sent in If-None-Match"}})
async def list_tables(
    c: Ctx,
    request: Request,
    status: Annotated[Literal["waiting", "playing", "finished", "closed"] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> Response:
    """The lobby's tables, the latest first, with an ``ETag``: a page that polls sends it back
    in ``If-None-Match`` and gets ``304`` (no body) while nothing changed."""
    rows = await asyncio.to_thread(c.store.list_tables, status, limit)
    text = dumps([table_meta(r) for r in rows])
    etag = '"' + hashlib.sha256(text.encode()).hexdigest()[:24] + '"'
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(text, media_type="application/json", headers=headers)

@router.post("/api/tables", status_code=201)
async def create_table(c: Ctx, body: TableIn, pid: KnownGuest, request: Request) -> dict[str, Any]:
    options = clean_options(body.options, c.settings.option_max_length)
    game = await _load_game(c, body.game, options)
    wait = c.new_tables.wait(client_address(request))
    if wait > 0:
        raise too_many("new tables", wait)
    made, all_bot = await asyncio.to_thread(c.store.open_tables, pid)
    if made >= c.settings.max_tables_per_guest:
        raise ServerError("rate_limited", f"you have {made} tables waiting or in play; the "
                          f"limit is {c.settings.max_tables_per_guest}: finish or leave one first")
    n = game.num_players
    seats = body.seats or [SeatIn(kind="human")] + [
        SeatIn(kind="bot", bot=default_bot(game)) for _ in range(n - 1)]
    if len(seats) != n:
        raise ServerError("bad_request", f"{game.title} with these options has {n} seats, "
                                         f"not {len(seats)}")
    rows: list[tuple[str, str | None, str | None]] = []
    for i, s in enumerate(seats):
        if s.kind == "bot":
            bot = c.settings.bot_limits.check(game, s.bot or default_bot(game))
            rows.append(("bot", None, bot))
        else:
            rows.append(("human", pid if body.seat == i else None, None))
    if all(kind == "bot" for kind, _, _ in rows) and all_bot >= c.settings.max_bot_tables_per_guest:
        raise ServerError("rate_limited", f"you have {all_bot} tables of bots only in play; "
                          f"the limit is {c.settings.max_bot_tables_per_guest}")
    if body.seat is not None and (body.seat >= n or seats[body.seat].kind != "human"):
        raise ServerError("bad_request", f"seat {body.seat} is not a seat for a person here")
    stored = {**game.options, **{k: v for k, v in options.items() if k in game.options}}
    clock = None
    if body.clock is not None:  # checked against the allowed times before anything is stored
        clock = json.dumps(Clock.make(body.clock.kind, body.clock.seconds, n).config())
    tid = await asyncio.to_thread(c.store.create_table, game.name, stored, pid, rows, clock)
    rt = await c.hub.runtime(tid)
    await c.hub.start_if_full(rt)
    return rt.meta()

@router.get("/api/tables/{tid}")
async def get_table(c: Ctx, tid: TableId) -> dict[str, Any]:
    row = await asyncio.to_thread(c.store.table, tid)
    if row is None:
        raise ServerError("not_found", f"there is no table {tid!r}")
    return table_meta(row)

@router.post("/api/tables/{tid}/join")
async def join(c: Ctx, tid: TableId, body: SeatPick, pid: KnownGuest) -> dict[str, Any]:
    rt = await c.hub.runtime(tid)
    if rt.row.status == "closed":
        raise ServerError("conflict", "this table was closed after waiting too long; "
                                      "create a new one")
    if rt.row.status != "waiting":
        raise ServerError("conflict", "the game has started; you can watch it")
    if body.seat >= len(rt.row.seats):
        raise ServerError("bad_request", f"there is no seat {body.seat}")
    mine = [s.seat for s in rt.row.seats if s.kind == "human" and s.player_id == pid]
    if mine:  # one page plays one seat: a second seat would freeze the game for you
        raise ServerError("conflict", f"you already hold {seat_label(mine[0])} at this table")
    try:
        await asyncio.to_thread(c.store.take_seat, tid, body.seat, pid)
    except Conflict as err:
        raise ServerError("conflict", str(err)) from None
    await c.hub.seats_changed(rt)
    return rt.meta()

@router.post("/api/tables/{tid}/leave")
async def leave(c: Ctx, tid: TableId, body: SeatPick, pid: Guest) -> dict[str, Any]:
    rt = await c.hub.runtime(tid)
    await held_seat(rt, pid, body.seat)
    if rt.row.status == "waiting":
        await asyncio.to_thread(c.store.free_seat, tid, body.seat, pid)
    elif rt.row.status == "playing":  # away from now on: a bot takes over after the grace
        for conn in [k for k in rt.conns if k.seat == body.seat]:
            conn.seat = None  # that seat's open pages now watch as spectators
        await asyncio.to_thread(c.store.seen, tid, [body.seat], time.time())
    await c.hub.seats_changed(rt)
    return rt.meta()

