"""``research/world_accuracy.py``: how many of the hidden cards a world model puts in the right
hand, on saved Solo 66 runs, and how often the heuristic makes the decisions seen (docs/log/bots-history.md,
"What holds it level: reading players who search")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrison.arena.tournament import play_one
from script_module import load_script


@pytest.fixture(scope="module")
def script():
    return load_script("world_accuracy")


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("runs") / "run.jsonl"
    with path.open("w") as out:
        for deal in range(3):
            for rotation in range(5):
                record = play_one("solo66", {"deals": 1}, ["heuristic"] * 5, 7, deal, rotation,
                                  keep_actions=True)
                out.write(json.dumps(record) + "\n")
    return path


def test_the_real_state_is_all_right_and_reading_the_heuristic_beats_uniform_worlds(script, saved):
    figures = script.accuracy([str(saved)], ["truth", "uniform", "infer=16"], share=1.0,
                              worlds=10, seed=3)
    truth, uniform, infer = figures["truth"], figures["uniform"], figures["infer=16"]
    assert truth[:2] == (1.0, 1.0)
    assert truth[2] == uniform[2] == infer[2] > 20  # the same decisions for every model
    assert 0.1 < uniform[0] < 0.5 and 0.1 < uniform[1] < 0.6
    # against heuristic players the heuristic as their model places the soloist's cards better
    assert infer[1] > uniform[1] + 0.05
    assert infer[0] > uniform[0]


def test_walk_worlds_are_counted_too(script, saved):
    figures = script.accuracy([str(saved)], ["walk=4", "walk=4@0.3"], share=0.3, worlds=4,
                              seed=3)
    for spec in ("walk=4", "walk=4@0.3"):
        others, solo, n = figures[spec]
        assert n > 0 and 0.0 < others < 1.0 and 0.0 < solo <= 1.0


@pytest.mark.parametrize("spec", ["bogus", "infer", "infer=0", "walk=x", "uniform=3",
                                  "walk=4@0", "walk=4@2", "walk=4@x", "infer=4@0.1"])
def test_an_unknown_model_is_refused_naming_the_models(script, spec):
    with pytest.raises(ValueError, match="uniform, truth, infer=K or walk=K.*walk=K@X"):
        script.model(spec)


def test_a_run_of_another_game_is_refused(script, tmp_path):
    path = tmp_path / "scopa.jsonl"
    record = play_one("scopa", {"players": 2}, ["random", "random"], 1, 0, 0, keep_actions=True)
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(ValueError, match="a run of .scopa., not of .solo66."):
        script.accuracy([str(path)], ["uniform"])


def test_the_heuristic_agrees_with_every_decision_of_heuristic_players_only(script, saved,
                                                                          tmp_path):
    shares = script.agreement([str(saved)])
    assert {who for who, _ in shares} == {"slot 0", "others"}
    assert {"auction", "play, defender", "play, soloist"} <= {step for _, step in shares}
    assert all(share == 1.0 and n > 0 for n, share in shares.values())
    mixed = tmp_path / "mixed.jsonl"
    with mixed.open("w") as out:
        for rotation in range(5):
            out.write(json.dumps(play_one("solo66", {"deals": 1}, ["random"] + ["heuristic"] * 4,
                                          7, 0, rotation, keep_actions=True)) + "\n")
    shares = script.agreement([str(mixed)])
    assert all(share == 1.0 for (who, _), (_, share) in shares.items() if who == "others")
    assert any(share < 1.0 for (who, _), (_, share) in shares.items() if who == "slot 0")
