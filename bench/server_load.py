"""Load test for the game server (a script, not a test): many tables played at once.

Starts ``python -m garrison.server`` on a fresh SQLite file, or ``--processes N`` of them on one
PostgreSQL database (``--db postgresql://...``; each table's two seats then play through two
different processes), or uses ``--url`` of a running server. It opens ``--tables`` two-person
tables, connects one WebSocket per seat and lets every seat play random legal moves after a
think time. It reports how many tables were held at once, the moves made, the move latency
(send -> acknowledgement) percentiles and, with ``--db``, an audit of the database: every
acknowledged move stored once, none lost.

The client is one address making thousands of guests, tables and sockets: the servers it starts
have the per-address and global limits lifted (below). A server of ``--url`` must be started
with the same (``GARRISON_GUESTS_PER_HOUR=0 GARRISON_TABLES_PER_HOUR=0
GARRISON_GUESTS_PER_MINUTE=0 GARRISON_TABLES_PER_MINUTE=0 GARRISON_HTTP_RATE=0
GARRISON_WS_RATE=0 GARRISON_WS_PER_ADDRESS=100000 GARRISON_MAX_TABLES=100000``), or the script
stops at the first refusal and says which limit refused it.

    .venv/bin/python bench/server_load.py --tables 500 --seconds 60 --think 1.0
    .venv/bin/python bench/server_load.py --processes 2 --db postgresql://... --tables 500
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from garrison.server.net.wire import patch  # noqa: E402 - the page's rule for deltas

try:
    from orjson import loads
except ImportError:  # pragma: no cover
    from json import loads

GAME = "gambit"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: The limits lifted on the servers the script starts: its client is one address.
UNLIMITED = {"GARRISON_HTTP_RATE": "0", "GARRISON_WS_RATE": "0",
             "GARRISON_WS_PER_ADDRESS": "100000", "GARRISON_WS_TOTAL": "100000",
             "GARRISON_MAX_TABLES": "100000", "GARRISON_GUESTS_PER_HOUR": "0",
             "GARRISON_TABLES_PER_HOUR": "0", "GARRISON_GUESTS_PER_MINUTE": "0",
             "GARRISON_TABLES_PER_MINUTE": "0"}


class Refused(SystemExit):
    """A request of the set-up was refused: the server's own words, and what to do."""


def start_server(db: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src, "GARRISON_BOT_DELAY": "0", "GARRISON_GRACE": "0",
           **UNLIMITED}
    proc = subprocess.Popen([sys.executable, "-m", "garrison.server", "--db", db, "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _checked(r: httpx.Response, what: str) -> dict:
    """The JSON of a set-up answer, or a stop that says which limit refused it."""
    if r.status_code >= 400:
        body = r.json() if r.headers.get("content-type", "").startswith("application/json") else {}
        raise Refused(f"{what} was refused ({r.status_code}: {body.get('message', r.text)}); "
                      "a server of --url needs the limits this script lifts (see its help)")
    return r.json()


async def setup_tables(base: str, count: int) -> list[tuple[str, list[str]]]:
    """``count`` tables, each with two guests seated."""
    async with httpx.AsyncClient(base_url=base, timeout=60,
                                 limits=httpx.Limits(max_connections=20)) as http:
        sem = asyncio.Semaphore(20)

        async def one(i: int) -> tuple[str, list[str]]:
            async with sem:
                tokens = []
                for who in ("A", "B"):
                    guest = _checked(await http.post("/api/guests", json={"name": f"{who}{i}"}),
                                     "a new guest")
                    tokens.append(guest["token"])
                made = _checked(await http.post("/api/tables", json={
                    "game": GAME, "options": {"players": 2},
                    "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0},
                    headers={"Authorization": f"Bearer {tokens[0]}"}), "a new table")
                tid = made["id"]
                _checked(await http.post(f"/api/tables/{tid}/join", json={"seat": 1},
                                         headers={"Authorization": f"Bearer {tokens[1]}"}),
                         "a seat")
                return tid, tokens

        return await asyncio.gather(*(one(i) for i in range(count)))


class Stats:
    """Counters, and the start line: play begins once every socket is connected, so the
    figures are of steady play with every table held, not of 2 x N handshakes at once."""

    def __init__(self, sockets: int = 0, seconds: float = 0.0) -> None:
        self.sockets = sockets
        self.seconds = seconds
        self.connected = 0
        self.ready = asyncio.Event()
        self.all_done = asyncio.Event()
        self.finished_seats = 0
        self.start = self.stop = 0.0
        self.latencies: list[float] = []
        self.when: list[float] = []  # seconds into the run of each acknowledgement
        self.errors = 0
        self.resyncs = 0
        self.finished = 0
        self.open_tables = 0
        self.max_open = 0
        #: Acknowledged moves per table (the audit compares them with the database).
        self.acked: dict[str, int] = {}


    def finish(self) -> None:
        self.finished_seats += 1
        if self.finished_seats == self.sockets:
            self.all_done.set()

    def connect(self) -> None:
        self.connected += 1
        if self.connected == self.sockets:
            self.start = time.monotonic()
            self.stop = self.start + self.seconds
            self.ready.set()


async def seat(base: str, tid: str, token: str, stats: Stats, think: float,
               rng: random.Random, delta: bool) -> None:
    url = base.replace("http", "ws", 1) + f"/ws/tables/{tid}" + ("?delta=1" if delta else "")
    # like a browser, the client answers pings but sends none of its own; the guest's token goes
    # as a subprotocol, as the page sends it
    async with websockets.connect(url, max_size=2**24, open_timeout=120, ping_interval=None,
                                  subprotocols=["garrison", f"token.{token}"]) as ws:
        stats.connect()
        await stats.ready.wait()
        stop = stats.stop
        sent_at: float | None = None
        latest: dict | None = None
        moved_at = -1
        over = False
        while True:
            wait = stop - time.monotonic() if sent_at is None else 30.0
            if wait <= 0:
                break
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=wait)
            except TimeoutError:
                if sent_at is not None:
                    stats.errors += 1  # an unanswered move
                break
            msg = loads(raw)
            if msg["type"] == "delta":  # applied as the page does; out of step: ask again
                if latest is not None and latest["n"] == msg["from"]:
                    msg = patch(latest, msg["patch"])
                else:
                    stats.resyncs += 1
                    await ws.send(json.dumps({"type": "sync", "n": latest and latest["n"]}))
                    continue
            if msg["type"] == "ack":
                if not msg.get("duplicate"):
                    stats.acked[tid] = stats.acked.get(tid, 0) + 1
                if sent_at is not None:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.when.append(time.monotonic() - stats.start)
                    sent_at = None
            elif msg["type"] == "error":
                stats.errors += 1
                sent_at = None
            elif msg["type"] == "view":
                over = over or msg["status"] == "finished"
            if over and sent_at is None:
                break  # (a finishing move's view may come before its ack: that is waited for)
            if msg["type"] == "view":
                if latest is None or msg["n"] >= latest["n"]:
                    latest = msg
            # the view of the next turn may come before the ack of the last move
            if (sent_at is None and latest is not None and latest["legal"]
                    and latest["n"] > moved_at and time.monotonic() < stop):
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                action = rng.choice(latest["legal"])["id"]
                moved_at = latest["n"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "n": latest["n"], "action": action}))
        # sockets close only when every seat has stopped: closing 1,000 sockets is not play,
        # and its work would land on the last moves' latency
        stats.finish()
        with contextlib.suppress(TimeoutError):  # a seat that failed never says it finished
            await asyncio.wait_for(stats.all_done.wait(), 60)


async def table(bases: list[str], tid: str, tokens: list[str], stats: Stats, think: float,
                seed: int, delta: bool) -> None:
    """The two seats of a table, each through its own process where there are several."""
    stats.open_tables += 1
    stats.max_open = max(stats.max_open, stats.open_tables)
    try:
        await asyncio.gather(*(seat(bases[(seed + i) % len(bases)], tid, t, stats, think,
                                    random.Random(seed * 2 + i), delta)
                               for i, t in enumerate(tokens)))
        stats.finished += 1
    except Exception:
        stats.errors += 1
    finally:
        stats.open_tables -= 1


async def play_out(tid: str, seats: list[tuple[int, str, str]]) -> None:
    """Each seat moves at random over HTTP on its own process until the game is over."""
    rng = random.Random(1)
    async with httpx.AsyncClient(timeout=60) as http:
        for _ in range(5000):
            for seat, base, token in seats:
                auth = {"Authorization": f"Bearer {token}"}
                view = (await http.get(base + f"/api/tables/{tid}/view?seat={seat}",
                                       headers=auth)).json()
                if view["status"] == "finished":
                    return
                if view["legal"]:
                    await http.post(base + f"/api/tables/{tid}/moves", headers=auth, json={
                        "n": view["n"], "seat": seat, "action": rng.choice(view["legal"])["id"]})
            await asyncio.sleep(0.05)


async def probe_shared_flows(bases: list[str], stats: Stats) -> dict[str, object]:
    """While the load plays: one more table whose two players are on the first and the last
    process. Measures how long presence and a chat line take to reach the other player's page,
    plays the game out and checks that a rematch offered on one process is made once, for both.
    Each figure is in seconds (None: it never came within 30 s)."""
    a_base, b_base = bases[0], bases[-1]
    async with httpx.AsyncClient(timeout=60) as http:
        tokens, ids = [], []
        for who, base in (("probeA", a_base), ("probeB", b_base)):
            guest = _checked(await http.post(base + "/api/guests", json={"name": who}), "a guest")
            tokens.append(guest["token"])
            ids.append(guest["id"])
        made = _checked(await http.post(a_base + "/api/tables", json={
            "game": GAME, "options": {"players": 2, "lives": 1, "dice": 2},
            "seats": [{"kind": "human"}, {"kind": "human"}], "seat": 0},
            headers={"Authorization": f"Bearer {tokens[0]}"}), "a table")
        tid = made["id"]
        _checked(await http.post(b_base + f"/api/tables/{tid}/join", json={"seat": 1},
                                 headers={"Authorization": f"Bearer {tokens[1]}"}), "a seat")
    await stats.ready.wait()
    out: dict[str, object] = {}

    def url(base: str) -> str:
        return base.replace("http", "ws", 1) + f"/ws/tables/{tid}?room=1"

    async def until(ws: object, pred: object) -> tuple[dict | None, float]:
        started = time.monotonic()
        deadline = started + 30
        while time.monotonic() < deadline:
            try:
                msg = loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            except TimeoutError:
                break
            if pred(msg):
                return msg, time.monotonic() - started
        return None, float("nan")

    async with websockets.connect(url(a_base), subprotocols=["garrison", f"token.{tokens[0]}"],
                                  max_size=2**24) as a, \
            websockets.connect(url(b_base), subprotocols=["garrison", f"token.{tokens[1]}"],
                               max_size=2**24) as b:
        both, took = await until(a, lambda m: m.get("type") == "presence" and m["seats"] == [0, 1])
        out["presence_s"] = None if both is None else round(took, 3)
        await b.send(json.dumps({"type": "chat", "text": "probe"}))
        line, took = await until(a, lambda m: m.get("type") == "chat" and m["text"] == "probe")
        out["chat_s"] = None if line is None else round(took, 3)
        await play_out(tid, [(0, a_base, tokens[0]), (1, b_base, tokens[1])])
        await a.send(json.dumps({"type": "rematch"}))
        offer, took = await until(b, lambda m: m.get("type") == "rematch")
        out["rematch_offer_s"] = None if offer is None else round(took, 3)
        await b.send(json.dumps({"type": "rematch", "accept": True}))
        ready_a, _ = await until(a, lambda m: m.get("type") == "rematch" and m["state"] == "ready")
        ready_b, _ = await until(b, lambda m: m.get("type") == "rematch" and m["state"] == "ready")
        out["rematch_one_table"] = bool(ready_a and ready_b and ready_a["table"] == ready_b["table"])
    return out


def audit(db: str, acked: dict[str, int], tables: list[str]) -> dict[str, int]:
    """Every load table's stored moves against the moves its seats were told landed: a move
    lost (acknowledged, not stored) or doubled (stored beyond what was acknowledged) is
    counted."""
    import sqlalchemy as sa

    url = db.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT table_id, count(*) FROM moves WHERE seat >= 0 "
                                        "GROUP BY table_id")).all()
    finally:
        engine.dispose()
    stored = {tid: int(n) for tid, n in rows}
    lost = sum(max(0, acked.get(tid, 0) - stored.get(tid, 0)) for tid in tables)
    doubled = sum(max(0, stored.get(tid, 0) - acked.get(tid, 0)) for tid in tables)
    return {"tables_audited": len(tables),
            "moves_stored": sum(stored.get(tid, 0) for tid in tables), "lost": lost,
            "doubled": doubled}


async def main_async(args: argparse.Namespace) -> None:
    procs: list[subprocess.Popen] = []
    bases = [args.url] if args.url else []
    db = args.db
    if not bases:
        db = db or f"sqlite:///{tempfile.mkdtemp(prefix='garrison-load-')}/load.db"
        if args.processes > 1 and not db.startswith("postgresql"):
            raise SystemExit("--processes needs a PostgreSQL database (--db postgresql://...)")
        for _ in range(args.processes):  # started one after the other: each migrates first
            proc, base = start_server(db)
            procs.append(proc)
            bases.append(base)
    base = bases[0]
    try:
        t0 = time.monotonic()
        tables = await setup_tables(base, args.tables)
        print(f"{len(tables)} tables set up in {time.monotonic() - t0:.1f}s", flush=True)
        stats = Stats(2 * len(tables), args.seconds)
        sample = {"open": 0}

        async def sampler() -> None:
            while True:
                sample["open"] = max(sample["open"], stats.open_tables)
                await asyncio.sleep(0.5)

        watch = asyncio.create_task(sampler())
        probe = asyncio.create_task(probe_shared_flows(bases, stats))
        await asyncio.gather(*(table(bases, tid, tokens, stats, args.think, i, args.delta)
                               for i, (tid, tokens) in enumerate(tables)))
        watch.cancel()
        shared = await probe
        elapsed = time.monotonic() - stats.start
        lat = sorted(stats.latencies)
        if not lat:
            raise SystemExit("no moves were made")
        q = statistics.quantiles(lat, n=100)
        windows: dict[int, list[float]] = {}
        for at, x in zip(stats.when, stats.latencies, strict=True):
            windows.setdefault(int(at // 5) * 5, []).append(x)
        by_window = {f"{w}s": round(1000 * max(statistics.quantiles(v, n=100)[98], 0), 1)
                     for w, v in sorted(windows.items()) if len(v) > 20}
        health = httpx.get(base + "/api/health", timeout=30).json()
        checked = audit(db, stats.acked, [tid for tid, _ in tables]) if db else {}
        print(json.dumps({
            "processes": len(bases), "database": (db or "").split(":", 1)[0],
            "tables": args.tables, "sockets": 2 * args.tables, "think_s": args.think,
            "seconds": round(elapsed, 1), "tables_held_at_once": stats.max_open,
            "moves": len(lat), "moves_per_s": round(len(lat) / elapsed, 1),
            "p50_ms": round(1000 * q[49], 2), "p99_ms": round(1000 * q[98], 2),
            "max_ms": round(1000 * lat[-1], 2), "errors": stats.errors,
            "deltas": args.delta, "resyncs": stats.resyncs, "p99_ms_per_5s": by_window,
            "server_conflicts": health.get("conflicts"), **checked, "shared_flows": shared,
        }, indent=1))
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            proc.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before each move")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    parser.add_argument("--db", default=None, help="database URL for the started servers "
                        "(default: a new SQLite file); with --url, read for the audit")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes on the one database (PostgreSQL for more than 1)")
    parser.add_argument("--no-delta", dest="delta", action="store_false",
                        help="ask for whole views after every move (the old protocol)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    # the client's own garbage collections would count as the server's latency: off for the
    # run (a run of a minute at 500 tables stays well within memory)
    gc.disable()
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
