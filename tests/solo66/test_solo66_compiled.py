"""Solo 66 on its compiled rules (rules.pyx) against records of the Python rules it replaced.

The fixtures (tests/solo66/fixtures/compiled, made by ``make_fixtures.py.txt`` from random play
with the Python rules at commit 054f633) hold each game's record and, at three points, every
seat's observation, the spectator's, the returns and the legal moves. Replaying the record on
today's rules must give the same at each point. What every compiled game guarantees (tensor,
undo, copies, playouts) is in tests/conformance/test_compiled_states.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import garrison
from garrison.core.compiled import CompiledState

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "compiled").glob("*.json"))


def _plain(value):
    return json.loads(json.dumps(value))


def test_there_are_fixtures():
    assert len(FIXTURES) >= 6


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
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
