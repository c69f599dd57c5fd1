"""Fixtures of the server tests: databases (SQLite and a private PostgreSQL) and servers; and
every message an in-process server sends a socket, in every test, held to its declaration
(``garrison.server.net.outgoing``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import Postgres

from garrison.server.net import outgoing
from garrison.server.net.transport import Conn


@pytest.fixture(autouse=True)
def declared_messages_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message the protocol does not declare (an unknown type, a missing or unknown field)
    fails the test that made the server send it."""
    push = Conn.push

    def checked(self: Conn, message: dict[str, Any] | str) -> None:
        outgoing.SERVER_MESSAGES.validate_python(
            json.loads(message) if isinstance(message, str) else message)
        push(self, message)

    monkeypatch.setattr(Conn, "push", checked)


@pytest.fixture(scope="session")
def pg() -> Iterator[Postgres]:
    cluster = Postgres()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> str:  # noqa: ANN001
    """A fresh empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'garrison.db'}"
    return request.getfixturevalue("pg").new_db()


@pytest.fixture
def sqlite_url(tmp_path) -> str:  # noqa: ANN001
    return f"sqlite:///{tmp_path / 'garrison.db'}"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def live(request: pytest.FixtureRequest, tmp_path_factory):  # noqa: ANN001, ANN201
    """A running server (subprocess) per database kind, shared by a module's tests."""
    from server_helpers import Server

    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'g.db'}"
    else:
        url = request.getfixturevalue("pg").new_db()
    srv = Server(url).start()
    yield srv
    srv.kill()


@pytest.fixture(scope="module")
def browser():  # noqa: ANN201
    """Debian's Chromium, headless, driven by Playwright (never a downloaded browser); one per
    test module."""
    from pathlib import Path

    from playwright.sync_api import sync_playwright
    from test_server_browser import ARGS, CHROMIUM

    assert Path(CHROMIUM).exists(), "install Debian's chromium: apt-get install chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()
