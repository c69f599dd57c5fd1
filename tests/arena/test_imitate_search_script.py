"""``research/imitate_search.py``: a network fitted to the other slots' card play in saved Solo 66
runs, against the heuristic as their model (docs/log/bots-history.md, "What holds it level: reading players
who search")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrison.arena.tournament import play_one
from script_module import load_script


@pytest.fixture(scope="module")
def script():
    return load_script("imitate_search")


def _save(path: Path, bots: list[str], deals: range) -> Path:
    with path.open("w") as out:
        for deal in deals:
            for rotation in range(5):
                out.write(json.dumps(play_one("solo66", {"deals": 1}, bots, 11, deal, rotation,
                                              keep_actions=True)) + "\n")
    return path


def test_heuristic_players_are_copied_and_the_heuristic_makes_all_their_cards(script, tmp_path):
    bots = ["random"] + ["heuristic"] * 4  # slot 0 is left out: random cards are not learned
    train = _save(tmp_path / "train.jsonl", bots, range(0, 20))
    test = _save(tmp_path / "test.jsonl", bots, range(100, 104))
    rows = script.fit([str(train)], [str(test)], epochs=20, seed=1)
    assert len(rows) == 20
    last = rows[-1]
    assert set(last) == {"soloist", "defender"}
    for net, own, n in last.values():
        assert own == 1.0 and n > 0  # every decision fitted is a heuristic player's
        assert net > 0.9  # the heuristic's card is an input: the network learns to copy it
    assert rows[0]["defender"][2] == last["defender"][2]  # the same test decisions each epoch


def test_a_run_of_another_game_or_without_decisions_is_refused(script, tmp_path):
    scopa = tmp_path / "scopa.jsonl"
    scopa.write_text(json.dumps(play_one("scopa", {"players": 2}, ["random", "random"], 1, 0, 0,
                                         keep_actions=True)) + "\n")
    with pytest.raises(ValueError, match="a run of .scopa., not of .solo66."):
        script.decisions([str(scopa)])
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    with pytest.raises(ValueError, match="no card-play decisions"):
        script.decisions([str(empty)])
