"""How learnable is a game's rule-of-thumb move from its observation tensor? Supervised imitation
of the ``good``-level bot with the network MaskablePPO uses by default (two tanh layers of 64),
a softmax over the legal actions: held-out agreement after each epoch.

    PYTHONPATH=src python research/imitate_greedy.py --samples 60000 --epochs 8
    PYTHONPATH=src python research/imitate_greedy.py --samples 60000 --epochs 8 --features scopa-captures

Decisions come from games in which every seat plays the bot's move half the time and a random
legal move otherwise (so that positions vary), counting only decisions with a choice. Needs
PyTorch (the ``learn`` extra).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

import garrison
from garrison.bots.levels import levels

# The extra features and the options' reader are the MaskablePPO example's, so that an imitation
# and a training run read the same tensor: that example lives in examples/, beside this folder.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from train_maskable_ppo import FEATURES, parse_options  # noqa: E402


def collect(game: garrison.Game, bot: str, n: int, extra, rng: np.random.Generator):  # noqa: ANN001, ANN201
    """``n`` decisions: (tensor, legal mask, the bot's move)."""
    import torch

    from garrison.bots import make_bot

    bots = [make_bot(game, bot, seat, seed=seat) for seat in range(game.num_players)]
    tensors, masks, moves = [], [], []
    while len(moves) < n:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            seat, legal = state.current_player(), state.legal_actions()
            move = bots[seat].step(state)
            if len(legal) > 1:
                tensor = state.observation_tensor(seat)
                if extra is not None:
                    tensor = np.concatenate([tensor, extra(state, seat)])
                mask = np.zeros(game.num_distinct_actions, bool)
                mask[legal] = True
                tensors.append(tensor)
                masks.append(mask)
                moves.append(move)
            state.apply_action(move if rng.random() < 0.5 else int(rng.choice(legal)))
    return (torch.tensor(np.array(tensors)), torch.tensor(np.array(masks)),
            torch.tensor(moves))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="scopa")
    parser.add_argument("--options", default="players=2,hand_limit=1")
    parser.add_argument("--samples", type=int, default=60_000)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--features", default="", choices=("", *FEATURES))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    game = garrison.load(args.game, **parse_options(args.options))
    bot = levels(game)["good"]
    extra = FEATURES.get(args.features)
    rng = np.random.default_rng(args.seed)
    xs, ms, ys = collect(game, bot, args.samples, extra, rng)
    xv, mv, yv = collect(game, bot, 5_000, extra, rng)
    net = torch.nn.Sequential(
        torch.nn.Linear(xs.shape[1], 64), torch.nn.Tanh(), torch.nn.Linear(64, 64),
        torch.nn.Tanh(), torch.nn.Linear(64, game.num_distinct_actions))
    opt = torch.optim.Adam(net.parameters(), 3e-4)
    uniform = float(np.mean([1 / float(m.sum()) for m in mv]))
    print(f"{args.game} {args.options}, imitating {bot}{' + ' + args.features if extra else ''}: "
          f"{args.samples:,} decisions; held-out agreement (uniform among legal: {uniform:.3f})")
    for epoch in range(1, args.epochs + 1):
        order = torch.randperm(len(ys))
        for i in range(0, len(ys), 64):
            b = order[i:i + 64]
            logits = net(xs[b]).masked_fill(~ms[b], -1e9)
            loss = torch.nn.functional.cross_entropy(logits, ys[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            agree = (net(xv).masked_fill(~mv, -1e9).argmax(1) == yv).float().mean().item()
        print(f"  epoch {epoch}: {agree:.3f}", flush=True)


if __name__ == "__main__":
    main()
