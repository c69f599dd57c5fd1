"""The levels' ratings: ``garrison rate`` plays the round robin and writes the file, the file is
checked on reading and writing, and the lobby shows a file only for the options it measured."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import garrison
from garrison.arena.rating import bootstrap, fit, rate_levels, round_robin
from garrison.bots.level_ratings import (
    check_ratings,
    load_ratings,
    ratings_file_name,
    save_ratings,
    shipped_ratings,
)
from garrison.bots.levels import levels, rated, rated_bot
from garrison.cli.main import app
from garrison.core import GameError, OptionError, RecordError


@pytest.fixture(scope="module")
def gambit_doc() -> dict:
    """Gambit's levels rated on two players' deals: quick, and every level a different bot."""
    return rate_levels("gambit", {"players": 2}, games=6, seed=3, replicates=50)[1] | {
        "command": "garrison rate gambit -o players=2 --games 6 --seed 3"}


def test_the_levels_round_robin_rates_each_level_as_the_lobby_plays_it(gambit_doc):
    game = garrison.load("gambit", players=2)
    assert list(gambit_doc["levels"]) == list(levels(game))
    assert [e["bot"] for e in gambit_doc["levels"].values()] == list(levels(game).values())
    assert gambit_doc["levels"]["easy"] == {"bot": "random", "elo": 0.0, "low": 0.0, "high": 0.0}
    assert [(p["bot"], p["against"]) for p in gambit_doc["pairs"]] == [
        ("good", "easy"), ("strong", "easy"), ("strong", "good")]
    assert all(p["games"] == 6 for p in gambit_doc["pairs"])  # 3 deals of 2 rotations
    assert gambit_doc["options"] == game.options and gambit_doc["free"] == []
    check_ratings(gambit_doc, "test")


def test_a_search_level_is_rated_on_cpu_time():
    assert rated_bot("ismcts:0.1s:fallback=1.5") == "ismcts:0.1s:fallback=1.5:clock=cpu"
    assert rated_bot("ismcts:0.1s:clock=wall") == "ismcts:0.1s:clock=wall"
    assert rated_bot("exact") == "exact"


def test_the_same_seed_gives_the_same_ratings():
    a = round_robin("gambit", {"players": 2}, ["random", "greedy"], 4, seed=9, replicates=30)
    b = round_robin("gambit", {"players": 2}, ["random", "greedy"], 4, seed=9, jobs=2,
                    replicates=30)
    assert (a.elo, a.interval, a.pairs[0]["ahead_share"]) == (
        b.elo, b.interval, b.pairs[0]["ahead_share"])


def _records(results: list[tuple[int, list[float]]]) -> list[dict]:
    return [{"deal": deal, "returns": returns} for deal, returns in results]


def test_the_bootstrap_interval_holds_the_fit_and_widens_with_fewer_deals():
    """Half the deals won, half lost: the fit is level, and the interval from 4 deals is wider
    than from 40 deals of the same mix."""
    few = _records([(d, [1.0, 0.0] if d % 2 else [0.0, 1.0]) for d in range(4)])
    many = _records([(d, [1.0, 0.0] if d % 2 else [0.0, 1.0]) for d in range(40)])
    lineups = [["b", "a"]]
    assert fit(lineups, [many], "a")["b"] == pytest.approx(0.0, abs=1e-6)
    lo_few, hi_few = bootstrap(lineups, [few], "a", 400)["b"]
    lo_many, hi_many = bootstrap(lineups, [many], "a", 400)["b"]
    assert lo_few < lo_many < 0 < hi_many < hi_few
    assert bootstrap(lineups, [many], "a", 400)["a"] == (0.0, 0.0)
    assert bootstrap(lineups, [many], "a", 0) == {}


def test_a_deal_is_drawn_with_all_its_rotations():
    """Two rotations of a deal always split (1 and 0): drawn together they stay level in every
    replicate, so the interval is a point; drawn apart they would not be."""
    split = _records([(d, r) for d in range(10) for r in ([1.0, 0.0], [0.0, 1.0])])
    assert bootstrap([["b", "a"]], [split], "a", 200)["b"] == pytest.approx((0.0, 0.0), abs=1e-6)


def test_a_team_game_seats_a_bot_with_partners_of_its_own_kind():
    """Four players of Scopa are two teams of partners sitting opposite: the later bot holds a
    whole team, so it is not measured carrying a weaker partner."""
    played = round_robin("scopa", {"players": 4, "target": 1}, ["random", "greedy"], 4,
                         replicates=0)
    assert played.lineups == [["greedy", "random", "greedy", "random"]]
    assert all(rec["returns"][0] == rec["returns"][2] for rec in played.records[0])


def test_a_round_robin_needs_two_bots_and_names_a_bad_option():
    with pytest.raises(GameError, match="two different bots"):
        round_robin("gambit", {"players": 2}, ["random", "random"], 2)
    with pytest.raises(OptionError, match="free options colour are not options of gambit"):
        rate_levels("gambit", {"players": 2}, 2, free=["colour"])


def test_a_file_round_trips_and_names_its_key(tmp_path: Path, gambit_doc):
    path = tmp_path / ratings_file_name({"players": 2})
    assert path.name == "levels-players_2.json" and ratings_file_name({}) == "levels.json"
    save_ratings(path, gambit_doc)
    assert load_ratings(path) == gambit_doc


def _broken(doc: dict, change) -> dict:
    out = copy.deepcopy(doc)
    change(out)
    return out


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("seed"), r"keys missing \['seed'\]"),
    (lambda d: d.update(extra=1), r"unknown \['extra'\]"),
    (lambda d: d.update(format=2), "format 2; allowed: 1"),
    (lambda d: d["levels"]["easy"].update(elo=5.0, high=5.0), "easy level is rated 5.0"),
    (lambda d: d["levels"]["good"].update(low=d["levels"]["good"]["elo"] + 1),
     "outside its interval"),
    (lambda d: d["levels"].update(master=d["levels"].pop("good")), "allowed: easy, good, strong, and master"),
    (lambda d: d["levels"].pop("strong"), "allowed: easy, good, strong"),
    (lambda d: d["levels"]["strong"].update(elo=float("nan")), "allowed: numbers"),
    (lambda d: d.update(free=["colour"]), "'free' is"),
    (lambda d: d["pairs"][0].update(games=0), "whole number ≥ 1"),
    (lambda d: d.update(games_per_pair=True), "'games_per_pair' is True"),
])
def test_a_broken_document_is_refused_naming_what_is_wrong(tmp_path: Path, gambit_doc,
                                                           change, message):
    path = tmp_path / "levels.json"
    with pytest.raises(RecordError, match=message):
        save_ratings(path, _broken(gambit_doc, change))
    assert not path.exists() and not list(tmp_path.iterdir())  # nothing written
    path.write_text(json.dumps(_broken(gambit_doc, change)), encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        load_ratings(path)


def test_a_file_that_is_not_json_or_missing_is_refused_by_name(tmp_path: Path):
    path = tmp_path / "levels.json"
    path.write_text('{"format": 1,', encoding="utf-8")
    with pytest.raises(RecordError, match=r"levels.json: not JSON"):
        load_ratings(path)
    with pytest.raises(RecordError, match="cannot read a ratings file"):
        load_ratings(tmp_path / "none.json")


def _ship(monkeypatch, tmp_path: Path, doc: dict, name: str = "levels.json") -> None:
    monkeypatch.setattr("garrison.bots.level_ratings.data_dir", lambda game: tmp_path)
    save_ratings(tmp_path / name, doc)


def test_ratings_are_shown_only_for_the_options_they_measured(monkeypatch, tmp_path, gambit_doc):
    _ship(monkeypatch, tmp_path, gambit_doc, "levels-players_2.json")
    assert shipped_ratings(garrison.load("gambit", players=2)) == gambit_doc
    assert shipped_ratings(garrison.load("gambit", players=3)) is None
    assert shipped_ratings(garrison.load("gambit", players=2, lives=2)) is None
    assert rated(garrison.load("gambit", players=2))["good"]["games"] == 6


def test_a_free_option_holds_whatever_its_value(monkeypatch, tmp_path, gambit_doc):
    doc = gambit_doc | {"free": ["max_rounds"]}
    doc["options"] = doc["options"] | {"max_rounds": 50}
    _ship(monkeypatch, tmp_path, doc)
    assert shipped_ratings(garrison.load("gambit", players=2)) == doc
    assert shipped_ratings(garrison.load("gambit", players=2, max_rounds=70)) == doc
    assert shipped_ratings(garrison.load("gambit", players=2, lives=2)) is None


def test_ratings_of_other_bots_than_the_levels_are_not_shown(monkeypatch, tmp_path, gambit_doc):
    doc = copy.deepcopy(gambit_doc)
    doc["levels"]["strong"]["bot"] = "ismcts:0.1s:fallback=1.5:clock=cpu"  # not Gambit's exact
    _ship(monkeypatch, tmp_path, doc)
    assert shipped_ratings(garrison.load("gambit", players=2)) == doc
    assert rated(garrison.load("gambit", players=2)) == {}


def test_a_file_of_another_game_in_a_games_folder_is_refused(monkeypatch, tmp_path, gambit_doc):
    _ship(monkeypatch, tmp_path, gambit_doc | {"game": "scopa"})
    with pytest.raises(RecordError, match="ratings of scopa in the folder of gambit"):
        shipped_ratings(garrison.load("gambit", players=2))


@pytest.mark.parametrize("name", garrison.games())
def test_every_shipped_file_is_named_for_its_options_and_rates_the_levels(name: str):
    """Each shipped file's name is its key and it rates the game's levels as they are now
    (a changed level needs a new rating: ``garrison rate NAME ... --out shipped``)."""
    from garrison.learn.weights import data_dir

    cls = garrison.game_class(name)
    files = sorted(data_dir(cls).glob("levels*.json"))
    assert files, f"{name} ships no ratings"
    for path in files:
        doc = load_ratings(path)
        defaults = cls().options
        keyed = {k: v for k, v in doc["options"].items()
                 if k not in doc["free"] and defaults[k] != v}
        assert path.name == ratings_file_name(keyed)
        game = garrison.load(name, **{k: v for k, v in doc["options"].items()
                                      if k not in doc["free"]})
        assert [e["bot"] for e in doc["levels"].values()] == [
            rated_bot(b) for b in levels(game).values()]
        assert doc["command"].startswith(f"garrison rate {name} ")


def test_the_rate_command_writes_the_file_it_reports(tmp_path: Path):
    out = tmp_path / "gambit.json"
    res = CliRunner().invoke(app, ["rate", "gambit", "-o", "players=2", "--games", "4",
                                   "--seed", "5", "--replicates", "20", "--out", str(out)])
    assert res.exit_code == 0, res.output
    doc = load_ratings(out)
    assert doc["command"] == (f"garrison rate gambit -o players=2 --games 4 --seed 5 "
                              f"--replicates 20 --out {out}")
    assert f"{doc['levels']['good']['elo']:+.0f}" in res.output and "ratings written" in res.output
    again = CliRunner().invoke(app, ["rate", "gambit", "-o", "players=2", "--games", "4",
                                     "--seed", "5", "--replicates", "20", "--json"])
    assert json.loads(again.output)["levels"] == doc["levels"]


def test_shipped_is_the_games_folder_and_the_file_is_named_by_what_differs(monkeypatch,
                                                                           tmp_path: Path):
    """``--out shipped`` writes into the game's data folder, named by the options that differ
    from the defaults (a default given with ``-o`` names nothing), never by a free one."""
    monkeypatch.setattr("garrison.cli.rate.data_dir", lambda game: tmp_path)
    runner = CliRunner()
    for extra, name in ((["-o", "players=4"], "levels.json"),
                        (["-o", "players=2", "-o", "max_rounds=50", "--free", "max_rounds"],
                         "levels-players_2.json")):
        res = runner.invoke(app, ["rate", "gambit", *extra, "--games", "4", "--replicates", "5",
                                  "--out", "shipped"])
        assert res.exit_code == 0, res.output
        assert (tmp_path / name).is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["levels-players_2.json", "levels.json"]


def test_the_rate_command_refuses_bad_input_and_writes_nothing(tmp_path: Path):
    runner = CliRunner()
    res = runner.invoke(app, ["rate", "gambit", "-o", "players=9", "--out", str(tmp_path / "x")])
    assert res.exit_code == 2 and "players" in res.output
    res = runner.invoke(app, ["rate", "gambit", "--games", "2", "--out",
                              str(tmp_path / "none" / "x.json")])
    assert res.exit_code == 2 and "its folder does not exist" in res.output
    res = runner.invoke(app, ["rate", "gambit", "--free", "colour", "--games", "2"])
    assert res.exit_code == 2 and "free options colour" in res.output
    assert not list(tmp_path.iterdir())


def test_the_lobby_offers_every_rated_set_of_options(monkeypatch, tmp_path, gambit_doc):
    """The lobby's game (default options: four players) gets the two-player ratings with the
    options that make them hold; a file rating other bots than the levels is left out."""
    from garrison.server.domain.strengths import rated_tables, rating_words

    _ship(monkeypatch, tmp_path, gambit_doc, "levels-players_2.json")
    good = gambit_doc["levels"]["good"]
    assert rated_tables(garrison.load("gambit")) == [{
        "options": {"players": 2}, "free": [],
        "levels": {level: {"elo": round(e["elo"]), "elo_low": round(e["low"]),
                           "elo_high": round(e["high"]), "rating": rating_words(e["elo"], 6)}
                   for level, e in gambit_doc["levels"].items() if level != "easy"}}]
    assert rated_tables(garrison.load("gambit"))[0]["levels"]["good"]["elo"] == round(good["elo"])
    stale = copy.deepcopy(gambit_doc)
    stale["levels"]["good"]["bot"] = "heuristic"
    save_ratings(tmp_path / "levels-players_2.json", stale)
    assert rated_tables(garrison.load("gambit")) == []
