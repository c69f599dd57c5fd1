"""Helpers for the server tests: a private PostgreSQL, server processes, HTTP and WS clients."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

import garrison

SRC = str(Path(garrison.__file__).resolve().parents[1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Postgres:
    """A throwaway PostgreSQL cluster in a temp dir, on loopback, trusted local access."""

    def __init__(self) -> None:
        self.bin = pg_bin()
        if self.bin is None:
            raise RuntimeError("PostgreSQL binaries (initdb, pg_ctl) are not installed")
        self.dir = Path(tempfile.mkdtemp(prefix="garrison-pg-"))
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: run the cluster as 'postgres' (or nobody)
            import pwd

            try:
                user = pwd.getpwnam("postgres").pw_name
            except KeyError:
                user = "nobody"
            self.as_user = ["runuser", "-u", user, "--"]
            shutil.chown(self.dir, user)
        self.data = self.dir / "data"
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "garrison", "-E", "UTF8")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-w", "-o",
                  f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off "
                  f"-c max_connections=200", "start")
        self.count = 0

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bin / tool), *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.dir)

    def url(self, name: str) -> str:
        return f"postgresql://garrison@127.0.0.1:{self.port}/{name}"

    def new_db(self) -> str:
        import psycopg

        self.count += 1
        name = f"t{self.count}_{os.getpid()}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)


class Server:
    """``python -m garrison.server`` in a subprocess on a free loopback port."""

    def __init__(self, db_url: str, **env: str) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "PYTHONPATH": SRC, "GARRISON_BOT_DELAY": "0",
                    "GARRISON_GRACE": "0", "GARRISON_HTTP_RATE": "0", "GARRISON_WS_RATE": "0",
                    "GARRISON_GUESTS_PER_HOUR": "0", "GARRISON_TABLES_PER_HOUR": "0",
                    **env}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        self.logfile = tempfile.NamedTemporaryFile(prefix="garrison-server-", suffix=".log",
                                                   delete=False)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "garrison.server", "--db", self.db_url, "--port", str(self.port)],
            env=self.env, stdout=self.logfile, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.output()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=30)
        self.proc = None

    def output(self) -> str:
        """What the server printed (its log), for failure messages."""
        return Path(self.logfile.name).read_text(errors="replace")

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.kill(signal.SIGTERM)


class Api:
    """A guest's HTTP client (httpx against a URL, or a Starlette TestClient)."""

    def __init__(self, client: Any, name: str = "Guest") -> None:
        self.client = client
        guest = self.check(client.post("/api/guests", json={"name": name}), 201)
        self.id = guest["id"]
        self.token = guest["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    @staticmethod
    def check(response: Any, status: int = 200) -> Any:
        assert response.status_code == status, (response.status_code, response.text)
        return response.json()

    def post(self, path: str, body: Any, status: int = 200) -> Any:
        return self.check(self.client.post(path, json=body, headers=self.headers), status)

    def get(self, path: str, status: int = 200) -> Any:
        return self.check(self.client.get(path, headers=self.headers), status)

    def create(self, game: str, options: dict[str, Any], seats: list[dict[str, Any]] | None = None,
               seat: int | None = 0) -> dict[str, Any]:
        return self.post("/api/tables", {"game": game, "options": options, "seats": seats,
                                         "seat": seat}, 201)


#: Settings of an in-process app for the tests: no bot pause, no grace, no rate limits, a sweep
#: every 0.1 s.
FAST: dict[str, Any] = {"bot_delay": 0, "grace": 0, "http_rate": 0, "ws_rate": 0,
                        "sweep_every": 0.1}


def fast_app(url: str, **over: Any) -> Any:
    """The app on database ``url`` with ``FAST`` settings (``over`` changes some)."""
    from garrison.server import Settings, create_app

    return create_app(Settings(db_url=url, **{**FAST, **over}))


def protocols(token: str | None) -> list[str]:
    """A test client's WebSocket subprotocols: the guest's token beside ``garrison``."""
    return ["garrison", f"token.{token}"] if token else ["garrison"]


def until(ws: Any, pred: Any, limit: int = 500) -> dict[str, Any]:
    """The first message of a test client's socket that matches ``pred`` (others are read and
    dropped; at most ``limit``)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return dict(msg)
    raise AssertionError("no such message")


def wait_for(pred: Any, seconds: float = 20) -> None:
    """Wait until ``pred()`` holds (checked every 50 ms), at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def token_protocols(token: str | None) -> list[Any] | None:
    """The WebSocket subprotocols that carry a guest's token (never the URL)."""
    return ["garrison", f"token.{token}"] if token else None


class WS:
    """A blocking WebSocket client with timeouts (websockets' sync client)."""

    def __init__(self, base: str, tid: str, token: str | None = None, **params: Any) -> None:
        from websockets.sync.client import connect

        query = "&".join(f"{k}={v}" for k, v in params.items() if v is not None)
        self._cm = connect(base.replace("http", "ws", 1) + f"/ws/tables/{tid}?{query}",
                           open_timeout=10, max_size=2**24, subprotocols=token_protocols(token))
        self.ws = self._cm.__enter__()
        self.received: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []
        #: Every frame as it came (deltas too); ``received`` holds deltas applied, as views.
        self.frames: list[dict[str, Any]] = []
        self.held: dict[str, Any] | None = None

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        from garrison.server.net.wire import patch

        msg = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(msg)
        if msg.get("type") == "view":
            self.held = {k: v for k, v in msg.items() if k != "missed"}
        elif msg.get("type") == "delta":  # the view it leads to, as a page would hold it
            assert self.held is not None and self.held["n"] == msg["from"], (self.held, msg)
            self.held = patch(self.held, msg["patch"])
            msg = {**self.held, "from_delta": True}
        self.received.append(msg)
        self.pending.append(msg)
        return msg

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send(json.dumps(msg))

    def until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        """The first unread message matching ``pred`` (others stay unread)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, msg in enumerate(self.pending):
                if pred(msg):
                    del self.pending[i]
                    return msg
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no matching message; last: {self.received[-1:]}")
            self.recv(left)

    def view_at(self, n: int, timeout: float = 30) -> dict[str, Any]:
        """The first view at move ``n`` or later; older unread views are dropped."""
        view = self.until(lambda m: m.get("type") == "view" and m["n"] >= n, timeout)
        self.pending = [m for m in self.pending if m.get("type") != "view" or m["n"] > view["n"]]
        return view

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._cm.__exit__(None, None, None)


#: Log lines a view carries by default (``Settings.view_log_lines``).
VIEW_LOG_LINES = 200


def expected_view_parts(game_name: str, options: dict[str, Any], actions: list[int],
                        seat: int | None, log_lines: int = VIEW_LOG_LINES) -> dict[str, Any]:
    """What a view for ``seat`` after ``actions`` must contain, computed by the kernel alone (a
    view carries the newest ``log_lines`` lines of the log, and the rest on request)."""
    state = garrison.replay({"game": game_name, "options": options, "actions": actions})
    obs = json.loads(json.dumps(state.observation(seat)))
    full = state.observation(seat)
    if isinstance(obs.get("log"), list) and len(obs["log"]) > log_lines:
        obs["log"] = obs["log"][-log_lines:]
        full = {**full, "log": full["log"][-log_lines:]}
    player = state.current_player()
    to_move = player if player >= 0 else None
    legal = []
    if seat is not None and seat == to_move:
        legal = [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()]
    try:
        text = state.game.render(full)
    except Exception:
        text = None
    widgets = getattr(state.game, "widgets", None)
    ui = None
    if widgets is not None:
        ui = json.loads(json.dumps(widgets(full, [a["id"] for a in legal])))
    return {"obs": obs, "to_move": to_move, "legal": legal, "text": text, "ui": ui,
            "returns": state.returns() if state.is_terminal() else None}


def log_of(db_url: str, tid: str) -> list[tuple[int, int, int]]:
    from garrison.server.store.db import Store

    store = Store(db_url)
    try:
        return store.moves(tid)
    finally:
        store.close()
