"""``research/stratego_value.py``: the data behind "A value network for Stratego from the prior's
self-play" (docs/log/bots-history.md). Its tensors must be the seats' own, its material trail the
game's evaluation ply by ply and then the result, and the fitted file a net the search can load.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

import garrison
from garrison.bots import make_bot
from garrison.core.net import Net
from garrison.games.stratego.evaluate import evaluate
from garrison.games.stratego.rules import PLAY
from garrison.learn.weights import load_net_arrays
from script_module import load_script


def _replay(seed: int, number: int) -> tuple[list[garrison.State], list[float]]:
    """The plies of play of the script's game ``number`` of ``seed``, replayed, and the result."""
    game = garrison.load("stratego", max_plies=2000)
    base = seed * 1_000_003 + number * 7919
    bots = [make_bot(game, "prior", s, base + s) for s in range(2)]
    chance = random.Random(base)
    chance.randrange(48)
    state = game.new_initial_state()
    plies = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, chance))
            continue
        if state.phase == PLAY:
            plies.append(state.clone())
        state.apply_action(bots[state.current_player()].step(state))
    return plies, state.returns()


def test_positions_carry_the_seats_views_the_material_ahead_and_the_result() -> None:
    script = load_script("stratego_value")
    x, y, trail = script.one_game((3, 1, 48))
    plies, result = _replay(3, 1)
    assert len(x) == len(y) == len(trail) > 0 and len(x) % 2 == 0
    offset = random.Random(3 * 1_000_003 + 7919).randrange(48)
    kept = [p for k, p in enumerate(plies) if k % 48 == offset]
    assert len(x) == 2 * len(kept)
    for i, state in enumerate(kept):
        at = plies.index(state)
        for s in range(2):
            row = 2 * i + s
            assert np.array_equal(x[row], np.asarray(state.observation_tensor(s), np.float32))
            assert y[row] == result[s]
            ahead = [evaluate(p)[s] for p in plies[at:at + script.TRAIL]]
            expected = ahead + [result[s]] * (script.TRAIL - len(ahead))
            assert np.allclose(trail[row], expected)


def test_the_fitted_file_is_a_net_of_the_game(tmp_path: Path, capsys) -> None:
    script = load_script("stratego_value")
    data = script.data(2, 5, 48, 1)
    np.savez(tmp_path / "d.npz", **data)
    out = tmp_path / "stratego" / "net.npz"
    script.train([str(tmp_path / "d.npz")], str(tmp_path / "d.npz"), 1, (8,), 0, str(out), 1e-3, 50)
    assert "epoch 1: fitted" in capsys.readouterr().out
    net = Net.load(out)  # every check of the file format
    assert load_net_arrays(out)[1]["trained"]["horizon"] == 50
    state = _replay(5, 0)[0][0]
    _, _, value = net.evaluate(state, 0)
    assert -1.0 <= float(value) <= 1.0
