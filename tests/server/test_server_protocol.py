"""The socket protocol is declared once (``garrison.server.net.outgoing`` and ``.messages``): the
page's copy (``web/protocol.js``) is what the declaration makes, every builder makes a declared
message, and the page checks what it receives against it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from garrison.server.errors import ServerError, error_body
from garrison.server.net import outgoing

ROOT = Path(__file__).resolve().parents[2]


def test_the_pages_copy_is_what_the_declaration_makes() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "protocol_js.py"), "--check"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_every_builder_makes_a_declared_message() -> None:
    made = [
        error_body("stale", "the table moved on", now=4, ref="r1"),
        ServerError("rate_limited", "slow down", retry_after=2).as_dict(),
        outgoing.notice("P2 resigned"), outgoing.seat_lost(1, "P2 is no longer yours"),
        outgoing.draw("open", 0), outgoing.ended(1, "P2 resigned; the game is over"),
        outgoing.pong(3, 7), outgoing.chat_log([]),
    ]
    for message in made:
        assert outgoing.SERVER_MESSAGES.validate_python(message).type == message["type"]


@pytest.mark.parametrize("message", [
    {"type": "notice"},                                   # a field missing
    {"type": "notice", "message": "hi", "extra": 1},      # a field not declared
    {"type": "gossip", "message": "hi"},                  # a type not declared
    {"type": "draw", "state": "maybe", "by": 0},          # a value not allowed
])
def test_an_undeclared_message_is_refused(message: dict) -> None:
    with pytest.raises(ValidationError):
        outgoing.SERVER_MESSAGES.validate_python(message)


def test_the_page_checks_each_message_against_the_declaration(live, browser) -> None:  # noqa: ANN001
    """The page's check (protocol.js) names what is wrong with a message; the page reports it on
    the console, which every browser test fails on."""
    page = browser.new_page()
    try:
        page.goto(live.base + "/")
        found = page.evaluate("""async () => {
            const { checkMessage } = await import('/static/protocol.js');
            return [checkMessage({type: 'notice', message: 'hi'}),
                    checkMessage({type: 'notice'}),
                    checkMessage({type: 'notice', message: 'hi', extra: 1}),
                    checkMessage({type: 'gossip'})];
        }""")
        assert found == [None, "notice without message", "notice with undeclared extra",
                         'unknown message type "gossip"']
    finally:
        page.close()
