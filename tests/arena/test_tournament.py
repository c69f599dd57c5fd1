"""Tournaments: mirrored deals, seat rotation, statistics, ratings, plots and the CLI."""

from __future__ import annotations

import json
import random

import pytest
from arena_helpers import untimed, untimed_dict
from typer.testing import CliRunner

import garrison
from garrison import CHANCE, OptionError
from garrison.arena.tournament import mean_ci, play_one, run_arena, schedule, summarise
from garrison.cli.main import app

GAMES = garrison.games()


def test_schedule_mirrors_every_deal_through_every_rotation():
    plan = schedule(7, 3, mirror=True)
    assert len(plan) == 9  # rounded up to whole deals
    for deal in range(3):
        assert sorted(r for d, r in plan if d == deal) == [0, 1, 2]
    assert schedule(5, 2, mirror=False) == [(0, 0), (1, 1), (2, 0), (3, 1), (4, 0)]


@pytest.mark.parametrize("name", GAMES)
def test_mirrored_games_share_the_deal(name):
    """Every rotation of a deal sees the same chance outcomes up to the first decision."""
    game = garrison.load(name)
    n = game.num_players
    bots = ["random"] * n
    openings = []
    for rotation in range(n):
        record = play_one(name, {}, bots, seed=4, deal=2, rotation=rotation, keep_actions=True)
        assert record["seats"] == [(s + rotation) % n for s in range(n)]
        replayed = game.new_initial_state()
        opening = []
        for action in record["actions"]:
            if replayed.current_player() != CHANCE:
                break
            opening.append(action)
            replayed.apply_action(action)
        openings.append(opening)
    assert all(o == openings[0] for o in openings)
    if game.new_initial_state().current_player() == CHANCE:
        assert openings[0]


def test_mirroring_removes_the_luck_of_the_deal():
    """Two copies of one deterministic bot: every mirrored deal is exactly even."""
    result = run_arena("gambit", {"players": 2}, ["greedy", "greedy"], games=6, seed=3)
    returns = [rec["returns"] for rec in result.records]
    for deal in range(3):
        a, b = returns[2 * deal], returns[2 * deal + 1]
        assert a[0] + b[0] == pytest.approx(a[1] + b[1])


def test_results_do_not_depend_on_jobs():
    one = run_arena("gambit", {"players": 3}, ["greedy", "random", "random"], games=6, seed=2)
    two = run_arena("gambit", {"players": 3}, ["greedy", "random", "random"], games=6, seed=2,
                    jobs=2)
    assert untimed(one.records) == untimed(two.records)
    assert untimed_dict(one.as_dict()) == untimed_dict(two.as_dict())




class FakeClocks:
    """A wall clock that advances by ``step`` per reading and a CPU clock at half that pace."""

    def __init__(self, step):
        self.step, self.now = step, 0.0

    def wall(self):
        self.now += self.step
        return self.now

    def cpu(self):
        return self.now / 2


def test_thinking_time_per_move_is_recorded(monkeypatch):
    """Each step is timed between two clock readings; the summary adds it up per bot."""
    from garrison.arena import tournament

    clocks = FakeClocks(0.25)
    monkeypatch.setattr(tournament, "wall_clock", clocks.wall)
    monkeypatch.setattr(tournament, "cpu_clock", clocks.cpu)
    result = run_arena("gambit", {"players": 3}, ["greedy", "random", "random"], games=6, seed=1)
    for rec in result.records:
        think = rec["think"]
        assert sum(think["moves"]) == rec["moves"]
        # two wall readings per move, 0.25 apart
        assert think["seconds"] == [pytest.approx(0.25 * m) for m in think["moves"]]
        assert think["max_seconds"] == [0.25 if m else 0.0 for m in think["moves"]]
        assert all(c >= 0 for c in think["cpu_seconds"])
    data = result.as_dict()
    json.dumps(data)
    greedy, rand = data["results"]
    assert greedy["moves"] == sum(r["think"]["moves"][0] for r in result.records)
    assert rand["moves"] == sum(r["think"]["moves"][1] + r["think"]["moves"][2]
                                for r in result.records)
    for row in (greedy, rand):
        assert row["seconds_per_move"] == pytest.approx(0.25)
        assert row["max_seconds_per_move"] == pytest.approx(0.25)
        assert row["cpu_seconds_per_move"] >= 0


def test_real_thinking_time_is_plausible():
    """With the real clocks: positive, a mean no larger than the longest move."""
    data = run_arena("gambit", {"players": 2}, ["ismcts:sims=5", "greedy"], games=2,
                     seed=0).as_dict()
    for row in data["results"]:
        assert row["moves"] > 0
        assert 0 < row["seconds_per_move"] <= row["max_seconds_per_move"]


def test_statistics_ratings_and_json_shape():
    result = run_arena("gambit", {"players": 2}, ["greedy", "random"], games=20, seed=0)
    data = result.as_dict()
    json.dumps(data)
    assert data["games"] == 20 and data["deals"] == 10 and data["mirrored"]
    greedy, rand = data["results"]
    assert greedy["bot"] == "greedy" and greedy["slots"] == [0]
    assert greedy["win_rate"] + rand["win_rate"] == pytest.approx(1.0)
    assert greedy["advantage"] == pytest.approx(-rand["advantage"])
    assert greedy["win_rate"] - greedy["win_rate_ci95"] > 0.5  # clearly stronger
    assert greedy["rating_mu"] > rand["rating_mu"]
    assert len(result.lines[0].mu) == 20


def test_one_bot_in_several_seats_is_one_line():
    result = run_arena("gambit", {"players": 3}, ["greedy", "random", "random"], games=3, seed=1)
    data = result.as_dict()
    assert [r["bot"] for r in data["results"]] == ["greedy", "random"]
    assert data["results"][1]["slots"] == [1, 2]
    shares = data["results"][0]["win_rate"] + 2 * data["results"][1]["win_rate"]
    assert shares == pytest.approx(1.0)


def test_summarise_clusters_by_deal():
    records = [
        {"deal": 0, "rotation": 0, "returns": [1.0, -1.0]},
        {"deal": 0, "rotation": 1, "returns": [1.0, -1.0]},
        {"deal": 1, "rotation": 0, "returns": [-1.0, 1.0]},
        {"deal": 1, "rotation": 1, "returns": [1.0, -1.0]},
    ]
    result = summarise("gambit", {}, ["a", "b"], 0, True, records, ratings=False)
    a = result.lines[0]
    assert a.returns == [1.0, 0.0]  # one mean per deal
    assert a.wins == [1.0, 0.5]
    mean, ci = mean_ci(a.returns)
    assert mean == 0.5 and ci == pytest.approx(1.96 * (0.5**0.5) / (2**0.5))


def test_a_bot_that_wins_every_deal_gets_the_rule_of_threes_interval_not_zero():
    """Every deal won: the normal interval would be ± 0 (certainty from 20 deals); the win
    share, the share ahead and the return get 3/20 of their range (a one-sided 95% bound)."""
    records = [{"deal": d, "rotation": r, "returns": [1.0, -1.0]} for d in range(20) for r in range(2)]
    a, b = summarise("gambit", {}, ["a", "b"], 0, True, records, ratings=False).lines
    line = a.summary()
    assert line["win_rate"] == 1.0 and line["win_rate_ci95"] == pytest.approx(3 / 20)
    assert line["ahead_share"] == 1.0 and line["ahead_share_ci95"] == pytest.approx(3 / 20)
    assert line["mean_return"] == 1.0 and line["mean_return_ci95"] == pytest.approx(2 * 3 / 20)
    assert b.summary()["win_rate"] == 0.0 and b.summary()["win_rate_ci95"] == pytest.approx(3 / 20)
    # values alike inside the bounds keep the normal interval; with two deals, the whole range
    assert mean_ci([0.5, 0.5], (0.0, 1.0)) == (0.5, 0.0)
    assert mean_ci([1.0] * 2, (0.0, 1.0)) == (1.0, 1.0)


def test_arena_refuses_bad_input():
    with pytest.raises(OptionError):
        run_arena("gambit", {"players": 2}, ["greedy"], games=2)
    with pytest.raises(OptionError):
        run_arena("gambit", {"players": 2}, ["greedy", "nobody"], games=2)
    with pytest.raises(OptionError):
        run_arena("gambit", {"players": 2}, ["greedy", "random"], games=0)


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plot_files(tmp_path, suffix):
    from garrison.arena.plot import plot_result

    result = run_arena("gambit", {"players": 2}, ["greedy", "random"], games=4, seed=0)
    path = plot_result(result, tmp_path / f"out{suffix}")
    data = path.read_bytes()
    if suffix == ".png":
        assert data.startswith(b"\x89PNG")
    else:
        assert b"<svg" in data[:2000]
    with pytest.raises(OptionError):
        plot_result(result, tmp_path / "out.txt")


def test_cli_arena_json_and_plot(tmp_path):
    out = tmp_path / "arena.png"
    res = CliRunner().invoke(app, ["arena", "gambit", "--bots", "greedy,random", "--games", "4",
                                   "--json", "--plot", str(out)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["games"] == 4 and [r["bot"] for r in data["results"]] == ["greedy", "random"]
    assert out.read_bytes().startswith(b"\x89PNG")


def test_cli_arena_saves_every_game_as_it_finishes(tmp_path):
    """``--save`` writes one JSON line per game; the lines summarise to the printed result."""
    from garrison.arena.tournament import load_records

    saved = tmp_path / "run.jsonl"
    res = CliRunner().invoke(app, ["arena", "gambit", "--bots", "greedy,random", "--games", "6",
                                   "--seed", "5", "--json", "--save", str(saved)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    records = load_records(saved)
    assert sorted((r["deal"], r["rotation"]) for r in records) == schedule(6, 2, True)
    again = summarise("gambit", data["options"], data["bots"], 5, True, records)
    assert untimed_dict(again.as_dict()) == untimed_dict(data)
    assert again.as_dict()["results"] == data["results"]  # timing too: the same records
    assert load_records(saved, game="gambit") == records
    with pytest.raises(ValueError, match="a run of 'gambit', not of 'solo66'"):
        load_records(saved, game="solo66")


def test_on_record_sees_each_game_once():
    seen = []
    result = run_arena("gambit", {"players": 2}, ["greedy", "random"], games=4, seed=1,
                       on_record=seen.append)
    assert sorted(seen, key=lambda r: (r["deal"], r["rotation"])) == result.records


def test_cli_arena_table_and_errors():
    runner = CliRunner()
    res = runner.invoke(app, ["arena", "gambit", "--bots", "greedy,random", "--games", "2"])
    assert res.exit_code == 0 and "win share" in res.output
    res = runner.invoke(app, ["arena", "gambit", "--bots", "greedy,ghost", "--games", "2"])
    assert res.exit_code == 2 and "unknown bot 'ghost'" in res.output
    res = runner.invoke(app, ["arena", "gambit", "--bots", "greedy,random", "--plot", "x.gif"])
    assert res.exit_code == 2 and ".png" in res.output


def test_a_games_tally_gives_the_score_difference():
    # Scopa's returns only say who won; its tally is each seat's points, the arena's score column
    result = run_arena("scopa", {"players": 2, "target": 1}, ["greedy", "random"], games=6, seed=4)
    data = result.as_dict()
    for rec in data["records"]:
        game = garrison.load("scopa", players=2, target=1)
        assert len(rec["tally"]) == 2 and all(t >= 0 for t in rec["tally"])
        winner = max(range(2), key=lambda s: rec["returns"][s])
        assert rec["tally"][winner] >= rec["tally"][1 - winner] and game.tally is not None
    greedy, rand = data["results"]
    per_game = [r["tally"][0] - r["tally"][1] for r in data["records"]]
    assert greedy["score_advantage"] == pytest.approx(sum(per_game) / len(per_game))
    assert rand["score_advantage"] == pytest.approx(-greedy["score_advantage"])
    assert greedy["score_advantage_ci95"] > 0
    # a game whose returns are the score has no tally, and no score column
    plain = run_arena("gambit", {"players": 2}, ["greedy", "random"], games=2, seed=0).as_dict()
    assert "tally" not in plain["records"][0] and plain["results"][0]["score_advantage"] is None
    res = CliRunner().invoke(app, ["arena", "scopa", "--bots", "greedy,random", "--games", "2",
                                   "-o", "players=2", "-o", "target=1"])
    assert res.exit_code == 0 and "score adv." in res.output
    res = CliRunner().invoke(app, ["arena", "gambit", "--bots", "greedy,random", "--games", "2"])
    assert res.exit_code == 0 and "score adv." not in res.output


def test_summarise_clusters_the_tally_by_deal():
    records = [
        {"deal": 0, "rotation": 0, "returns": [1.0, -1.0], "tally": [4.0, 1.0]},
        {"deal": 0, "rotation": 1, "returns": [-1.0, 1.0], "tally": [2.0, 3.0]},
    ]
    a, b = summarise("scopa", {}, ["a", "b"], 0, True, records, ratings=False).lines
    assert a.score_advantage == [1.0] and b.score_advantage == [-1.0]


def test_ahead_share_has_parity_one_half_in_any_number_of_seats():
    from garrison.arena.tournament import ahead_shares, summarise

    assert ahead_shares([3, 1, 1, 5], ["a", "b", "b", "b"]) == [2 / 3, 0.0, 0.0, 1.0]
    assert ahead_shares([1, 1], ["a", "a"]) == [None, None]
    records = [{"deal": 0, "rotation": 0, "seats": [0, 1, 2], "returns": [2.0, 1.0, 0.0]},
               {"deal": 0, "rotation": 1, "seats": [1, 2, 0], "returns": [0.0, 1.0, 1.0]}]
    result = summarise("soldateska", {}, ["x", "y", "y"], 0, True, records, ratings=False)
    x = next(r for r in result.as_dict()["results"] if r["bot"] == "x")
    assert x["ahead_share"] == pytest.approx((1.0 + 0.0) / 2)


def test_openspiel_ismcts_takes_a_time_budget():
    from garrison.arena.tournament import make_player  # open_spiel is in the test install

    game = garrison.load("scopa", players=2)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))
    bot = make_player(game, "openspiel-ismcts:0.02s:clock=cpu", state.current_player(), seed=1)
    assert bot.step(state) in state.legal_actions()
    assert bot.last_simulations >= 1
    counted = make_player(game, "openspiel-ismcts:sims=3", state.current_player(), seed=1)
    counted.step(state)
    assert counted.last_simulations == 3


def test_cli_round_robin_rates_every_pair_on_one_scale():
    runner = CliRunner()
    res = runner.invoke(app, ["arena", "gambit", "-o", "players=2", "--bots", "random,greedy,exact",
                              "--games", "2", "--round-robin", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert [(p["bot"], p["against"]) for p in data["pairs"]] == [
        ("greedy", "random"), ("exact", "random"), ("exact", "greedy")]
    assert data["elo"]["random"] == 0.0 and set(data["elo"]) == {"random", "greedy", "exact"}
    res = runner.invoke(app, ["arena", "gambit", "-o", "players=2", "--bots", "random,random",
                              "--round-robin"])
    assert res.exit_code == 2 and "two different bots" in res.output
