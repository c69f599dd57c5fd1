"""People's recorded games as training data (``garrison train --recorded``): Stratego reads
Gravon's games (the eight kept in tests/stratego/fixtures/gravon_heldout/, from Gravon's
archive strados2015-2.zip, February 2015)."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

import garrison
from garrison.core import OptionError, RecordError
from garrison.core.net import Net
from garrison.games.stratego import gravon

pytest.importorskip("torch")  # the learn extra; make test installs it

from garrison.train.recipe import Recipe  # noqa: E402 - after the extra's check
from garrison.train.recorded import measure, recorded_demonstrations  # noqa: E402

GAMES = Path(__file__).parents[1] / "stratego" / "fixtures" / "gravon_heldout"


def games_in(tmp_path: Path, name: str, files: list[Path]) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for i, path in enumerate(files):
        shutil.copy(path, folder / f"classic-{i:02d}.xml")
    return folder


def test_every_recorded_decision_is_a_legal_choice_with_its_movers_result(
        tmp_path: Path) -> None:
    stratego = garrison.load("stratego")
    assert stratego.recorded is not None
    files = sorted(GAMES.glob("*.xml"))
    for i, path in enumerate(files):
        (game,) = [g for g in gravon.read_games(path)]
        red = {1: 1.0, 2: -1.0}.get(game.winner or 0, 0.0)
        decisions = [(d.mover, d.action, d.value, d.held_out, d.state.legal_actions(),
                      d.state.current_player(), d.state.observation(d.mover)["phase"])
                     for d in stratego.recorded(games_in(tmp_path, f"g{i}", [path]))]
        for mover, action, value, held, legal, to_move, _ in decisions:
            assert mover == to_move and action in legal and len(legal) > 1
            assert not held  # one game: not a tenth
            assert value == (red if mover == 0 else -red)
        # both setups first, piece by piece (Red's, then Blue's), then the moves
        phases = [phase for *_, phase in decisions]
        setups = phases.count(phases[0])
        assert phases[:setups] == [phases[0]] * setups and setups >= 2 * 39
        assert [m for m, *_ in decisions[:setups]] == sorted(m for m, *_ in decisions[:setups])
        assert len(decisions) > setups + 20


def test_the_archives_tenth_games_are_held_out(tmp_path: Path) -> None:
    files = sorted(GAMES.glob("*.xml"))
    fit, held = recorded_demonstrations("stratego", {}, games_in(tmp_path, "ten", files + files[:2]))
    second, _ = recorded_demonstrations("stratego", {}, games_in(tmp_path, "second", files[1:2]))
    stratego = garrison.load("stratego")
    assert fit.obs.shape[1] == stratego.observation_tensor_shape[0]
    assert fit.mask.shape[1] == held.mask.shape[1] == stratego.num_distinct_actions
    # the tenth game, held out, is a copy of the second; the ninth, fitted, one of the first
    assert np.array_equal(held.action, second.action) and np.array_equal(held.obs, second.obs)
    eight, _ = recorded_demonstrations("stratego", {}, GAMES)
    first, _ = recorded_demonstrations("stratego", {}, games_in(tmp_path, "first", files[:1]))
    assert np.array_equal(fit.action, np.concatenate([eight.action, first.action]))
    assert fit.mask[np.arange(len(fit.action)), fit.action].all()


def test_a_game_without_recorded_games_and_a_missing_archive_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="scopa reads no recorded games; the games that do: "
                                          "stratego"):
        recorded_demonstrations("scopa", {}, GAMES)
    with pytest.raises(RecordError, match="nothing.zip: no such file or folder"):
        recorded_demonstrations("stratego", {}, tmp_path / "nothing.zip")
    (tmp_path / "empty").mkdir()
    with pytest.raises(RecordError, match="no decisions to learn from"):
        recorded_demonstrations("stratego", {}, tmp_path / "empty")


def test_recipe_learns_recorded_games_into_a_net_that_says_how(tmp_path: Path) -> None:
    out = tmp_path / "net.npz"
    recipe = Recipe(game="stratego", out=out, recorded=GAMES, imitate=0, decisions=0, epochs=3,
                    hidden=(32,), seed=5)
    trained = recipe.run()
    assert "--recorded " in trained["command"] and "--imitate 0" in trained["command"]
    net = Net.load(out)
    assert net.meta["trained"]["recorded"]["archive"] == GAMES.name
    lines = net.meta["trained"]["recorded"]["epochs"]
    assert len(lines) == 3 and lines[-1]["agreement"] > 0.1  # uniform would agree on ~0.05
    state = next(iter(garrison.load("stratego").recorded(GAMES))).state
    legal, priors, _ = net.evaluate(state, state.current_player())
    assert abs(float(np.sum(priors)) - 1.0) < 1e-6 and len(legal) == len(priors)


def test_recipe_refuses_recorded_games_mixed_with_another_start(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="--recorded starts a new network"):
        Recipe(game="stratego", out=tmp_path / "n.npz", recorded=GAMES, imitate=1000,
               decisions=0).check()
    with pytest.raises(OptionError, match="scopa reads no recorded games"):
        Recipe(game="scopa", out=tmp_path / "n.npz", recorded=GAMES, imitate=0,
               decisions=0).check()


def test_measure_counts_the_moves_made_that_the_net_likes_best(tmp_path: Path) -> None:
    fit, _ = recorded_demonstrations("stratego", {}, GAMES, limit=300)
    net_file = tmp_path / "n.npz"
    Recipe(game="stratego", out=net_file, recorded=GAMES, imitate=0, decisions=0, epochs=1,
           hidden=(8,)).run()
    from garrison.train.torch_io import load_model

    model, _ = load_model(net_file)
    figures = measure(model, fit)
    net = Net.load(net_file)
    logits, _ = net.forward(fit.obs)
    best = np.where(fit.mask, logits, -np.inf).argmax(axis=1)
    assert figures["decisions"] == 300
    assert figures["agreement"] == pytest.approx(float(np.mean(best == fit.action)), abs=1e-4)
    assert figures["log_likelihood"] < 0
