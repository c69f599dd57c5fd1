"""The ASGI app: HTTP API (lobby, guests, tables, moves, replays), WebSocket play, the page.

``create_app(settings)`` builds a FastAPI app; ``garrison serve`` runs it on uvicorn. The HTTP
API is described by ``/openapi.json``; the WebSocket protocol is in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

import garrison
from garrison.bots import bot_class, bot_names
from garrison.core import GameError, game_class, games, load
from garrison.core.seats import seat_label

from .auth import make_token, read_token, token_of_subprotocols
from .config import Settings
from .db import Conflict, Store
from .errors import ServerError
from .hub import Conn, Hub, default_bot, table_meta
from .options import OptionFiles
from .wire import dumps

log = logging.getLogger("garrison.server")
WEB = Path(__file__).resolve().parent.parent / "web"
#: "How to play" for players, per game: short paragraphs (web/howto.json).
HOW_TO_PLAY: dict[str, list[str]] = json.loads((WEB / "howto.json").read_text(encoding="utf-8"))
MAX_PLAYERS = 16

OptionValue = str | int | float | bool | None
Auth = Annotated[str | None, Header(description="Bearer <guest token>")]


class GuestIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=24, pattern=r"^[^\x00-\x1f<>&]+$")


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=40)


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=40)
    options: dict[Annotated[str, PathParam(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=30)
    seats: list[SeatIn] | None = Field(default=None, max_length=MAX_PLAYERS)
    seat: int | None = Field(default=0, ge=0, lt=MAX_PLAYERS, description="seat to take (null: none)")


class SeatPick(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, lt=MAX_PLAYERS)


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int = Field(ge=0, lt=2**31, description="the move number this move expects to be")
    action: int = Field(ge=0, lt=2**31)
    seat: int | None = Field(default=None, ge=0, lt=MAX_PLAYERS)


class ErrorOut(BaseModel):
    """Every refusal: a stable code and one line for a person."""

    type: Literal["error"] = "error"
    code: str
    message: str
    ok: bool | None = None
    now: int | None = None


#: The refusals any route may answer with (the OpenAPI schema lists them all).
ERRORS = {400: "bad input, named", 401: "no valid guest token", 403: "not your seat",
          404: "no such table or game", 409: "stale move, taken seat, or not finished",
          422: "malformed request", 429: "a limit: rate, tables or sockets",
          503: "the database cannot be used"}


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


def _origin_allowed(origin: str, host: str, allowed: tuple[str, ...]) -> bool:
    """A browser's WebSocket comes from the server's own page (same host) or a configured one."""
    origin = origin.rstrip("/")
    if origin in allowed:
        return True
    return origin.split("://", 1)[-1] == host


def _game_info(name: str, files: OptionFiles) -> dict[str, Any]:
    cls = game_class(name)
    lo, hi = cls.player_range()
    game = cls()

    def choices(s: Any) -> list[Any] | None:
        if s.path:  # a file is offered only by the operator's name for it
            return [s.default, *files.names(name, s.name)]
        return list(s.choices) if s.choices is not None else None

    return {
        "name": name, "title": cls.title, "summary": cls.summary, "players": [lo, hi],
        "options": [
            {"name": s.name, "default": s.default,
             "allowed": ("the built-in default, or a name the server offers" if s.path
                         else s.allowed()),
             "doc": s.doc, "choices": choices(s), "kind": s.kind.__name__}
            for s in cls.option_specs()
        ],
        "bots": bot_names(cls), "default_bot": default_bot(game),
    }


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


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    store = Store(settings.db_url)
    hub = Hub(settings, store)
    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        hub.loop = asyncio.get_running_loop()
        await asyncio.to_thread(store.setup)
        state["secret"] = await asyncio.to_thread(store.secret)
        stop = threading.Event()
        listener = None
        if store.is_postgres:
            listener = threading.Thread(target=hub.listen, args=(stop,), daemon=True)
            listener.start()
        await hub.resume_all()
        sweeper = asyncio.create_task(hub.sweep_forever())
        try:
            yield
        finally:
            sweeper.cancel()
            stop.set()
            for rt in list(hub.runtimes.values()):
                if rt.bot_task is not None:
                    rt.bot_task.cancel()
            hub.pool.shutdown()
            if listener is not None:
                listener.join(timeout=2)
            store.close()

    app = FastAPI(
        title="Garrison server", version=garrison.__version__, lifespan=lifespan,
        responses={code: {"model": ErrorOut, "description": why} for code, why in ERRORS.items()},
        description="Lobby, tables, guests and moves for Garrison's games. Live play is on "
                    "the WebSocket /ws/tables/{id} (see docs/server.md).",
    )
    app.state.hub = hub
    app.state.settings = settings
    buckets: dict[str, Bucket] = {}
    sockets: dict[str, Any] = {"total": 0, "by": {}}  # open WebSockets, in all and per address

    # -- errors: one line, never a traceback -----------------------------------------------
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

    # -- helpers ---------------------------------------------------------------------------
    def who(authorization: str | None, required: bool = True) -> str | None:
        token = None
        if authorization:
            token = authorization.removeprefix("Bearer ").strip()
        pid = read_token(state["secret"], token)
        if pid is None and required:
            raise ServerError("unauthorized", "sign in as a guest first (POST /api/guests)")
        return pid

    async def held_seat(rt: Any, pid: str | None, seat: int | None) -> int | None:
        """The seat ``pid`` plays at this table (``seat`` picks one if several), or None."""
        held = [s.seat for s in rt.row.seats if s.kind == "human" and pid and s.player_id == pid]
        if seat is not None:
            if seat not in held:
                raise ServerError("forbidden", f"you do not hold seat {seat} at this table")
            return seat
        return held[0] if held else None

    # -- HTTP API --------------------------------------------------------------------------
    @app.get("/api/health", responses={503: {"description": "the database cannot be used"}})
    async def health() -> Any:
        """OK only when the database can be written and read back now."""
        try:
            await asyncio.to_thread(store.probe)
        except Exception as err:  # any failure of the database is the answer here
            log.error("health check: the database failed: %s", err)
            return JSONResponse({"type": "error", "code": "unavailable", "ok": False,
                                 "message": "the database cannot be written or read"},
                                status_code=503)
        return {"ok": True, "tables_live": len(hub.runtimes), **hub.stats}

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return [_game_info(name, settings.option_files) for name in games()]

    @app.get("/api/games/{name}")
    async def game_info(name: Annotated[str, PathParam(max_length=40)]) -> dict[str, Any]:
        try:
            info = _game_info(name, settings.option_files)
        except GameError as err:
            raise ServerError("not_found", str(err)) from None
        info["describe"] = game_class(name)().describe()
        info["how_to_play"] = HOW_TO_PLAY.get(name, [])
        info["rules"] = _rules_text(name)
        return info

    @app.post("/api/guests", status_code=201)
    async def new_guest(body: GuestIn) -> dict[str, Any]:
        name = " ".join(body.name.split())
        if not name:
            raise ServerError("bad_request", "a name needs at least one visible character")
        pid = await asyncio.to_thread(store.add_player, name)
        return {"id": pid, "name": name,
                "token": make_token(state["secret"], pid, settings.token_ttl)}

    @app.post("/api/guests/renew", responses={401: {"description": "no valid token"}})
    async def renew(authorization: Auth = None) -> dict[str, Any]:
        """A fresh token for the guest whose token (still valid) is sent."""
        pid = who(authorization)
        name = await asyncio.to_thread(store.player_name, pid)
        if name is None:
            raise ServerError("unauthorized", "this guest is unknown here; sign in again")
        return {"id": pid, "name": name,
                "token": make_token(state["secret"], pid, settings.token_ttl)}

    @app.get("/api/me")
    async def me(authorization: Auth = None) -> dict[str, Any]:
        pid = who(authorization)
        name = await asyncio.to_thread(store.player_name, pid)
        if name is None:
            raise ServerError("unauthorized", "this guest is unknown here; sign in again")
        return {"id": pid, "name": name}

    @app.get("/api/tables")
    async def list_tables(
        status: Annotated[Literal["waiting", "playing", "finished", "closed"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(store.list_tables, status, limit)
        return [table_meta(r) for r in rows]

    @app.post("/api/tables", status_code=201)
    async def create_table(body: TableIn, authorization: Auth = None) -> dict[str, Any]:
        pid = who(authorization)
        if await asyncio.to_thread(store.player_name, pid) is None:
            raise ServerError("unauthorized", "this guest is unknown here; sign in again")
        options = {k: v for k, v in body.options.items() if v is not None}
        try:
            game_class(body.game)
            settings.option_files.check(body.game, options)  # never a path from the network
            files = settings.option_files
            game = await asyncio.to_thread(
                lambda: load(body.game, **files.resolve(body.game, options)))
        except GameError as err:
            raise ServerError("bad_option", str(err)) from None
        except (TypeError, ValueError) as err:
            raise ServerError("bad_option", f"bad options: {err}") from None
        made, all_bot = await asyncio.to_thread(store.open_tables, pid)
        if made >= settings.max_tables_per_guest:
            raise ServerError("rate_limited", f"you have {made} tables waiting or in play; the "
                              f"limit is {settings.max_tables_per_guest}: finish or leave one first")
        n = game.num_players
        seats = body.seats or [SeatIn(kind="human")] + [
            SeatIn(kind="bot", bot=default_bot(game)) for _ in range(n - 1)]
        if len(seats) != n:
            raise ServerError("bad_request", f"{game.title} with these options has {n} seats, "
                                             f"not {len(seats)}")
        rows: list[tuple[str, str | None, str | None]] = []
        for i, s in enumerate(seats):
            if s.kind == "bot":
                bot = s.bot or default_bot(game)
                try:
                    bot_class(game, bot)
                except GameError as err:
                    raise ServerError("bad_option", str(err)) from None
                rows.append(("bot", None, bot.strip().lower()))
            else:
                rows.append(("human", pid if body.seat == i else None, None))
        if all(kind == "bot" for kind, _, _ in rows) and all_bot >= settings.max_bot_tables_per_guest:
            raise ServerError("rate_limited", f"you have {all_bot} tables of bots only in play; "
                              f"the limit is {settings.max_bot_tables_per_guest}")
        if body.seat is not None and (body.seat >= n or seats[body.seat].kind != "human"):
            raise ServerError("bad_request", f"seat {body.seat} is not a seat for a person here")
        stored = {**game.options, **{k: v for k, v in options.items() if k in game.options}}
        tid = await asyncio.to_thread(store.create_table, game.name, stored, pid, rows)
        rt = await hub.runtime(tid)
        await hub.start_if_full(rt)
        return rt.meta()

    @app.get("/api/tables/{tid}")
    async def get_table(tid: Annotated[str, PathParam(max_length=16)]) -> dict[str, Any]:
        row = await asyncio.to_thread(store.table, tid)
        if row is None:
            raise ServerError("not_found", f"there is no table {tid!r}")
        return table_meta(row)

    @app.post("/api/tables/{tid}/join")
    async def join(tid: Annotated[str, PathParam(max_length=16)], body: SeatPick,
                   authorization: Auth = None) -> dict[str, Any]:
        pid = who(authorization)
        if await asyncio.to_thread(store.player_name, pid) is None:
            raise ServerError("unauthorized", "this guest is unknown here; sign in again")
        rt = await hub.runtime(tid)
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
            await asyncio.to_thread(store.take_seat, tid, body.seat, pid)
        except Conflict as err:
            raise ServerError("conflict", str(err)) from None
        await hub.seats_changed(rt)
        return rt.meta()

    @app.post("/api/tables/{tid}/leave")
    async def leave(tid: Annotated[str, PathParam(max_length=16)], body: SeatPick,
                    authorization: Auth = None) -> dict[str, Any]:
        pid = who(authorization)
        rt = await hub.runtime(tid)
        await held_seat(rt, pid, body.seat)
        if rt.row.status == "waiting":
            await asyncio.to_thread(store.free_seat, tid, body.seat, pid)
        elif rt.row.status == "playing":  # away from now on: a bot takes over after the grace
            for conn in [c for c in rt.conns if c.seat == body.seat]:
                conn.seat = None  # that seat's open pages now watch as spectators
            await asyncio.to_thread(store.seen, tid, [body.seat], time.time())
        await hub.seats_changed(rt)
        return rt.meta()

    @app.get("/api/tables/{tid}/view")
    async def get_view(tid: Annotated[str, PathParam(max_length=16)],
                       seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS)] = None,
                       authorization: Auth = None) -> dict[str, Any]:
        pid = who(authorization, required=False)
        rt = await hub.runtime(tid)
        async with rt.lock:
            await hub.catch_up(rt, reload_row=True)
        mine = await held_seat(rt, pid, seat) if seat is not None else None
        return rt.view(mine)

    @app.post("/api/tables/{tid}/moves")
    async def move(tid: Annotated[str, PathParam(max_length=16)], body: MoveIn,
                   authorization: Auth = None) -> dict[str, Any]:
        pid = who(authorization)
        rt = await hub.runtime(tid)
        seat = await held_seat(rt, pid, body.seat)
        if seat is None:
            raise ServerError("forbidden", "you hold no seat at this table")
        return await hub.submit(tid, seat, body.n, body.action, pid=pid)

    @app.get("/api/tables/{tid}/replay", responses={409: {"description": "still in play"}})
    async def replay_step(tid: Annotated[str, PathParam(max_length=16)],
                          n: Annotated[int, Query(ge=0, lt=2**31)] = 0,
                          seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS)] = None,
                          authorization: Auth = None) -> dict[str, Any]:
        """The view after the first ``n`` moves of a finished game: the spectator's, or with
        ``seat`` the view of a seat the guest held. ``steps`` are the move numbers worth showing
        (after each player's move: chance steps show nothing new)."""
        rt = await hub.runtime(tid)
        if rt.row.status != "finished":
            raise ServerError("conflict", "this game is still in play: watch it live; its replay "
                                          "opens when it is over")
        if seat is not None and not rt.holds(seat, who(authorization, required=False)):
            raise ServerError("forbidden", f"you did not play seat {seat} at this table")
        state = rt.game.new_initial_state()  # the table's own game: no file read again
        for action in rt.actions[:n]:
            state.apply_action(action)
        obs = state.observation(seat)
        try:
            text = rt.game.render(obs)
        except Exception:
            text = None
        ui = None
        if rt.widgets is not None:
            with contextlib.suppress(Exception):
                ui = rt.widgets(obs, [])
        steps = [0] + [k + 1 for k, mover in enumerate(rt.movers) if mover >= 0]
        return {"n": state.move_number(), "total": rt.n, "obs": obs, "text": text, "ui": ui,
                "table": rt.meta(), "seat": seat, "steps": sorted(set(steps + [rt.n]))}

    @app.get("/api/tables/{tid}/record", responses={409: {"description": "still in play"}})
    async def record(tid: Annotated[str, PathParam(max_length=16)]) -> dict[str, Any]:
        """A finished game as the kernel's JSON record (``garrison replay`` reads it)."""
        rt = await hub.runtime(tid)
        if rt.row.status != "finished":
            raise ServerError("conflict", "this game is still in play; its record is ready at "
                                          "the end")
        out = rt.state.to_record()
        out["options"] = dict(rt.row.options)  # the table's own words, never a server path
        out["table"] = rt.row.id
        return out

    # -- WebSocket -------------------------------------------------------------------------
    @app.websocket("/ws/tables/{tid}")
    async def play(ws: WebSocket, tid: str) -> None:
        address = ws.client.host if ws.client else "?"
        if (sockets["total"] >= settings.max_ws_total
                or sockets["by"].get(address, 0) >= settings.max_ws_per_address):
            await ws.accept()
            await ws.send_text(dumps({"type": "error", "code": "rate_limited",
                                      "message": "too many open connections; close a tab and "
                                                 "try again"}))
            await ws.close(code=4429)
            return
        sockets["total"] += 1
        sockets["by"][address] = sockets["by"].get(address, 0) + 1
        try:
            await _play(ws, tid)
        finally:
            sockets["total"] -= 1
            sockets["by"][address] -= 1
            if not sockets["by"][address]:
                del sockets["by"][address]

    async def _play(ws: WebSocket, tid: str) -> None:
        origin = ws.headers.get("origin")
        if origin is not None and not _origin_allowed(origin, ws.headers.get("host", ""),
                                                      settings.allowed_origins):
            await ws.close(code=4403)  # another site's page may not play in a guest's name
            return
        offered = [p.strip() for p in ws.headers.get("sec-websocket-protocol", "").split(",")
                   if p.strip()]
        await ws.accept(subprotocol="garrison" if "garrison" in offered else None)
        params = ws.query_params
        pid = read_token(state["secret"], token_of_subprotocols(offered))
        try:
            want, last = small_number(params.get("seat")), small_number(params.get("n"))
            for name in ("seat", "n"):
                if params.get(name) not in (None, "") and small_number(params.get(name)) is None:
                    raise ServerError("bad_request", f"'{name}' is a number of at most 9 digits "
                                                     "(0-9)")
            rt = await hub.runtime(tid[:16])
            async with rt.lock:  # another process may have moved since we last looked
                await hub.catch_up(rt, reload_row=True)
            seat = await held_seat(rt, pid, want)
            if params.get("watch") == "1":
                seat = None
        except ServerError as err:
            await ws.send_text(dumps(err.as_dict()))
            await ws.close(code={"not_found": 4404, "bad_request": 4400}.get(err.code, 4403))
            return
        conn = Conn(ws.send_text, seat, pid, close_socket=lambda: ws.close(code=1013),
                    delta=params.get("delta") == "1")
        conn.start()
        conn.push_view(rt, {"missed": max(0, rt.n - last)} if last is not None else None)
        rt.conns.add(conn)  # no await since the view above: no change can slip between
        if seat is not None:
            await asyncio.to_thread(store.seen, rt.row.id, [seat], time.time())
        bucket = Bucket(settings.ws_rate)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    raise WebSocketDisconnect(message.get("code", 1000))
                text = message.get("text")
                if text is None:  # a binary frame: the protocol is JSON text
                    conn.push({"type": "error", "code": "bad_request",
                               "message": "messages are JSON text, not binary frames"})
                    continue
                if not bucket.take():
                    conn.push({"type": "error", "code": "rate_limited",
                               "message": "too many messages; the connection is closed"})
                    await conn.close()
                    await ws.close(code=1008)
                    return
                reply = await _handle(rt, conn, text)
                if reply is not None:
                    conn.push(reply)
        except WebSocketDisconnect:
            pass
        except RuntimeError:  # sending on a closed socket
            pass
        finally:
            rt.conns.discard(conn)
            await conn.close()
            if seat is not None and not any(c.seat == seat for c in rt.conns):
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(store.seen, rt.row.id, [seat], time.time())

    async def _handle(rt: Any, conn: Conn, text: str) -> dict[str, Any] | None:
        if len(text) > 4096:
            return {"type": "error", "code": "bad_request", "message": "message too long"}
        try:
            msg = json.loads(text)
        except ValueError:
            return {"type": "error", "code": "bad_request", "message": "messages are JSON objects"}
        if not isinstance(msg, dict):
            return {"type": "error", "code": "bad_request", "message": "messages are JSON objects"}
        kind = msg.get("type")
        ref = msg.get("ref") if isinstance(msg.get("ref"), (str, int)) else None
        try:
            if kind == "ping":
                return {"type": "pong", "n": rt.n, "ref": ref}
            if kind == "sync":
                async with rt.lock:
                    await hub.catch_up(rt)
                last = msg.get("n")
                known = isinstance(last, int) and not isinstance(last, bool) and 0 <= last < 2**31
                conn.push_view(rt, {"missed": max(0, rt.n - last)} if known else None)
                return None
            if kind == "move":
                seat = conn.audience(rt)
                if seat is None:
                    raise ServerError("forbidden", "spectators cannot move; take a seat to play")
                ack = await hub.submit(rt.row.id, seat, msg.get("n"), msg.get("action"),
                                       pid=conn.player_id)
                return {**ack, "ref": ref}
            raise ServerError("bad_request", "unknown message type; use move, sync or ping")
        except ServerError as err:
            out = err.as_dict()
            out["ref"] = ref
            if err.code == "stale":  # resync: the error, then the current view
                conn.push(out)
                conn.push_view(rt)
                return None
            return out

    # -- the page --------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
