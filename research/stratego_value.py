"""A value network for Stratego from the move prior's self-play (research, issue 46).

``data`` plays the move prior (the bot ``prior``, people's moves as Gravon's archive has them)
against itself and keeps, every ``--every`` plies after the setups, both seats' observation
tensors with each seat's result at the game's end. ``train`` fits a network of the shipped
format (file format 1, ``garrison.learn.weights``) whose value head learns those results; its
policy head is left untrained (near-uniform), so it is meant for the search's ``mix``, not for
the ``learned`` bot. The held-out error is printed beside that of always saying 0 and of the
game's material evaluation (``games/stratego/evaluate.py``), which the search's rollouts end on.

    python research/stratego_value.py data --games 3000 --seed 1 --out v1.npz
    python research/stratego_value.py train --data v1.npz v2.npz --test vt.npz --out nets/stratego/net.npz
    GARRISON_NETS=nets garrison arena stratego -o max_plies=2000 --bots ismcts:0.05s:clock=cpu:fallback=1.5:rollout=prior:mix=1,ismcts:0.05s:clock=cpu:fallback=1.5:rollout=prior --games 60 --seed 71
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

import garrison
from garrison.bots import make_bot

OPTIONS = {"max_plies": 2000}
#: Plies of material values kept after each position (the targets of ``--horizon``).
TRAIL = 201


def one_game(task: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Game ``number`` of ``seed``: the kept plies' tensors (both seats' at each), each seat's
    material value at every play ply after it (a row of ``trail`` values, the game's result
    from its end on) and each seat's result."""
    seed, number, every = task
    from garrison.games.stratego.evaluate import evaluate
    from garrison.games.stratego.rules import PLAY

    game = garrison.load("stratego", **OPTIONS)
    base = seed * 1_000_003 + number * 7919
    bots = [make_bot(game, "prior", s, base + s) for s in range(2)]
    chance = random.Random(base)
    state: Any = game.new_initial_state()
    offset = chance.randrange(every)
    kept: list[tuple[int, int, np.ndarray]] = []
    values: list[list[float]] = []
    ply = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, chance))
            continue
        if state.phase == PLAY:
            values.append(evaluate(state))
            if ply % every == offset:
                for s in range(2):
                    kept.append((s, ply, np.asarray(state.observation_tensor(s), np.float32)))
            ply += 1
        state.apply_action(bots[state.current_player()].step(state))
    result = state.returns()
    size = game.observation_tensor_shape[0]
    trail = np.empty((len(kept), TRAIL), np.float32)
    for i, (s, at, _) in enumerate(kept):
        ahead = [v[s] for v in values[at:at + TRAIL]]
        trail[i] = ahead + [result[s]] * (TRAIL - len(ahead))
    x = np.asarray([k[2] for k in kept], np.float32).reshape(-1, size)
    y = np.asarray([result[k[0]] for k in kept], np.float32)
    return x, y, trail


def data(games: int, seed: int, every: int, jobs: int) -> dict[str, np.ndarray]:
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(one_game, [(seed, g, every) for g in range(games)], chunksize=8))
    game_of = np.concatenate([np.full(len(p[1]), g, np.int32) for g, p in enumerate(parts)])
    return {"x": np.concatenate([p[0] for p in parts]).astype(np.float16),
            "y": np.concatenate([p[1] for p in parts]), "trail": np.concatenate([p[2] for p in parts]),
            "game": game_of}


def target(d: Any, horizon: int) -> np.ndarray:
    """The value to learn: the result (``horizon`` 0) or the material ``horizon`` plies on."""
    return np.asarray(d["y"] if horizon == 0 else d["trail"][:, horizon])


def train(files: list[str], test: str, epochs: int, hidden: tuple[int, ...], seed: int,
          out: str, lr: float, horizon: int) -> None:
    import torch

    from garrison.train.model import PolicyValueNet, save_model

    torch.manual_seed(seed)
    xs, ys = [], []
    for f in files:
        with np.load(f) as d:
            xs.append(d["x"])
            ys.append(target(d, horizon))
    x = torch.from_numpy(np.concatenate(xs).astype(np.float32))
    y = torch.from_numpy(np.concatenate(ys))
    with np.load(test) as d:
        tx = torch.from_numpy(d["x"].astype(np.float32))
        ty = torch.from_numpy(target(d, horizon))
        tm = d["trail"][:, 0]
    game = garrison.load("stratego", **OPTIONS)
    net = PolicyValueNet(x.shape[1], game.num_distinct_actions, hidden)
    opt = torch.optim.Adam([p for n, p in net.named_parameters() if not n.startswith("policy")],
                           lr=lr, weight_decay=1e-5)
    zero = float((ty ** 2).mean())
    mat = float(((torch.from_numpy(tm) - ty) ** 2).mean())
    print(f"{len(x)} positions; held-out {len(tx)}: error of 0 {zero:.4f}, of material now "
          f"{mat:.4f}")
    started = time.perf_counter()
    for epoch in range(epochs):
        order = torch.randperm(len(x))
        net.train()
        total = 0.0
        for i in range(0, len(x), 512):
            idx = order[i:i + 512]
            _, v = net(x[idx])
            loss = ((v - y[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(idx)
        net.eval()
        with torch.no_grad():
            held = float(((net(tx)[1] - ty) ** 2).mean())
        print(f"epoch {epoch + 1}: fitted {total / len(x):.4f}, held-out {held:.4f}"
              f" ({time.perf_counter() - started:.0f} s)", flush=True)
    save_model(net, out, game, {}, {"command": " ".join(sys.argv), "method": "prior self-play",
                                    "positions": len(x), "held_out_mse": held,
                                    "horizon": horizon})


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data")
    d.add_argument("--games", type=int, required=True)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--every", type=int, default=24)
    d.add_argument("--jobs", type=int, default=2)
    d.add_argument("--out", required=True)
    t = sub.add_parser("train")
    t.add_argument("--data", nargs="+", required=True)
    t.add_argument("--test", required=True)
    t.add_argument("--epochs", type=int, default=4)
    t.add_argument("--hidden", default="128,128")
    t.add_argument("--lr", type=float, default=3e-4)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--horizon", type=int, default=0,
                   help="learn the material this many plies on (0: the result)")
    t.add_argument("--out", required=True)
    a = p.parse_args()
    if a.cmd == "data":
        started = time.perf_counter()
        out = data(a.games, a.seed, a.every, a.jobs)
        np.savez(a.out, **out)  # type: ignore[arg-type]
        print(f"{len(out['y'])} positions of {a.games} games in "
              f"{time.perf_counter() - started:.0f} s -> {a.out}")
    else:
        train(a.data, a.test, a.epochs, tuple(int(h) for h in a.hidden.split(",")), a.seed,
              a.out, a.lr, a.horizon)


if __name__ == "__main__":
    main()
