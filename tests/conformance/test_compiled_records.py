"""Records made by a game's Python rules before they were compiled replay on the compiled rules
to the same game: at three points of each recorded game, the same returns, player to move,
legal moves, every seat's observation and the spectator's.

The fixtures are ``tests/<game>/fixtures/compiled/*.json`` in the snapshot format (``record`` and
``snapshots``; each game folder keeps the script that made them, ``make_fixtures.py.txt``).
Where a log line's words changed since, the stored lines were rewritten for that wording alone
(Soldateska's round headers, "--- Round 2: P3 deals ---" and "=== Round 1 settlement ===", read
"Round 2: P3 deals." and "Round 1 settlement:"; 1848's in its compiled-log test).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import garrison
from garrison.core.compiled import CompiledState

TESTS = Path(__file__).resolve().parents[1]
FIXTURES = [
    path for path in sorted(TESTS.glob("*/fixtures/compiled/*.json"))
    if isinstance(data := json.loads(path.read_text()), dict) and "snapshots" in data
]


def _plain(value):
    """JSON's view of a value (tuples as lists), to compare with the stored observations."""
    return json.loads(json.dumps(value))


def test_the_converted_games_keep_their_records():
    games = {json.loads(p.read_text())["record"]["game"] for p in FIXTURES}
    assert {"soldateska", "solo66", "1848"} <= games


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parts[-4]}-{p.stem}")
def test_records_of_the_python_rules_replay_the_same(path):
    data = json.loads(path.read_text())
    for snap in data["snapshots"]:
        state = garrison.replay(data["record"], upto=snap["upto"])
        assert isinstance(state, CompiledState)
        assert state.returns() == snap["returns"]
        assert state.current_player() == snap["current_player"]
        assert state.legal_actions() == snap["legal"]
        for seat, obs in enumerate(snap["observations"]):
            assert _plain(state.observation(seat)) == obs, f"seat {seat} at {snap['upto']}"
        assert _plain(state.observation(None)) == snap["public"]
