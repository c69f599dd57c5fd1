"""The compiled 1848 writes the same log as its Python rules did: the whole log of each finished
fixture game (``fixtures/compiled``, made by the Python rules), per seat and for a spectator.

One difference is deliberate: a line naming several commanders who lead an army together names
them in card order (the Python rules named the army's earlier leaders first); the same
commanders are named. Since then a decision's line no longer repeats the points its credit lines
say, and the "Last round" ends with those credit lines: the fixtures' logs and last results were
rewritten for that wording, and later for every line starting with a capital, alone (every
line otherwise as the Python rules wrote it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import garrison

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "compiled").glob("*.json"))


def test_there_are_fixture_games():
    assert len(FIXTURES) >= 10


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_the_whole_log_reads_as_before(path):
    data = json.loads(path.read_text())
    final = data["snapshots"][-1]
    state = garrison.replay(data["record"], upto=final["upto"])
    seats = list(range(state.game.num_players)) + [None]
    for seat, expected in zip(seats, final["logs"]):
        assert [_canonical(line) for line in state.log_lines(seat)] == [
            _canonical(line) for line in expected], f"seat {seat}"


def _canonical(line: str) -> str:
    """A "... now lead ..." line with its commanders in sorted order."""
    if " now lead " not in line:
        return line
    names, rest = line.split(" of ", 1)
    return " + ".join(sorted(names.split(" + "))) + " of " + rest


def test_only_the_order_of_joint_commanders_differs():
    lines = [line for path in FIXTURES
             for line in json.loads(path.read_text())["snapshots"][-1]["logs"][-1]]
    assert any(" now lead " in line and " + " in line for line in lines)
    assert _canonical("B + A of P2 now lead X") == _canonical("A + B of P2 now lead X")
    assert _canonical("B + A of P2 takes over X") != _canonical("A + B of P2 takes over X")


def test_a_resampled_world_keeps_no_other_seats_private_lines():
    path = FIXTURES[0]
    data = json.loads(path.read_text())
    state = garrison.replay(data["record"], upto=data["snapshots"][1]["upto"])
    import random

    world = state.resample(0, random.Random(3))
    assert world.log_lines(0) == state.log_lines(0)
    assert world.log_lines(None) == state.log_lines(None)
    private_1 = [line for line in state.log_lines(1) if line.startswith("(you")]
    assert private_1, "the fixture should have private lines of seat 1"
    assert not [line for line in world.log_lines(1) if line.startswith("(you")]
