"""Attacks from the outside review, each run against a real server process (SQLite and
PostgreSQL): a socket that kept a seat after it changed hands, and client options naming files."""

from __future__ import annotations

import contextlib
import json
import time

import httpx
from server_helpers import WS, Api, Server, log_of, token_protocols

import garrison


def _seat_changes_hands(live: Server, http: httpx.Client) -> tuple[str, Api, Api, WS]:
    """A takes seat 0 of a waiting two-player Scopa table and opens its socket; A leaves; B takes
    seat 0 and C seat 1, so the game starts with A's old socket still open."""
    a, b, c = Api(http, "Ann"), Api(http, "Bob"), Api(http, "Cid")
    table = a.create("scopa", {"players": 2}, [{"kind": "human"}, {"kind": "human"}], seat=0)
    tid = table["id"]
    old = WS(live.base, tid, a.token, seat=0)
    first = old.until(lambda m: m.get("type") == "view")
    assert first["seat"] == 0
    a.post(f"/api/tables/{tid}/leave", {"seat": 0})
    b.post(f"/api/tables/{tid}/join", {"seat": 0})
    c.post(f"/api/tables/{tid}/join", {"seat": 1})
    return tid, b, c, old


def test_a_socket_loses_its_seat_when_the_seat_changes_hands(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        tid, b, _c, old = _seat_changes_hands(live, http)
        try:
            view = old.until(lambda m: m.get("type") == "view" and m["table"]["status"] == "playing")
            notice = [m for m in old.received if m.get("type") == "seat_lost"]
            assert notice and "P1" in notice[0]["message"]
            assert view["seat"] is None and view["legal"] == []
            assert view["obs"]["seat"] is None
            hand_now = b.get(f"/api/tables/{tid}/view?seat=0")["obs"]["hand"]
            assert hand_now, "B holds cards"
            for msg in old.received[1:]:
                if msg.get("type") == "view":  # nothing of B's hand ever reached A
                    assert msg["seat"] is None and not msg["obs"].get("hand")
            # A's old socket tries to move for seat 0: refused, nothing stored
            n = view["n"]
            before = log_of(live.db_url, tid)
            mover = view["to_move"]
            own = b.get(f"/api/tables/{tid}/view?seat=0")
            action = own["legal"][0]["id"] if mover == 0 else 0
            old.send({"type": "move", "n": n, "action": action, "ref": "x"})
            reply = old.until(lambda m: m.get("ref") == "x")
            assert reply["type"] == "error" and reply["code"] == "forbidden"
            time.sleep(0.3)
            assert log_of(live.db_url, tid) == before
        finally:
            old.close()


def test_a_guest_without_a_seat_cannot_move_over_http_either(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        a, b = Api(http, "Ann"), Api(http, "Bob")
        table = a.create("stratego", {}, [{"kind": "human"}, {"kind": "human"}], seat=0)
        tid = table["id"]
        a.post(f"/api/tables/{tid}/leave", {"seat": 0})
        b.post(f"/api/tables/{tid}/join", {"seat": 0})
        refused = http.post(f"/api/tables/{tid}/moves", json={"seat": 0, "n": 0, "action": 3700},
                            headers=a.headers)
        assert refused.status_code == 403 and "seat 0" in refused.json()["message"]


def test_options_that_name_files_are_refused_from_the_network(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=10) as http:
        a = Api(http, "Eve")
        attacks = [("1848", "cards", "/proc/self/fd/5"), ("stratego", "setup_file", "/dev/zero"),
                   ("1848", "cards", "/etc/passwd"), ("1848", "cards", "/no/such/file.json")]
        messages = set()
        for game, option, path in attacks:
            started = time.monotonic()
            r = http.post("/api/tables", json={"game": game, "options": {option: path}},
                          headers=a.headers)
            assert time.monotonic() - started < 5, "answered at once, never a hang"
            assert r.status_code == 400, r.text
            body = r.json()
            assert body["code"] == "bad_option" and f"'{option}'" in body["message"]
            assert path not in body["message"]
            messages.add(body["message"].replace(game, "G"))
        # the answer is the same whether the file exists or not: no oracle
        assert len({m for m in messages if "'cards'" in m}) == 1
        assert http.get("/api/health").status_code == 200


def test_operator_named_card_sets_are_offered_by_name(tmp_path) -> None:
    from garrison.games.revolution1848.carddata import DEFAULT_PATH

    cards = tmp_path / "cards.json"
    cards.write_text(DEFAULT_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'g.db'}"
    with Server(url, GARRISON_OPTION_FILES=f"1848.cards.mine={cards}") as srv, \
            httpx.Client(base_url=srv.base, timeout=30) as http:
        a = Api(http, "Ann")
        table = a.create("1848", {"players": 2, "cards": "mine"})
        assert table["options"]["cards"] == "mine", "the page sees the name, never the path"
        assert str(cards) not in str(a.get(f"/api/tables/{table['id']}/view?seat=0"))
        unknown = http.post("/api/tables", json={"game": "1848", "options": {"cards": "theirs"}},
                            headers=a.headers)
        assert unknown.status_code == 400 and "mine" in unknown.json()["message"]
        info = http.get("/api/games/1848").json()
        assert garrison.load("1848").options["cards"] == ""
        assert "mine" in str(info)


def _ws_url(srv: Server, tid: str, query: str) -> str:
    return srv.base.replace("http", "ws", 1) + f"/ws/tables/{tid}?{query}"


def _table(srv: Server, http: httpx.Client) -> tuple[str, Api]:
    a = Api(http, "Ann")
    return a.create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "bot"}])["id"], a


def test_a_huge_frame_is_refused_before_it_is_read(live: Server) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with httpx.Client(base_url=live.base, timeout=30) as http:
        tid, a = _table(live, http)
        with connect(_ws_url(live, tid, ""), subprotocols=token_protocols(a.token), max_size=2**24) as ws:
            ws.recv(timeout=10)
            try:
                ws.send("x" * 10_000_000)
                while True:
                    ws.recv(timeout=10)
            except ConnectionClosed as closed:  # "message too big" (1009), or cut off at once
                assert closed.rcvd is None or closed.rcvd.code == 1009
        assert http.get("/api/health").status_code == 200


def test_junk_input_gets_an_error_reply_never_a_dropped_socket(live: Server) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with httpx.Client(base_url=live.base, timeout=30) as http:
        tid, a = _table(live, http)
        for query in ("n=²", "seat=²", "n=" + "9" * 5000, "seat=-1"):
            with connect(_ws_url(live, tid, query), subprotocols=token_protocols(a.token)) as ws:
                reply = json.loads(ws.recv(timeout=10))
                assert reply["type"] == "error" and reply["code"] == "bad_request", query
                try:
                    ws.recv(timeout=10)
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == 4400
        with connect(_ws_url(live, tid, ""), subprotocols=token_protocols(a.token)) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
            ws.send(json.dumps({"type": "sync", "n": -1e30}))
            reply = json.loads(ws.recv(timeout=10))
            assert reply["code"] == "bad_request" and "'n'" in reply["message"]
            ws.send(json.dumps({"type": "ping", "ref": 1}))
            assert json.loads(ws.recv(timeout=10))["type"] == "pong"
            ws.send(b"\x00\x01binary")  # the protocol is JSON text: told, then closed
            assert json.loads(ws.recv(timeout=10))["code"] == "bad_request"
            try:
                ws.recv(timeout=10)
                raise AssertionError("the socket stayed open after a binary frame")
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1003
        assert "Traceback" not in live.output()


def test_pages_of_other_sites_may_not_open_a_socket(live: Server) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with httpx.Client(base_url=live.base, timeout=30) as http:
        tid, a = _table(live, http)
        try:
            with connect(_ws_url(live, tid, ""), subprotocols=token_protocols(a.token), origin="http://evil.example") as ws:
                ws.recv(timeout=10)
            raise AssertionError("a foreign origin was let in")
        except (InvalidStatus, Exception) as err:
            assert not isinstance(err, AssertionError)
        own = live.base
        with connect(_ws_url(live, tid, ""), subprotocols=token_protocols(a.token), origin=own) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
        page = http.get("/")
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        assert page.headers["x-frame-options"] == "DENY"
        assert page.headers["referrer-policy"] == "no-referrer"
        assert "<script>" not in page.text and " on" + "click=" not in page.text


def test_limits_per_guest_answer_429_at_once(tmp_path) -> None:
    """One guest with many all-bot tables made another table's bot wait 49 s a move: a guest may
    have a few tables, and fewer of bots only; beyond that a clear 429."""
    env = {"GARRISON_MAX_TABLES": "3", "GARRISON_MAX_BOT_TABLES": "1", "GARRISON_BOT_DELAY": "5"}
    with Server(f"sqlite:///{tmp_path / 'g.db'}", **env) as srv, \
            httpx.Client(base_url=srv.base, timeout=30) as http:
        eve = Api(http, "Eve")
        bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
        eve.create("gambit", {"players": 2}, bots, seat=None)
        second = http.post("/api/tables", headers=eve.headers, json={
            "game": "gambit", "options": {"players": 2}, "seats": bots, "seat": None})
        assert second.status_code == 429 and "bots only" in second.json()["message"]
        eve.create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "human"}])
        eve.create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "human"}])
        fourth = http.post("/api/tables", headers=eve.headers, json={
            "game": "gambit", "options": {"players": 2},
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert fourth.status_code == 429 and "limit is 3" in fourth.json()["message"]
        Api(http, "Ann").create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "human"}])


def test_a_bot_gets_a_thinking_budget_and_the_table_is_told(tmp_path) -> None:
    """A bot that does not stop by its time limit (a policy that sleeps) is not waited for:
    the table gets a stand-in move and a notice in words, soon after the budget."""
    from fastapi.testclient import TestClient

    from garrison.bots import register_policy, unregister_policy
    from garrison.server import Settings, create_app

    def slow(_tensor, mask):  # noqa: ANN001, ANN202
        time.sleep(3)
        return int(mask.nonzero()[0][0])

    register_policy("sleepy", slow)
    try:
        app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0, grace=0,
                                  http_rate=0, ws_rate=0, bot_move_seconds=0.5))
        with TestClient(app) as client:
            ann = Api(client, "Ann")
            started = time.monotonic()
            tid = ann.create("gambit", {"players": 2},
                             [{"kind": "bot", "bot": "sleepy"}, {"kind": "human"}], seat=1)["id"]
            with client.websocket_connect(f"/ws/tables/{tid}",
                                          subprotocols=token_protocols(ann.token)) as ws:
                msg = ws.receive_json()
                while msg.get("type") != "notice":
                    msg = ws.receive_json()
                elapsed = time.monotonic() - started
            assert elapsed < 2.5, f"the table waited {elapsed:.1f} s for a bot that sleeps 3 s"
            assert "P1's bot sleepy took longer than 0.5 s" in msg["message"]
    finally:
        unregister_policy("sleepy")


def test_socket_caps_per_address(tmp_path) -> None:
    from websockets.sync.client import connect

    env = {"GARRISON_WS_PER_ADDRESS": "3"}
    with Server(f"sqlite:///{tmp_path / 'g.db'}", **env) as srv, \
            httpx.Client(base_url=srv.base, timeout=30) as http:
        tid, a = _table(srv, http)
        with contextlib.ExitStack() as stack:  # the three sockets close when the block ends
            held = [stack.enter_context(connect(_ws_url(srv, tid, ""),
                                                subprotocols=token_protocols(a.token)))
                    for _ in range(3)]
            for ws in held:
                assert json.loads(ws.recv(timeout=10))["type"] == "view"
            with connect(_ws_url(srv, tid, ""), subprotocols=token_protocols(a.token)) as extra:
                reply = json.loads(extra.recv(timeout=10))
                assert reply["code"] == "rate_limited"
        time.sleep(0.3)
        with connect(_ws_url(srv, tid, ""), subprotocols=token_protocols(a.token)) as again:  # room again once closed
            assert json.loads(again.recv(timeout=10))["type"] == "view"


def test_idle_waiting_tables_are_closed(tmp_path) -> None:
    env = {"GARRISON_WAITING_TTL": "1", "GARRISON_SWEEP": "0.2"}
    with Server(f"sqlite:///{tmp_path / 'g.db'}", **env) as srv, \
            httpx.Client(base_url=srv.base, timeout=30) as http:
        ann, bob = Api(http, "Ann"), Api(http, "Bob")
        tid = ann.create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "human"}])["id"]
        deadline = time.monotonic() + 10
        while http.get(f"/api/tables/{tid}").json()["status"] != "closed":
            assert time.monotonic() < deadline, "the idle table was not closed"
            time.sleep(0.2)
        assert tid not in [t["id"] for t in http.get("/api/tables").json()]
        late = http.post(f"/api/tables/{tid}/join", json={"seat": 1}, headers=bob.headers)
        assert late.status_code == 409 and "closed after waiting too long" in late.json()["message"]


def test_tokens_expire_renew_and_stay_out_of_urls(tmp_path) -> None:
    from websockets.sync.client import connect

    env = {"GARRISON_TOKEN_TTL": "8", "GARRISON_HTTP_RATE": "0"}
    with Server(f"sqlite:///{tmp_path / 'g.db'}", **env) as srv, \
            httpx.Client(base_url=srv.base, timeout=30) as http:
        a = Api(http, "Ann")
        time.sleep(1.1)
        fresh = a.post("/api/guests/renew", {}, 200)
        assert fresh["id"] == a.id and fresh["token"] != a.token
        tid = a.create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "bot"}])["id"]
        # the token in the URL is not read: that socket is a spectator's
        with connect(_ws_url(srv, tid, f"token={a.token}")) as ws:
            assert json.loads(ws.recv(timeout=10))["seat"] is None
        with connect(_ws_url(srv, tid, ""), subprotocols=token_protocols(a.token)) as ws:
            assert ws.subprotocol == "garrison"
            assert json.loads(ws.recv(timeout=10))["seat"] == 0
        deadline = time.monotonic() + 30
        while http.get("/api/me", headers=a.headers).status_code != 401:  # it expires
            assert time.monotonic() < deadline, "the token never expired"
            time.sleep(0.3)
        assert http.post("/api/guests/renew", headers=a.headers).status_code == 401


def test_forwarded_for_is_not_believed_from_clients(tmp_path) -> None:
    env = {"GARRISON_HTTP_RATE": "1"}
    with Server(f"sqlite:///{tmp_path / 'g.db'}", **env) as srv, \
            httpx.Client(base_url=srv.base, timeout=30) as http:
        codes = [http.get("/api/games", headers={"X-Forwarded-For": f"10.0.0.{k}"}).status_code
                 for k in range(12)]
        assert 429 in codes, "a made-up X-Forwarded-For gave a fresh rate limit"


def test_a_lost_database_fails_health_and_moves_get_a_clear_error() -> None:
    """A database of its own, stopped under the table (a server that loses its database):
    /api/health answers 503, a move gets a clear error and the socket stays open."""
    from server_helpers import Postgres

    cluster = Postgres()
    try:
        with Server(cluster.new_db()) as srv, httpx.Client(base_url=srv.base, timeout=30) as http:
            tid, a = _table(srv, http)
            ws = WS(srv.base, tid, a.token)
            try:
                view = ws.until(lambda m: m.get("type") == "view" and m["legal"])
                cluster.stop()  # the database is gone
                ws.send({"type": "move", "n": view["n"], "action": view["legal"][0]["id"],
                         "ref": "m"})
                reply = ws.until(lambda m: m.get("ref") == "m")
                assert reply["type"] == "error" and reply["code"] == "unavailable"
                assert "could not be stored" in reply["message"]
                ws.send({"type": "ping", "ref": "p"})  # the socket is still there
                assert ws.until(lambda m: m.get("ref") == "p")["type"] == "pong"
                assert http.get("/api/health").status_code == 503
            finally:
                ws.close()
    finally:
        cluster.stop()
