"""How predictable is the card play of the other players in saved Solo 66 runs? A network fitted
to their decisions, against the heuristic as their model.

ISMCTS's ``infer`` and ``walk`` weigh a world by how many of the others' decisions the
heuristic would make in it. Against players who search, the heuristic makes only about two
thirds of their cards (``research/world_accuracy.py --agreement``). This script asks whether a
better model of such players is there to be had from what they see: a network (two tanh layers
of 128) over the player's observation tensor and the heuristic's card there (one-hot), a
softmax over the legal cards, fitted to the card-play decisions of every slot but slot 0 in the
``--train`` runs, and its top-1 agreement with the decisions in the ``--test`` runs after each
epoch, for the soloist and the defenders apart, beside the heuristic's own (docs/log/bots-history.md, "What
holds it level: reading players who search"). Needs PyTorch (the ``learn`` extra).

    python research/imitate_search.py --train a.jsonl b.jsonl --test c.jsonl --epochs 4
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

#: The network's hidden width and the decisions a training batch holds.
HIDDEN = 128
BATCH = 64


def decisions(paths: list[str]) -> tuple[Any, Any, Any, Any, Any]:
    """The card-play decisions with a choice of every slot but slot 0 in the runs ``paths``:
    (inputs, legal masks, cards played, the heuristic's cards, whether the soloist played),
    as tensors and a boolean array. Raises ``ValueError`` for a run of another game."""
    import torch

    import garrison
    from garrison.arena.tournament import load_records
    from garrison.games.solo66.rules import PLAY

    inputs, masks, played, heuristic, soloist = [], [], [], [], []
    for path in paths:
        for record in load_records(path, game="solo66"):
            state = garrison.load("solo66", **record["options"]).new_initial_state()
            n = state.game.num_distinct_actions
            for action in record["actions"]:
                if not state.is_chance_node() and state.phase == PLAY:
                    legal, player = state.legal_actions(), state.current_player()
                    if len(legal) > 1 and player != record["seats"][0]:
                        own = state.policy_action(0)
                        hint = np.zeros(n, np.float32)
                        hint[own] = 1.0
                        inputs.append(np.concatenate([state.observation_tensor(player), hint]))
                        mask = np.zeros(n, bool)
                        mask[legal] = True
                        masks.append(mask)
                        played.append(action)
                        heuristic.append(own)
                        soloist.append(player == state.soloist)
                state.apply_action(action)
    if not played:
        raise ValueError(f"no card-play decisions of slots other than 0 in {paths}")
    return (torch.tensor(np.array(inputs)), torch.tensor(np.array(masks)),
            torch.tensor(played), torch.tensor(heuristic), np.array(soloist))


def fit(train: list[str], test: list[str], epochs: int = 4,
        seed: int = 0) -> list[dict[str, tuple[float, float, int]]]:
    """Per epoch, for ``"soloist"`` and ``"defender"``: (the network's top-1 agreement on the
    ``test`` decisions, the heuristic's, the decisions). Raises ``ValueError`` as
    ``decisions``."""
    import torch

    torch.manual_seed(seed)
    xs, ms, ys, _, _ = decisions(train)
    xv, mv, yv, hv, sv = decisions(test)
    net = torch.nn.Sequential(
        torch.nn.Linear(xs.shape[1], HIDDEN), torch.nn.Tanh(), torch.nn.Linear(HIDDEN, HIDDEN),
        torch.nn.Tanh(), torch.nn.Linear(HIDDEN, ms.shape[1]))
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    out = []
    for _ in range(epochs):
        order = torch.randperm(len(ys))
        for i in range(0, len(ys), BATCH):
            b = order[i:i + BATCH]
            loss = torch.nn.functional.cross_entropy(net(xs[b]).masked_fill(~ms[b], -1e9), ys[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            guess = net(xv).masked_fill(~mv, -1e9).argmax(1)
        row = {}
        for role, flag in (("soloist", True), ("defender", False)):
            sel = torch.tensor(sv == flag)
            count = int(sel.sum())
            if count:
                row[role] = (float((guess[sel] == yv[sel]).float().mean()),
                             float((hv[sel] == yv[sel]).float().mean()), count)
        out.append(row)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--train", nargs="+", required=True, help="saved Solo 66 runs to fit")
    parser.add_argument("--test", nargs="+", required=True, help="saved runs to measure on")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    try:
        rows = fit(args.train, args.test, args.epochs, args.seed)
    except ValueError as err:
        parser.error(str(err))
    for epoch, row in enumerate(rows, 1):
        text = "; ".join(f"{role} network {net:.3f}, heuristic {own:.3f} of {n}"
                         for role, (net, own, n) in row.items())
        print(f"epoch {epoch}: {text}", flush=True)


if __name__ == "__main__":
    main()
