"""Training a game's network: the imitation warm start, PPO's targets and update, and the
``garrison train`` command end to end (a small net, a few thousand decisions: seconds)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch
from typer.testing import CliRunner

import garrison
from garrison.bots import make_bot
from garrison.cli.main import app
from garrison.core import OptionError
from garrison.core.net import Net
from garrison.train.imitate import demonstrations, imitate
from garrison.train.model import PolicyValueNet
from garrison.train.ppo import PPOConfig, Trainer, _Decisions

runner = CliRunner()


def test_a_seats_targets_are_its_lambda_returns() -> None:
    store = _Decisions(inputs=2, actions=3)
    rows = store.add(np.zeros((3, 2), np.float32), np.ones((3, 3), bool), np.zeros(3, np.int64),
                     np.zeros(3, np.float32), np.array([0.2, 0.4, -0.1], np.float32))
    store.settle(list(rows), final=1.0, lam=0.5)
    # deltas: 0.4-0.2, -0.1-0.4, 1.0-(-0.1); advantages backward with λ = 0.5
    a2 = 1.1
    a1 = -0.5 + 0.5 * a2
    a0 = 0.2 + 0.5 * a1
    assert store.target[:3] == pytest.approx([a0 + 0.2, a1 + 0.4, a2 - 0.1])
    store.settle(list(rows), final=-1.0, lam=1.0)  # λ = 1: every target is the return itself
    assert store.target[:3] == pytest.approx([-1.0, -1.0, -1.0])


def test_waiting_decisions_keep_their_rows_when_the_used_ones_are_dropped() -> None:
    store = _Decisions(inputs=1, actions=2)
    for k in range(5):  # 5 steps of 300 rows: the arrays grow past their first size
        store.add(np.full((300, 1), k, np.float32), np.ones((300, 2), bool),
                  np.full(300, k % 2), np.zeros(300, np.float32), np.zeros(300, np.float32))
    keep = np.array([1499, 3, 700], np.int64)
    remap = store.keep(keep)
    assert store.size == 3
    assert store.obs[:3, 0].tolist() == [4.0, 0.0, 2.0]
    assert remap[1499] == 0 and remap[3] == 1 and remap[700] == 2 and remap[5] == -1


def test_imitation_learns_the_compiled_bots_moves() -> None:
    torch.manual_seed(0)
    data = demonstrations("gambit", {"players": 2}, 20_000, seed=3)
    assert len(data.action) >= 20_000 and data.games > 0
    assert np.isin(data.returns, [-1.0, 1.0]).all()  # Gambit's returns
    assert data.mask[np.arange(len(data.action)), data.action].all()  # the bot moved legally
    net = PolicyValueNet(data.obs.shape[1], data.mask.shape[1], (64,))
    before = imitate(net, data, epochs=0)
    lines = imitate(net, data, epochs=3, seed=1)
    assert before == []
    assert lines[-1]["agreement"] >= 0.75  # the held-out tenth: moves the bot made
    # a fresh network agrees far less (it picks by its random initial logits)
    fresh = PolicyValueNet(data.obs.shape[1], data.mask.shape[1], (64,))
    with torch.no_grad():
        logits, _ = fresh(torch.from_numpy(data.obs))
        chosen = logits.masked_fill(~torch.from_numpy(data.mask), -1e9).argmax(1).numpy()
    assert lines[-1]["agreement"] > float((chosen == data.action).mean()) + 0.1


def test_a_ppo_update_moves_the_policy_towards_the_better_move() -> None:
    trainer = Trainer(PPOConfig(game="gambit", options={"players": 2}, tables=4, batch=64,
                                minibatch=32, epochs=4, hidden=(16,), lr=1e-2, entropy=0.0))
    store = trainer.store
    rng = np.random.default_rng(0)
    obs = rng.normal(size=(64, trainer.game.observation_tensor_shape[0])).astype(np.float32)
    mask = np.zeros((64, trainer.game.num_distinct_actions), bool)
    mask[:, :2] = True  # two legal actions: 0 ends well, 1 ends badly
    action = np.arange(64) % 2
    with torch.no_grad():
        logits, value = trainer.net(torch.from_numpy(obs))
        logp = torch.log_softmax(logits[:, :2], 1)[torch.arange(64), torch.from_numpy(action)]
    rows = store.add(obs, mask, action, logp.numpy(), value.numpy())
    for row in rows:
        store.settle([int(row)], 1.0 if action[row] == 0 else -1.0, 0.95)
    before = torch.softmax(logits[:, :2], 1)[:, 0].mean().item()
    trainer._update(rows)
    with torch.no_grad():
        after = torch.softmax(trainer.net(torch.from_numpy(obs))[0][:, :2], 1)[:, 0].mean().item()
    assert after > before + 0.05


def test_bad_settings_are_refused_by_name() -> None:
    for bad, word in ((dict(tables=0), "tables"), (dict(hidden=()), "hidden"),
                      (dict(lam=1.5), "lam"), (dict(lr=-1.0), "lr"), (dict(entropy=-0.1), "entropy")):
        with pytest.raises(OptionError, match=word):
            PPOConfig(game="gambit", **bad).check()  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="unknown bot"):
        Trainer(PPOConfig(game="gambit", options={"players": 2}, opponents="nobody", tables=2))


def test_the_train_command_writes_a_net_that_the_bots_play(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "gambit" / "net-players_2.npz"  # its folder is made when it is saved
    result = runner.invoke(app, ["train", "gambit", "-o", "players=2", "--out", str(out),
                                 "--imitate", "3000", "--decisions", "3000", "--tables", "16",
                                 "--hidden", "32", "--opponents", "greedy", "--batch", "1024",
                                 "--eval-games", "8"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    assert lines[0]["imitated"] >= 3000 and lines[-1]["saved"] == str(out)
    net = Net.load(out)
    meta = net.meta
    assert meta["game"] == "gambit" and meta["options"] == {"players": 2}
    assert meta["trained"]["command"].startswith("garrison train gambit")
    assert meta["trained"]["decisions"] >= 3000 and meta["trained"]["curve"]
    # the first update's line says how the greedy policy did against the game's bot
    assert -1.0 <= meta["trained"]["curve"][0]["eval_return"] <= 1.0
    monkeypatch.setenv("GARRISON_NETS", str(tmp_path))
    game = garrison.load("gambit", players=2)
    bot = make_bot(game, "learned", 0, seed=1)
    other = make_bot(game, "random", 1, seed=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            mover = bot if state.current_player() == 0 else other
            state.apply_action(mover.step(state))


@pytest.mark.parametrize("args, words", [
    (["--hidden", "a,b"], "hidden must be layer widths"),
    (["--imitate", "-1"], "imitate"),
    (["--out", "net.txt"], ".npz"),
    (["--opponents", "nobody"], "unknown bot"),
    (["-o", "players=9"], "players"),
])
def test_the_train_command_refuses_bad_input_and_writes_nothing(tmp_path: Path, args: list[str],
                                                                 words: str) -> None:
    base = ["train", "gambit", "-o", "players=2", "--out", str(tmp_path / "net.npz"),
            "--imitate", "0", "--decisions", "100", "--tables", "2"]
    result = runner.invoke(app, base + args)
    assert result.exit_code == 2
    assert words in result.output
    assert not list(tmp_path.iterdir())


def test_an_out_folder_that_cannot_be_made_is_refused_before_training(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("a file, not a folder")
    result = runner.invoke(app, ["train", "gambit", "-o", "players=2", "--out",
                                 str(tmp_path / "plain" / "nets" / "net.npz"),
                                 "--imitate", "0", "--decisions", "100", "--tables", "2"])
    assert result.exit_code == 2
    assert "is a file, so the folder of" in " ".join(result.output.split())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain"]


def test_training_goes_on_from_a_saved_network(tmp_path: Path) -> None:
    first = tmp_path / "first.npz"
    base = ["train", "gambit", "-o", "players=2", "--tables", "8", "--hidden", "16,8"]
    assert runner.invoke(app, [*base, "--out", str(first), "--imitate", "2000",
                               "--decisions", "0"]).exit_code == 0
    net = Net.load(first)
    second = tmp_path / "second.npz"
    result = runner.invoke(app, [*base, "--out", str(second), "--imitate", "0", "--init",
                                 str(first), "--decisions", "1500", "--batch", "512"])
    assert result.exit_code == 0, result.output
    again = Net.load(second)
    assert again.sizes == net.sizes  # the saved shape, whatever --hidden says
    assert (again.value_scale, again.value_shift) == (net.value_scale, net.value_shift)
    assert again.meta["trained"]["init"]["imitation"]["decisions"] >= 2000
    assert "--init" in again.meta["trained"]["command"]
    x = np.ones(net.tensor_size, np.float32)
    assert not np.allclose(again.forward(x)[0], net.forward(x)[0])  # PPO moved it
    for args, words in ((["--init", str(first), "--imitate", "5"], "--imitate 0"),
                        (["--init", str(tmp_path / "none.npz"), "--imitate", "0"], "none.npz")):
        bad = runner.invoke(app, [*base, "--out", str(tmp_path / "x.npz"), *args])
        assert bad.exit_code == 2 and words in bad.output.replace("\n", "")
    other = runner.invoke(app, ["train", "scopa", "-o", "players=2", "--out", str(tmp_path / "y.npz"),
                                "--imitate", "0", "--init", str(first), "--decisions", "10"])
    # the message as one line, however the terminal's width wrapped it around the path
    assert other.exit_code == 2 and "a network for gambit, not scopa" in " ".join(other.output.split())
    assert not (tmp_path / "x.npz").exists() and not (tmp_path / "y.npz").exists()


def test_a_horizon_value_is_the_evaluator_that_many_actions_on() -> None:
    """With ``horizon`` the value target of a decision is what a search rollout with
    ``value=eval`` would back up: the evaluator for the mover once that many actions have been
    played since, or at the game's end. Checked against the same table replayed here."""
    game = garrison.load("scopa", players=2)
    horizon = 7
    data = demonstrations("scopa", {"players": 2}, 300, tables=1, seed=4, horizon=horizon)
    # the same table again: the same generator seeds, the bot's moves from the same stream
    from garrison.interop.batch import BatchEnv

    env = BatchEnv("scopa", 1, threads=1, players=2)
    step = env.reset(seed=4)
    rng = np.random.default_rng(4)
    made: list[tuple[int, int]] = []  # (mover, move number) per decision
    seen: list[tuple[int, list[float]]] = []  # (move number, evaluator) after each step
    expected: list[float] = []
    while len(expected) < len(data.action):
        state = env.states[0]
        move = state.policy_action(int(rng.integers(2**63)))
        made.append((int(step.to_move[0]), state.move_number()))
        step = env.step([move])
        if step.terminated[0]:  # the rest of the game's decisions: the end's value
            final = game.evaluator(step.final_states()[0])
            expected += [float(final[m]) for m, _ in made[len(expected):]]
            seen = []
            continue
        seen.append((env.states[0].move_number(), list(game.evaluator(env.states[0]))))
        while len(expected) < len(made):
            mover, at = made[len(expected)]
            later = [values for number, values in seen if number - at >= horizon]
            if not later:
                break
            expected.append(float(later[0][mover]))
    assert data.returns.tolist() == pytest.approx(expected[: len(data.action)])
    with pytest.raises(OptionError, match="no evaluator"):
        demonstrations("1848", {}, 10, horizon=5)
