"""docs/tutorial.md stays true: its examples run under doctest."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_tutorial_examples_pass():
    failures, tried = doctest.testfile(str(ROOT / "docs" / "tutorial.md"), module_relative=False)
    assert tried >= 30 and failures == 0
