"""The State base class: checked moves, undo, clone isolation, records, errors with codes."""

import json
import random

import pytest

import garrison
from garrison import (
    CHANCE,
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    RecordError,
)


def played(steps, seed=1):
    state = garrison.load("gambit", players=3).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.current_player() == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_public_api_names():
    design_order = ["soldateska", "1848", "gambit", "solo66", "stratego", "scopa"]
    names = garrison.games()
    assert "gambit" in names
    assert [n for n in design_order if n in names] == [n for n in names if n in design_order]
    assert garrison.CHANCE == -1 and garrison.TERMINAL == -4
    assert issubclass(GameError, ValueError)
    codes = {cls.code for cls in (OptionError, InvalidActionError, IllegalActionError,
                                  NotYourTurnError, GameOverError, RecordError)}
    assert len(codes) == 6


def test_unknown_game_lists_the_games():
    with pytest.raises(OptionError, match="games: .*gambit"):
        garrison.load("chess")


def test_undo_walks_back_to_the_start():
    state = played(40)
    snapshots = []
    replay_state = garrison.load("gambit", players=3).new_initial_state()
    for action in state.history():
        snapshots.append(replay_state.clone())
        replay_state.apply_action(action)
    for snap in reversed(snapshots):
        state.undo()
        assert state == snap
    with pytest.raises(GameError, match="nothing to undo"):
        state.undo()


def test_clone_then_play_on_leaves_the_original_alone():
    state = played(25)
    record = json.dumps(state.to_record())
    twin = state.clone()
    rng = random.Random(9)
    for _ in range(30):
        if twin.is_terminal():
            break
        twin.apply_action(
            garrison.sample_chance(twin, rng) if twin.is_chance_node() else twin.legal_actions()[0]
        )
        twin.undo() if rng.random() < 0.2 else None
    assert json.dumps(state.to_record()) == record
    assert garrison.replay(record) == state


def test_child_and_repr_rebuild():
    state = played(10)
    action = state.legal_actions()[0]
    child = state.child(action)
    assert child.history() == state.history() + [action]
    assert repr(state).startswith("garrison.replay(")


@pytest.mark.parametrize("name", garrison.games())
def test_records_of_a_version_the_game_replays_load_the_same_game(name):
    """Version 2 moved only the random bot's draws: a record of version 1 replays as it is."""
    game = garrison.game_class(name)
    assert game.version == "2" and game.replays_versions == ("1",)
    state = garrison.load(name).new_initial_state()
    rng = random.Random(4)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    record = state.to_record()
    assert record["version"] == "2"
    assert garrison.replay(dict(record, version="1")).history() == state.history()
    with pytest.raises(RecordError, match="version 3"):
        garrison.replay(dict(record, version="3"))


def test_records_reject_wrong_version_and_bad_entries(tmp_path):
    state = played(12)
    record = state.to_record()
    with pytest.raises(RecordError, match="version 0; this is version 2, which replays "
                                          "records of version 2, 1"):
        garrison.replay(dict(record, version="0"))
    with pytest.raises(RecordError, match="#3"):
        garrison.replay(dict(record, actions=record["actions"][:3] + ["x"]))
    with pytest.raises(RecordError, match="no 'actions'"):
        garrison.replay({"game": "gambit"})
    with pytest.raises(RecordError, match="not valid JSON"):
        garrison.replay('{"game": "gambit", "actions": [1, 2')
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(RecordError, match="UTF-8"):
        garrison.replay(path)
    path.write_text(json.dumps(record))
    assert garrison.replay(path) == state
    with pytest.raises(RecordError, match="cannot read"):
        garrison.replay(tmp_path / "missing.json")


def test_observation_rejects_unknown_seats():
    state = played(3)
    for bad in (3, -1, "0", 1.5, True):
        with pytest.raises(GameError, match=r"there is no seat .* \(seats 0–2, or None for a spectator\)"):
            state.observation(bad)
    assert state.observation(None)["seat"] is None


def test_chance_outcomes_only_at_chance_nodes():
    state = played(0)
    assert state.is_chance_node()
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(GameError, match="not a chance node"):
        state.chance_outcomes()
