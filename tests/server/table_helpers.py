"""Shared by the table's browser tests (``test_table_*_browser.py``): a server per test module
and a page in Debian's Chromium that records its errors."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import Server

#: A JavaScript predicate: does element ``c`` (a card, die, plaque or square) cut off its words?
#: A part past its bottom or right edge, or a part that hides what overflows it and has more than
#: it shows (a glyph's overhang of a pixel or two is not words cut off).
CUTS_ITS_WORDS = """(c) => [c, ...c.querySelectorAll('*')].some(k => {
  if (!k.getClientRects().length) return false;
  const r = k.getBoundingClientRect(), b = c.getBoundingClientRect(), cs = getComputedStyle(k);
  const clips = cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
  return (clips && (k.scrollHeight > k.clientHeight + 2 || k.scrollWidth > k.clientWidth + 2))
    || r.bottom > b.bottom + 2 || r.right > b.right + 2;
})"""


#: JavaScript: the elements the page hides (``hidden``) that a style shows nonetheless, by id or
#: class (a rule giving ``display`` outweighs the attribute's).
SHOWN_THOUGH_HIDDEN = """[...document.querySelectorAll('[hidden]')]
  .filter(e => e.getClientRects().length).map(e => e.id || e.className || e.tagName)"""


@pytest.fixture(scope="module")
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A running server with a fresh SQLite database, one per test module."""
    folder: Path = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    srv = Server(f"sqlite:///{folder / 'g.db'}").start()
    yield srv
    srv.kill()


def open_page(browser, width: int = 1280, height: int = 900, reduced: bool = True, **extra):  # noqa: ANN001, ANN201
    """A new page (its own context) of ``width`` × ``height``; ``page.errors`` collects the
    page's errors and console errors. ``reduced``: the player asks for less motion."""
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True,
                                  reduced_motion="reduce" if reduced else "no-preference", **extra)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return context, page


@contextlib.contextmanager
def table_page(browser, *args, **kwargs):  # noqa: ANN001, ANN201
    """``open_page`` for one test: yields the page, then checks that it reported no error and
    closes its context (whether the test passed or not)."""
    context, page = open_page(browser, *args, **kwargs)
    try:
        yield page
        assert not page.errors, page.errors
    finally:
        context.close()
