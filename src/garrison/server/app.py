"""The ASGI app: HTTP API (lobby, guests, tables, moves, replays), WebSocket play, the page.

``create_app(settings)`` builds a FastAPI app from its parts: the context every route receives
(``context.py``: settings, store, hub, the guest dependencies), the HTTP rules (``http.py``), the
routers (``routes_lobby.py``, ``routes_tables.py``, ``routes_socket.py``) and the page's static
files. ``garrison serve`` runs it on uvicorn. The HTTP API is described by ``/openapi.json``; the
WebSocket protocol is in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

import garrison

from .background import Background
from .config import Settings
from .context import ServerContext
from .hub import Hub
from .models import ERRORS, ErrorOut
from .net import http
from .routes import lobby as routes_lobby
from .routes import socket as routes_socket
from .routes import tables as routes_tables
from .store.db import Store

WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    store = Store(settings.db_url)
    hub = Hub(settings, store)
    ctx = ServerContext(settings, store, hub)
    background = Background(hub)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        await asyncio.to_thread(store.setup)
        ctx.secret = await asyncio.to_thread(store.secret)
        stop = threading.Event()
        listener = None
        if store.is_postgres:
            listener = threading.Thread(target=background.listen, args=(stop,), daemon=True)
            listener.start()
        await background.resume_all()
        sweeper = asyncio.create_task(background.sweep_forever())
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(Exception):  # where each running clock stands, kept
                await background.stop_clocks()
            stop.set()
            for rt in list(hub.runtimes.values()):
                if rt.bot_task is not None:
                    rt.bot_task.cancel()
            hub.pool.shutdown()
            hub.replays.shutdown()
            if listener is not None:
                listener.join(timeout=2)
            store.close()

    app = FastAPI(
        title="Garrison server", version=garrison.__version__, lifespan=lifespan,
        responses={code: {"model": ErrorOut, "description": why} for code, why in ERRORS.items()},
        description="Lobby, tables, guests and moves for Garrison's games. Live play is on "
                    "the WebSocket /ws/tables/{id} (see docs/server.md).",
    )
    app.state.ctx = ctx
    app.state.hub = hub
    app.state.settings = settings
    http.install(app, settings, ctx.requests)
    for router in (routes_lobby.router, routes_tables.router, routes_socket.router):
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB / "index.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
