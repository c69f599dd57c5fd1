"""Replaying real human games from the Gravon archive: four games kept as fixtures
(tests/stratego/fixtures/gravon, with their source), and the whole month where the archive
is present (the file named by GARRISON_GRAVON_ARCHIVE, read in place)."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

import garrison
from garrison.games.stratego import gravon
from garrison.games.stratego.actions import CATALOGUE
from garrison.games.stratego.board import zone
from garrison.games.stratego.setups import HEURISTIC

# the whole month (strados2015-2.zip) is not kept in the repository: a machine that has it names
# it in GARRISON_GRAVON_ARCHIVE, and the tests that need it skip elsewhere
ARCHIVE = Path(os.environ.get("GARRISON_GRAVON_ARCHIVE", "strados2015-2.zip (not given)"))
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "gravon"
HELD_OUT = FIXTURES.parent / "gravon_heldout"  # the Stratego prior's held-out games (its tests)


def member(name: str) -> bytes:
    """One recorded game, from the fixtures kept in the repository."""
    return (FIXTURES / name).read_bytes()


@pytest.fixture(scope="module")
def month():
    if not ARCHIVE.is_file():
        pytest.skip(f"the whole-month replay needs the Gravon archive at {ARCHIVE} (absent here: "
                    "GARRISON_GRAVON_ARCHIVE names no file); the fixture games below still run")
    errors: list[dict] = []
    summary = gravon.import_gravon(ARCHIVE, errors=errors)
    return summary, errors


def test_the_fixtures_are_the_archives_own_files():
    if not ARCHIVE.is_file():
        pytest.skip(f"the Gravon archive is absent at {ARCHIVE}: nothing to compare with")
    with zipfile.ZipFile(ARCHIVE) as archive:
        for path in [*FIXTURES.glob("*.xml"), *HELD_OUT.glob("*.xml")]:
            assert archive.read(path.name) == path.read_bytes(), path.name
    # the held-out fixtures are the first eight held-out classic games (the prior's split)
    from garrison.games.stratego import prior_data

    classic = prior_data.classic_games(ARCHIVE)
    held = [classic[i].gid for i in range(len(classic)) if prior_data.held_out(i)]
    assert len(classic) == 794 and len(held) == 79
    assert sorted(held[:8]) == sorted(p.stem for p in HELD_OUT.glob("*.xml"))


def test_the_fixture_games_replay_with_their_recorded_endings():
    errors: list[dict] = []
    summary = gravon.import_gravon(FIXTURES, errors=errors)
    assert summary["classic"] == {"games": 2, "rejected": 0, "decided_on_board": 1,
                                  "endings_matched": 1}
    assert summary["barrage"]["games"] == 1 and summary["barrage"]["rejected"] == 0
    assert summary["barrage"]["endings_matched"] == summary["barrage"]["decided_on_board"]
    assert summary["classicfree"]["rejected"] == 1
    assert [e["game"] for e in errors] == ["classicfree-2015.2-662"]


def test_every_classic_game_of_the_month_replays_move_by_move(month):
    summary, errors = month
    classic = summary["classic"]
    assert classic["games"] == 794
    assert classic["rejected"] == 0, [e for e in errors if e["type"] == "classic"][:3]
    assert classic["decided_on_board"] == 239
    assert classic["endings_matched"] == classic["decided_on_board"]


def test_barrage_games_replay_too_and_free_setups_are_reported(month):
    summary, errors = month
    assert summary["barrage"] == {"games": 37, "rejected": 0, "decided_on_board": 23,
                                  "endings_matched": 23}
    free = [e for e in errors if e["type"] == "classicfree"]
    assert len(free) == summary["classicfree"]["rejected"] == 3
    assert all(e["move"] is None and "different armies" in e["why"] for e in free)
    text = gravon.format_summary(summary, errors)
    assert "classic: 794 games, 0 rejected" in text
    assert "classicfree-2015.2-662 (classicfree), file:" in text


def test_game_349_blue_takes_the_red_flag_on_move_224():
    game = gravon.parse_xml("classic-2015.2-349", member("classic-2015.2-349.xml"))
    assert (game.kind, len(game.moves), game.ending, game.winner) == ("classic", 224, 1, 2)
    result = gravon.replay_game(game)
    state = result.state
    assert result.error is None and result.matched
    assert state.is_terminal() and state.returns() == [-1.0, 1.0] and state.reason == "flag"
    assert state.ply == 224
    log = state.observation(0)["log"]
    assert log[-2].startswith("Blue h1xg1:") and log[-2].endswith("attacks Flag; the flag is taken")
    assert log[-1] == "Blue wins: the flag is captured"


def test_first_moves_of_349_resolve_as_recorded():
    game = gravon.parse_xml("classic-2015.2-349", member("classic-2015.2-349.xml"))
    game.moves = game.moves[:2]
    state = gravon.replay_game(game).state
    log = state.observation(None)["log"]
    # I4->I7: Red's Soldier runs three squares into Blue's Captain and is lost;
    # A7->A4: Blue's Soldier runs into Red's Lieutenant and is lost.
    assert log[-2] == "Red i4xi7: Soldier attacks Captain; the defender holds"
    assert log[-1] == "Blue a7xa4: Soldier attacks Lieutenant; the defender holds"


def test_records_written_by_the_import_replay_to_the_same_end(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "classic-2015.2-349.xml").write_bytes(member("classic-2015.2-349.xml"))
    summary = gravon.import_gravon(tmp_path / "in", out_dir=tmp_path / "out")
    assert summary == {"classic": {"games": 1, "rejected": 0, "decided_on_board": 1,
                                   "endings_matched": 1}}
    record = json.loads((tmp_path / "out" / "classic-2015.2-349.json").read_text())
    assert record["options"]["rules"] == "gravon" and record["source"]["game"] == "classic-2015.2-349"
    state = garrison.replay(record)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def _doctored(text: str, old: str, new: str) -> bytes:
    assert old in text
    return text.replace(old, new, 1).encode()


def test_bad_files_and_moves_are_reported_and_the_import_goes_on(tmp_path):
    good = member("classic-2015.2-349.xml").decode()
    files = {
        "a-bomb.xml": _doctored(good, 'source="I4" target="I7"', 'source="F1" target="F2"'),
        "b-lake.xml": _doctored(good, 'source="A7" target="A4"', 'source="C7" target="C6"'),
        "c-broken.xml": good[:300].encode(),
        "d-diagonal.xml": _doctored(good, 'source="I4" target="I7"', 'source="I4" target="H5"'),
        "e-square.xml": _doctored(good, 'source="I4" target="I7"', 'source="J4" target="J5"'),
        "f-good.xml": good.encode(),
        "g-old.gsn": b"#X38FA11 Stratego-Notation v1\ntype 0\n",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    errors: list[dict] = []
    summary = gravon.import_gravon(tmp_path, errors=errors)
    assert summary["classic"]["games"] == 5 and summary["classic"]["rejected"] == 4
    assert summary["classic"]["endings_matched"] == 1
    assert summary["?"] == {"games": 2, "rejected": 2, "decided_on_board": 0, "endings_matched": 0}
    why = {e["game"]: (e["move"], e["why"]) for e in errors}
    assert why["a-bomb"][0] == 1 and "Bomb on f1 never moves" in why["a-bomb"][1]
    assert why["b-lake"][0] == 2 and "c6" in why["b-lake"][1]
    assert why["c-broken"][0] is None and "XML" in why["c-broken"][1]
    assert why["d-diagonal"][0] == 1 and "row or column" in why["d-diagonal"][1]
    assert why["e-square"][0] == 1 and "does not exist" in why["e-square"][1]
    assert why["g-old"] == (None, "the older GSN notation (2003-2004) is not read; only StraDoS2 XML")
    with pytest.raises(garrison.GameError, match="no such file"):
        gravon.import_gravon(tmp_path / "missing.zip")


def test_human_setups_of_an_archive_join_the_setup_catalogue(tmp_path):
    archive = tmp_path / "two.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for name in ("classic-2015.2-0.xml", "classic-2015.2-349.xml"):
            out.writestr(name, member(name))
    game = garrison.load("stratego", setup_file=str(archive))
    assert game.catalogue == HEURISTIC + 4  # both setups of each classic game
    state = game.new_initial_state()
    state.apply_action(CATALOGUE + HEURISTIC)  # the first human setup of the archive
    first = gravon.parse_xml("classic-2015.2-0", member("classic-2015.2-0.xml"))
    layout = first.layout(0, 4)
    squares = zone(0, 4)
    assert [state.rank[state.board[sq]] for sq in squares] == list(layout)
