"""Does 1848's search gain from rollouts cut short and valued by a learned chance of winning?

The strong search plays every rollout of 1848 to the game's end (about 120 actions a game of
three) and backs up who won. Scopa's search gained from rollouts that stop after about a hand,
valued there by a static evaluation (docs/log/bots-history.md, "Scopa's rollouts stop after a
hand"). 1848 has no evaluation; this script learns one and lets the search use it.

* ``data``: games of three players, the game's ``heuristic`` (the search's rollout policy) in
  every seat, each stopped at a uniformly drawn action; at that position each seat's features
  (``features``: victory points and the win share if the game ended now, Ablaufkarten won, and
  each of them times how near the game is to its end) and the game's final returns; with
  ``--views`` each seat's observation tensor after them (in a world of the search every seat's
  view is known). Writes ``.npz``.
* ``fit``: a conditional logit over the seats (softmax of ``w · features``), the chance that each
  seat wins, fitted by Newton's method on the positions, a tenth held out (only the columns
  that differ between the seats of some position). Prints the held-out log-loss beside the one
  of "as if it ended now" and of a uniform guess. Writes ``.npz``.
* ``arena``: ``garrison arena`` with the bot ``cutter`` in this process: ISMCTS whose rollouts
  stop after ``horizon=N`` actions and are valued by the fitted chances (the game's end by its
  returns). Keep ``--jobs 1``: the name exists in this process only.

::

    python research/r1848_cut_rollouts.py data --games 30000 --seed 1 --out pos.npz
    python research/r1848_cut_rollouts.py fit --data pos.npz --out logit.npz
    python research/r1848_cut_rollouts.py data --games 60000 --seed 11 --views --out views.npz
    python research/r1848_cut_rollouts.py fit --data views.npz --out views_logit.npz
    python research/r1848_cut_rollouts.py arena --weights logit.npz -- 1848 --bots cutter:0.05s:clock=cpu:fallback=1.5:horizon=40,S,S --games 60 --seed 44
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

import garrison
from garrison.games.revolution1848 import rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from valued_search import ValuedISMCTS, arena, command_line  # noqa: E402

#: Names of the features of one seat, in order.
FEATURES = ("vp", "share", "won", "vp*near", "share*near", "won*near")


def features(state: Any) -> np.ndarray:
    """An array (seats, features) of the position: each seat's victory points and share of the
    win were the game scored now, its Ablaufkarten won, and each times ``near``, the most
    Ablaufkarten any seat has won over the number that ends the game."""
    n = state.n
    vp, _ = rules.final_scoring(state.tally)
    won = [len(w) for w in state.won]
    tops = rules.winners(vp, won)
    near = max(won) / rules.ABLAUF_TO_WIN[n]
    out = np.empty((n, len(FEATURES)))
    for s in range(n):
        share = 1.0 / len(tops) if s in tops else 0.0
        out[s] = (vp[s], share, won[s], vp[s] * near, share * near, won[s] * near)
    return out


def with_views(state: Any, x: np.ndarray) -> np.ndarray:
    """``x`` with each seat's observation tensor of ``state`` after its features (``--views``:
    in a world of the search every seat's view is known, its own hand among it)."""
    return np.concatenate([x, np.stack([state.observation_tensor(s) for s in range(state.n)])],
                          axis=1)


def positions(games: int, seed: int, players: int, views: bool = False,
              ) -> tuple[np.ndarray, np.ndarray]:
    """``games`` positions of the heuristic's self-play, one a game at a uniformly drawn action,
    with the game's final returns (``views``: each seat's observation tensor too)."""
    game = garrison.load("1848", players=players)
    rng = random.Random(seed)
    xs, ys = [], []
    for _ in range(games):
        start = game.new_initial_state()
        # a game's length, a stop drawn within it, and another game played to it and on
        end = start.policy_playout(rng.getrandbits(64), 10**6, False, 0.0, 0, None)
        stop = rng.randrange(end.move_number())
        mid = start.policy_playout(rng.getrandbits(64), stop, False, 0.0, 0, None)
        if mid.is_terminal():
            continue
        final = mid.policy_playout(rng.getrandbits(64), 10**6, False, 0.0, 0, None)
        xs.append(with_views(mid, features(mid)) if views else features(mid))
        ys.append(final.returns())
    return np.array(xs), np.array(ys)


def informative(x: np.ndarray) -> np.ndarray:
    """The columns that differ between the seats of some position: the others add the same to
    every seat's logit and say nothing of who wins."""
    return (x - x.mean(axis=1, keepdims=True)).std(axis=(0, 1)) > 1e-9


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30, ridge: float = 1e-3) -> np.ndarray:
    """The weights of a conditional logit: P(seat) = softmax over seats of ``x[seat] · w``,
    maximising the likelihood of the win shares ``y`` (Newton's method, a small ridge; columns
    that never differ between seats get weight 0)."""
    used = informative(x)
    if not used.all():
        w = np.zeros(x.shape[2])
        w[used] = fit(x[:, :, used], y, steps, ridge)
        return w
    k = x.shape[2]
    w = np.zeros(k)
    for _ in range(steps):
        p = chances(x, w)
        mean = np.einsum("ns,nsk->nk", p, x)
        grad = np.einsum("ns,nsk->k", y, x) - np.einsum("ns,nk->k", y, mean) - ridge * w
        centred = x - mean[:, None, :]
        hess = -np.einsum("ns,nsk,nsl->kl", p, centred, centred) - ridge * np.eye(k)
        w = w - np.linalg.solve(hess, grad)
    return w


def chances(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The fitted chance of each seat winning, per position."""
    z = x @ w
    p = np.exp(z - z.max(axis=-1, keepdims=True))
    return p / p.sum(axis=-1, keepdims=True)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Cross-entropy of the win shares ``y`` under the chances ``p``, a position."""
    return float(-(y * np.log(np.clip(p, 1e-9, 1.0))).sum(axis=1).mean())


class CutterISMCTS(ValuedISMCTS):
    """ISMCTS whose rollouts' ends are valued by the fitted chance of winning (measurement)."""

    name = "cutter"
    description = "ISMCTS valuing a cut-short rollout by the learned chance of winning"
    weights: np.ndarray | None = None
    #: The weights read each seat's observation tensor after its features (``--views``).
    views: bool = False

    def value(self, state: Any) -> list[float]:
        """Each seat's fitted chance of winning; the returns at the end."""
        if state.is_terminal():
            return list(state.returns())
        w = type(self).weights
        assert w is not None
        x = with_views(state, features(state)) if type(self).views else features(state)
        return [float(v) for v in chances(x, w)]


def main(argv: list[str] | None = None) -> None:
    """The three commands (see the module's docstring)."""
    parser, sub, d = command_line(__doc__, "--weights")
    d.add_argument("--players", type=int, default=3)
    d.add_argument("--views", action="store_true", help="keep each seat's observation tensor")
    f = sub.add_parser("fit")
    f.add_argument("--data", required=True)
    f.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.command == "data":
        x, y = positions(args.games, args.seed, args.players, args.views)
        np.savez_compressed(args.out, x=x, y=y)
        print(f"{len(x)} positions of {args.players} players")
    elif args.command == "fit":
        data = np.load(args.data)
        x, y = data["x"], data["y"]
        cut = len(x) // 10
        w = fit(x[cut:], y[cut:])
        now = x[:cut, :, FEATURES.index("share")]
        now = 0.9 * now + 0.1 / x.shape[1]  # as if it ended now, a little uncertain
        print("weights:", ", ".join(f"{n} {v:+.3f}" for n, v in zip(FEATURES, w)))
        print(f"held-out log-loss of {cut} positions: fitted {log_loss(chances(x[:cut], w), y[:cut]):.4f}, "
              f"as if it ended now {log_loss(now, y[:cut]):.4f}, "
              f"uniform {log_loss(np.full_like(now, 1 / x.shape[1]), y[:cut]):.4f}")
        np.savez(args.out, w=fit(x, y), views=x.shape[2] > len(FEATURES))
    else:
        saved = np.load(args.weights)
        CutterISMCTS.weights, CutterISMCTS.views = saved["w"], bool(saved["views"])
        arena(CutterISMCTS, args.rest)


if __name__ == "__main__":
    main()
