"""Random sequences of good, duplicate, stale, foreign and illegal moves, with app restarts.

Hypothesis picks the sequence; after every step the move log is dense, every acknowledged move
is in it, and every seat's view equals what the kernel computes from the log. A "restart"
drops the app and builds a new one on the same database file (in-process).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from server_helpers import Api, expected_view_parts

from garrison.server import Settings, create_app
from garrison.server.store.db import Store

GAME = "gambit"
OPTIONS = {"players": 2}
STEPS = ["good", "good", "good", "duplicate", "stale_old", "stale_future", "foreign",
         "illegal", "restart"]


def _app(url: str) -> TestClient:
    return TestClient(create_app(Settings(db_url=url, bot_delay=0, grace=0, http_rate=0,
                                          ws_rate=0)))


@given(steps=st.lists(st.sampled_from(STEPS), min_size=4, max_size=25), seed=st.integers(0, 9999))
def test_random_move_sequences_keep_the_log_and_views_right(steps: list[str], seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'g.db'}"
        client = _app(url).__enter__()
        try:
            ann, bob = Api(client, "Ann"), Api(client, "Bob")
            tid = ann.create(GAME, OPTIONS, [{"kind": "human"}] * 2, seat=0)["id"]
            bob.post(f"/api/tables/{tid}/join", {"seat": 1})
            people = [ann, bob]
            acked: dict[int, int] = {}
            last: tuple[int, int, int] | None = None  # seat, n, action of the last good move
            for step in steps:
                view = client.get(f"/api/tables/{tid}/view").json()
                if view["table"]["status"] != "playing":
                    break
                mover, n = view["to_move"], view["n"]
                mine = people[mover].get(f"/api/tables/{tid}/view?seat={mover}")
                legal = [a["id"] for a in mine["legal"]]

                def post(who: int, body: dict, client: TestClient = client) -> object:
                    return client.post(f"/api/tables/{tid}/moves", json=body,
                                       headers=people[who].headers)

                if step == "good":
                    action = rng.choice(legal)
                    r = post(mover, {"n": n, "action": action})
                    assert r.status_code == 200, r.text
                    acked[n] = action
                    last = (mover, n, action)
                elif step == "duplicate" and last is not None:
                    r = post(last[0], {"n": last[1], "action": last[2]})
                    assert r.status_code == 200 and r.json()["duplicate"] is True
                elif step == "stale_old" and last is not None:
                    others = [a for a in range(60) if a != last[2]]
                    r = post(last[0], {"n": last[1], "action": rng.choice(others)})
                    assert r.status_code == 409 and r.json()["code"] == "stale"
                elif step == "stale_future":
                    r = post(mover, {"n": n + rng.randint(1, 5), "action": rng.choice(legal)})
                    assert r.status_code == 409 and r.json()["code"] == "stale"
                elif step == "foreign":
                    r = post(1 - mover, {"n": n, "action": rng.choice(legal)})
                    assert r.status_code == 403 or r.json()["code"] == "not_your_turn", r.text
                elif step == "illegal":
                    bad = next(a for a in range(10_000) if a not in legal)
                    r = post(mover, {"n": n, "action": bad})
                    assert r.status_code == 400
                    assert r.json()["code"] in ("illegal_action", "invalid_action")
                elif step == "restart":
                    client.__exit__(None, None, None)
                    client = _app(url).__enter__()
                    for p in people:
                        p.client = client
                # invariants
                store = Store(url)
                log = store.moves(tid)
                store.close()
                assert [row[0] for row in log] == list(range(len(log)))
                for k, action in acked.items():
                    assert log[k][1] == action
                actions = [row[1] for row in log]
                for seat in (0, 1):
                    got = people[seat].get(f"/api/tables/{tid}/view?seat={seat}")
                    want = expected_view_parts(GAME, OPTIONS, actions, seat)
                    assert got["n"] == len(actions)
                    assert got["obs"] == want["obs"] and got["legal"] == want["legal"]
        finally:
            client.__exit__(None, None, None)
