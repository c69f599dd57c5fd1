"""``garrison solve --cfr``: the native solver from the command line, beside Gambit's turn
solver; bad input is one line and exit code 2."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from garrison.cli.main import app
from garrison.interop.openspiel import tiny_game
from garrison.solve import cfr

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_solve_cfr_prints_the_nash_conv_of_the_api():
    result = run("solve", "scopa_hidden_5", "--cfr", "--algorithm", "cfr+", "--iterations", "12",
                 "--every", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = cfr(tiny_game("scopa_hidden_5"), 12, "cfr+", checkpoints=[5, 10])
    assert data["nash_conv"] == pytest.approx(expected.nash_conv(), abs=1e-12)
    assert data["curve"] == [[5, expected.curve[0][1]], [10, expected.curve[1][1]],
                             [12, data["nash_conv"]]]
    assert (data["nodes"], data["information_states"]) == (1886, 440)


def test_solve_cfr_takes_a_game_with_options_and_prints_a_table():
    result = run("solve", "scopa", "--cfr", "--iterations", "4", "--every", "2", "-o", "players=2",
                 "-o", "deal=all", "-o", "hand_limit=1", "-o", "suits=1", "-o", "values=4")
    assert result.exit_code == 0, result.output
    assert "401 nodes, 132 information states" in result.output
    assert "NashConv" in result.output and result.output.count("\n") > 5


def test_gambits_turn_solver_still_answers():
    result = run("solve", "gambit", "--dice", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["dice"] == 2


@pytest.mark.parametrize(("args", "message"), [
    (("scopa_hidden_5", "--cfr", "--algorithm", "dcfr"), "--algorithm must be one of"),
    (("scopa_hidden_5", "--cfr", "--iterations", "-2"), "--iterations must be 0 or more"),
    (("scopa_hidden_5", "--cfr", "--seed", "-1"), "--seed must be 0 or more"),
    (("scopa_hidden_5", "--cfr", "--every", "0"), "--every is a number of iterations"),
    (("scopa_hidden_5", "--cfr", "-o", "values=3"), "options fixed"),
    (("scopa_hidden_5", "--cfr", "--table"), "for Gambit's turn solver"),
    (("nosuchgame", "--cfr"), "unknown game 'nosuchgame'"),
    (("gambit", "--cfr", "--max-nodes", "1000"), "more than max_nodes=1000"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run("solve", *args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0]
