"""Expert iteration: a search's decisions with its root visit shares as targets
(``garrison.train.expert``), the network fitted to them, and ``garrison train --expert``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch
from typer.testing import CliRunner

import garrison
from garrison.cli.main import app
from garrison.core import OptionError, RecordError
from garrison.core.net import Net
from garrison.learn.weights import load_net_arrays
from garrison.train.expert import search_decisions
from garrison.train.imitate import imitate
from garrison.train.model import PolicyValueNet

runner = CliRunner()
SEARCH = "ismcts:sims=24"


def test_the_targets_are_the_searchs_visit_shares_over_the_legal_moves() -> None:
    data = search_decisions("gambit", {"players": 2}, SEARCH, 60, seed=3)
    n = len(data.action)
    assert n >= 60 and data.games >= 1
    assert data.obs.shape == (n, 37) and data.mask.shape == data.policy.shape == (n, 7)
    assert np.allclose(data.policy.sum(axis=1), 1.0, atol=1e-5)
    assert not (data.policy[~data.mask] > 0).any()          # no share on an illegal move
    assert (data.mask.sum(axis=1) > 1).all()                  # only decisions with a choice
    assert (data.policy[np.arange(n), data.action] == data.policy.max(axis=1)).all()
    assert set(np.unique(data.returns)) <= {-1.0, 1.0}
    again = search_decisions("gambit", {"players": 2}, SEARCH, 60, seed=3, jobs=2)
    assert np.array_equal(again.policy, data.policy) and np.array_equal(again.obs, data.obs)
    other = search_decisions("gambit", {"players": 2}, SEARCH, 60, seed=4)
    assert not np.array_equal(other.obs[:20], data.obs[:20])


def test_the_network_learns_the_visit_shares() -> None:
    data = search_decisions("gambit", {"players": 2}, SEARCH, 300, seed=5)
    torch.manual_seed(0)
    net = PolicyValueNet(37, 7, (32,), value_scale=1.0, value_shift=0.0)

    def distance() -> float:  # mean cross-entropy to the shares, less their entropy (KL)
        with torch.no_grad():
            logits, _ = net(torch.from_numpy(data.obs))
            logp = torch.log_softmax(logits.masked_fill(~torch.from_numpy(data.mask), -1e9), 1)
        p = data.policy
        return float((p * (np.log(np.where(p > 0, p, 1.0)) - logp.numpy())).sum(1).mean())

    before = distance()
    lines = imitate(net, data, epochs=30, minibatch=64, lr=3e-3)
    assert distance() < 0.6 * before
    assert lines[-1]["agreement"] > 0.5


@pytest.mark.parametrize("bot, decisions, jobs, words", [
    ("greedy", 10, 1, "must be a search bot"), ("nobody", 10, 1, "unknown bot"),
    (SEARCH, 0, 1, "decisions must be"), (SEARCH, 10, 0, "jobs must be"),
])
def test_bad_expert_settings_are_refused_by_name(bot, decisions, jobs, words) -> None:
    with pytest.raises(OptionError, match=words):
        search_decisions("gambit", {"players": 2}, bot, decisions, jobs=jobs)


def test_the_train_command_learns_a_searchs_visits(tmp_path: Path) -> None:
    out = tmp_path / "expert.npz"
    result = runner.invoke(app, ["train", "gambit", "-o", "players=2", "--out", str(out),
                                 "--imitate", "2000", "--hidden", "16", "--decisions", "0",
                                 "--expert", SEARCH, "--expert-decisions", "40"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    assert lines[1]["expert"] >= 40 and lines[-1]["saved"] == str(out)
    trained = Net.load(out).meta["trained"]
    assert trained["expert"]["bot"] == SEARCH and trained["expert"]["decisions"] >= 40
    assert f"--expert {SEARCH} --expert-decisions 40 --jobs 1" in trained["command"]
    for args, words in ((["--expert", SEARCH], "go together"),
                        (["--expert-decisions", "5"], "go together"),
                        (["--imitate", "0", "--expert", SEARCH, "--expert-decisions", "5"],
                         "--imitate, --recorded or --init"),
                        (["--expert", "nobody", "--expert-decisions", "5"], "unknown bot"),
                        (["--expert", "greedy", "--expert-decisions", "5", "--imitate", "100"],
                         "must be a search bot")):
        base = ["train", "gambit", "-o", "players=2", "--out", str(tmp_path / "bad.npz"),
                "--decisions", "0"]
        bad = runner.invoke(app, base + args)
        assert bad.exit_code == 2 and words in " ".join(bad.output.split()), bad.output
    assert not (tmp_path / "bad.npz").exists()
    assert garrison.load("gambit", players=2)  # the game itself is untouched


def test_kept_waves_are_read_back_and_the_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """A run keeping its games, stopped after the first wave, then given more decisions, reads
    that wave and plays only the rest: the data of one run straight through."""
    keep = tmp_path / "waves"
    first = search_decisions("gambit", {"players": 2}, SEARCH, 10, seed=3, keep=keep)
    assert sorted(p.name for p in keep.iterdir()) == ["run.json", "wave_000000.npz"]
    assert first.games == 8
    before = (keep / "wave_000000.npz").stat().st_mtime_ns
    longer = search_decisions("gambit", {"players": 2}, SEARCH, len(first.action) + 1, seed=3,
                              keep=keep)
    assert (keep / "wave_000000.npz").stat().st_mtime_ns == before  # read, not played again
    assert (keep / "wave_000008.npz").exists() and longer.games == 16
    straight = search_decisions("gambit", {"players": 2}, SEARCH, len(first.action) + 1, seed=3)
    for name in ("obs", "mask", "action", "returns", "policy"):
        assert np.array_equal(getattr(longer, name), getattr(straight, name)), name


def test_a_keep_folder_of_another_run_or_a_broken_wave_is_refused(tmp_path: Path) -> None:
    keep = tmp_path / "waves"
    search_decisions("gambit", {"players": 2}, SEARCH, 10, seed=3, keep=keep)
    listing = sorted(p.name for p in keep.iterdir())
    with pytest.raises(OptionError, match="holds the games of another run"):
        search_decisions("gambit", {"players": 2}, SEARCH, 10, seed=4, keep=keep)
    (tmp_path / "stray").mkdir()
    (tmp_path / "stray" / "notes.txt").write_text("mine")
    with pytest.raises(OptionError, match="is not empty and has no run.json"):
        search_decisions("gambit", {"players": 2}, SEARCH, 10, seed=3, keep=tmp_path / "stray")
    (keep / "wave_000000.npz").write_bytes(b"not a zip")
    with pytest.raises(RecordError, match="wave_000000.npz: not a wave of games"):
        search_decisions("gambit", {"players": 2}, SEARCH, 10, seed=3, keep=keep)
    np.savez(keep / "wave_000000.npz", obs=np.zeros((2, 5), np.float32))
    with pytest.raises(RecordError, match="a wave holds exactly"):
        search_decisions("gambit", {"players": 2}, SEARCH, 10, seed=3, keep=keep)
    assert sorted(p.name for p in keep.iterdir()) == listing


def test_the_train_command_keeps_the_searchs_games(tmp_path: Path) -> None:
    out, keep = tmp_path / "expert.npz", tmp_path / "games"
    args = ["train", "gambit", "-o", "players=2", "--out", str(out), "--imitate", "500",
            "--hidden", "16", "--decisions", "0", "--expert", SEARCH, "--expert-decisions", "10",
            "--expert-keep", str(keep)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (keep / "wave_000000.npz").exists()
    assert f"--expert-keep {keep}" in Net.load(out).meta["trained"]["command"]
    bad = runner.invoke(app, ["train", "gambit", "-o", "players=2", "--out", str(out),
                              "--imitate", "500", "--decisions", "0", "--expert-keep", str(keep)])
    assert bad.exit_code == 2 and "give --expert and --expert-decisions" in " ".join(
        bad.output.split())


def test_the_most_visited_move_can_be_the_target_instead_of_the_shares(tmp_path: Path) -> None:
    """``--expert-target move`` fits the policy to the search's most visited move: on the same
    games (a kept folder) and seed, it trains another net than the shares, and says so."""
    keep = tmp_path / "games"
    weights = {}
    for target in ("shares", "move"):
        out = tmp_path / f"{target}.npz"
        result = runner.invoke(app, [
            "train", "gambit", "-o", "players=2", "--out", str(out), "--imitate", "500",
            "--hidden", "16", "--decisions", "0", "--expert", SEARCH, "--expert-decisions", "40",
            "--expert-keep", str(keep), "--expert-target", target])
        assert result.exit_code == 0, result.output
        arrays, meta = load_net_arrays(out)
        weights[target] = arrays["policy_w"]
        trained = meta["trained"]
        assert trained["expert"]["target"] == target
        assert f"--expert-target {target}" in trained["command"]
    assert sorted(p.name for p in keep.iterdir()) == ["run.json", "wave_000000.npz"]
    assert not np.array_equal(weights["shares"], weights["move"])
    base = ["train", "gambit", "-o", "players=2", "--out", str(tmp_path / "bad.npz"),
            "--imitate", "500", "--decisions", "0"]
    for args, words in ((["--expert", SEARCH, "--expert-decisions", "5", "--expert-target",
                          "best"], "expert-target must be one of shares, move"),
                        (["--expert-target", "move"], "give --expert and --expert-decisions")):
        bad = runner.invoke(app, base + args)
        assert bad.exit_code == 2 and words in " ".join(bad.output.split()), bad.output
    assert not (tmp_path / "bad.npz").exists()
