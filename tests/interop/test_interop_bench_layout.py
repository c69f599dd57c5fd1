"""``garrison bench --batched`` prints a table that keeps its columns in a log: plain lines
under 100 characters, never wrapped or cut at 80 columns."""

from __future__ import annotations

import garrison
from garrison.bots.levels import levels
from garrison.cli.bench import batched_lines

WIDTH = 100


def _rows(big: float) -> list[dict]:
    rows = []
    for name in garrison.games():
        bot = levels(garrison.game_class(name))["good"]
        rows.append({"game": name, "tables": 256, "holdem_steps_per_s": 9_876.5,
                     "self_play_steps_per_s": big, "self_play_x_holdem": big / 9_876.5,
                     "versus_random_steps_per_s": big / 3, "versus_random_x_holdem": big / 3 / 9_876.5,
                     "opponent": bot, "versus_bots_steps_per_s": big / 2,
                     "versus_bots_x_holdem": big / 2 / 9_876.5, "self_play_over_versus": 2.0})
    return rows


def test_every_line_fits_and_the_columns_line_up():
    rows = _rows(98_765_432.0)  # wider figures than any game reaches
    lines = batched_lines(rows)
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    table = lines[3:]
    assert table[0].split() == ["game", "self-play", "×holdem", "vs", "random", "×holdem",
                                "vs", "bot", "bot", "×holdem", "self÷bot"]
    for row, line in zip(rows, table[1:]):
        fields = line.split()
        assert fields[0] == row["game"] and fields[1] == "98,765,432" and row["opponent"] in fields
    # the figures' columns end where their headers end
    header = table[0]
    for line in table[1:]:
        assert line.index("98,765,432") + len("98,765,432") == header.index("self-play") + len("self-play")


def test_a_column_no_row_has_is_left_out():
    rows = [{k: v for k, v in r.items() if not k.startswith("versus_random")} for r in _rows(1e6)]
    lines = batched_lines(rows)
    assert "vs random" not in lines[3] and all(len(line) <= WIDTH for line in lines)


def test_the_command_prints_it_unwrapped_in_a_log():
    from typer.testing import CliRunner

    from garrison.cli.main import app

    result = CliRunner().invoke(app, ["bench", "--batched", "--seconds", "0.02", "--game", "gambit"],
                                env={"COLUMNS": "80", "TERM": "dumb"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Batched engine"))
    table = lines[start + 3:]
    assert table[0].startswith("game") and "self÷bot" in table[0]
    row = next(line for line in table if line.startswith("gambit"))
    assert "greedy" in row and len(row.split()) == len(table[0].replace("vs ", "vs_").split())
    assert all(len(line) <= WIDTH for line in lines[start:])
