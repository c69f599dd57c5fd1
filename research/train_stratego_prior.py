"""Fit Stratego's move prior and setup model on the Gravon games and print the held-out figures
(issue 30; docs/bots.md, "Stratego's learned prior and setup model").

    .venv/bin/python research/train_stratego_prior.py path/to/strados2015-2.zip

Split: the archive's classic games in the reader's order, every tenth held out
(``prior_data.held_out``). Fits with PyTorch (the ``learn`` extra) and writes the numpy weights
to ``src/garrison/games/stratego/data/prior.npz`` (``--out``), which play reads with numpy alone.
``--eval-only`` measures the committed weights instead of fitting. The figures printed:

* setups: held-out log-likelihood per piece, model vs the uniform sampler (and the model
  with its square table alone);
* moves: top-1 and top-3 agreement with the human move on every held-out position, for the
  prior, uniform random, and the ``heuristic`` bot (top-1 only: it names one move);
* worlds: on held-out positions, how often a world drawn by ``resample`` puts the Flag and
  each unknown piece's rank right, with the setup model's weights and with the uniform draw.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

from garrison.games.stratego import determinise, prior_data
from garrison.games.stratego.pieces import FLAG, NUM_RANKS
from garrison.games.stratego.prior import DIM, WEIGHTS, K, MovePrior, features
from garrison.games.stratego.setup_model import (
    NONE,
    ZONE,
    SetupModel,
    uniform_log_likelihood,
)


def extract(games: list, cache: Path | None) -> dict[str, np.ndarray]:
    """Feature indices of every position's legal moves, the human move's place among them,
    the heuristic bot's agreement, and the setups, for every game (with its split)."""
    if cache is not None and cache.is_file():
        with np.load(cache) as data:
            return {k: data[k] for k in data.files}
    rows: list[np.ndarray] = []
    starts, labels, game_of, heur = [0], [], [], []
    layouts, layout_game = [], []
    t0 = time.process_time()
    for gi, game in enumerate(games):
        for side in (0, 1):
            layout = game.layout(side, 4)
            if layout is not None and len(layout) == ZONE and -1 not in layout:
                layouts.append(layout)
                layout_game.append(gi)
        for pos in prior_data.positions(game):
            idx = features(pos.state, pos.mover, pos.legal)
            rows.append(idx.astype(np.int16))
            starts.append(starts[-1] + len(pos.legal))
            labels.append(pos.legal.index(pos.human))
            game_of.append(gi)
            heur.append(pos.state.policy_action(1000 * gi + len(labels)) == pos.human)
        if gi % 100 == 0:
            print(f"  game {gi}: {len(labels)} positions, {time.process_time() - t0:.0f} s CPU",
                  file=sys.stderr)
    data = {
        "idx": np.concatenate(rows), "starts": np.array(starts, dtype=np.int64),
        "labels": np.array(labels, dtype=np.int64), "game": np.array(game_of, dtype=np.int64),
        "heuristic": np.array(heur, dtype=bool), "layouts": np.array(layouts, dtype=np.int64),
        "layout_game": np.array(layout_game, dtype=np.int64),
    }
    if cache is not None:
        np.savez(cache, **data)
    return data


# -- the setup model -----------------------------------------------------------------------------
def fit_setups(layouts: np.ndarray, epochs: int, square_only: bool = False) -> SetupModel:
    import torch

    n = len(layouts)
    cells = torch.tensor(layouts)
    beside = torch.full((n, ZONE), NONE, dtype=torch.long)
    behind = torch.full((n, ZONE), NONE, dtype=torch.long)
    for i in range(ZONE):
        if i % 10:
            beside[:, i] = cells[:, i - 1]
        if i >= 10:
            behind[:, i] = cells[:, i - 10]
    # pieces of each rank still to place before square i
    left = torch.zeros((n, ZONE, NUM_RANKS))
    counts = torch.nn.functional.one_hot(cells, NUM_RANKS).float()  # (n, ZONE, R)
    total = counts.sum(1, keepdim=True)
    left = total - torch.cumsum(counts, 1) + counts
    log_left = torch.where(left > 0, torch.log(left.clamp(min=1e-9)), torch.tensor(-1e9))
    sq = torch.zeros((ZONE, NUM_RANKS), requires_grad=True)
    bs = torch.zeros((NUM_RANKS + 1, NUM_RANKS), requires_grad=True)
    bh = torch.zeros((NUM_RANKS + 1, NUM_RANKS), requires_grad=True)
    params = [sq] if square_only else [sq, bs, bh]
    opt = torch.optim.Adam(params, lr=0.05)
    for _ in range(epochs):
        logit = sq.unsqueeze(0) + log_left
        if not square_only:
            logit = logit + bs[beside] + bh[behind]
        logp = torch.log_softmax(logit, -1).gather(2, cells.unsqueeze(2)).squeeze(2)
        loss = -logp.sum(1).mean() + 1e-3 * sum((p * p).sum() for p in params)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model = SetupModel(sq.detach().numpy(), bs.detach().numpy(), bh.detach().numpy(),
                       np.ones((ZONE, NUM_RANKS)))
    return model


def lift_of(model: SetupModel, army: tuple[int, ...], samples: int) -> np.ndarray:
    """How much more often than chance each rank stands on each square, in model samples."""
    rng = random.Random(12345)
    seen = np.zeros((ZONE, NUM_RANKS))
    for _ in range(samples):
        for i, r in enumerate(model.sample(army, rng)):
            seen[i, r] += 1
    chance = np.array([army.count(r) / ZONE for r in range(NUM_RANKS)])
    freq = (seen + 0.5 * chance) / (samples + 0.5)
    return np.where(chance > 0, freq / np.where(chance > 0, chance, 1.0), 1.0)


def setup_figures(model: SetupModel, layouts: np.ndarray) -> float:
    return float(np.mean([model.log_likelihood(tuple(int(x) for x in lay)) for lay in layouts])) / ZONE


# -- the move prior --------------------------------------------------------------------------------
def fit_moves(data: dict[str, np.ndarray], train: np.ndarray, hidden: int, epochs: int,
              seed: int) -> MovePrior:
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    idx, starts, labels = data["idx"], data["starts"], data["labels"]
    linear = torch.zeros(DIM, requires_grad=True)
    embed = (0.05 * torch.randn(DIM, hidden)).requires_grad_()
    bias = torch.zeros(hidden, requires_grad=True)
    out = (0.05 * torch.randn(hidden)).requires_grad_()
    params = [linear, embed, bias, out]
    opt = torch.optim.Adam(params, lr=0.01)
    positions = np.flatnonzero(train)
    rng = np.random.default_rng(seed)
    batch = 512
    for epoch in range(epochs):
        order = rng.permutation(positions)
        total, count = 0.0, 0
        lr = 0.01 * (0.5 ** max(0, epoch - epochs // 2))
        for group in opt.param_groups:
            group["lr"] = lr
        for b in range(0, len(order), batch):
            pos = np.sort(order[b:b + batch])
            lo, hi = starts[pos], starts[pos + 1]
            sizes = hi - lo
            rows = np.concatenate([np.arange(a, z) for a, z in zip(lo, hi)])
            seg = torch.from_numpy(np.repeat(np.arange(len(pos)), sizes))
            x = torch.from_numpy(idx[rows].astype(np.int64))
            score = linear[x].sum(1) + torch.relu(embed[x].sum(1) + bias) @ out
            mx = torch.full((len(pos),), -1e30).scatter_reduce(0, seg, score.detach(), "amax")
            lse = torch.log(torch.zeros(len(pos)).index_add(0, seg, torch.exp(score - mx[seg]))) + mx
            first = torch.from_numpy(np.concatenate([[0], np.cumsum(sizes)[:-1]]))
            chosen = score[first + torch.from_numpy(labels[pos])]
            loss = (lse - chosen).mean() + 1e-6 * (embed * embed).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(pos)
            count += len(pos)
        print(f"  epoch {epoch + 1}/{epochs}: train loss {total / count:.4f} (lr {lr:.4f})",
              file=sys.stderr)
    return MovePrior(linear.detach().numpy(), embed.detach().numpy(), bias.detach().numpy(),
                     out.detach().numpy())


def move_figures(prior: MovePrior, data: dict[str, np.ndarray], mask: np.ndarray) -> dict[str, float]:
    idx, starts, labels = data["idx"], data["starts"], data["labels"]
    top1 = top3 = 0
    nll = uni1 = uni3 = 0.0
    positions = np.flatnonzero(mask)
    for p in positions:
        x = idx[starts[p]:starts[p + 1]].astype(np.int64)
        s = prior.scores(x)
        human = int(labels[p])
        top1 += prior_data.top_k(s, human, 1)
        top3 += prior_data.top_k(s, human, 3)
        nll -= float(s[human] - s.max() - math.log(np.exp(s - s.max()).sum()))
        uni1 += 1 / len(s)
        uni3 += min(3, len(s)) / len(s)
    n = len(positions)
    return {"positions": n, "top1": top1 / n, "top3": top3 / n, "nll": nll / n,
            "uniform_top1": uni1 / n, "uniform_top3": uni3 / n,
            "heuristic_top1": float(data["heuristic"][positions].mean())}


# -- worlds --------------------------------------------------------------------------------------
def world_figures(games: list, held: list[int], every: int, worlds: int) -> dict[str, float]:
    """Over held-out positions (every ``every``-th move), the share of worlds with the enemy
    Flag on its true square and of unknown enemy pieces given their true rank."""
    out = {}
    for mode in ("uniform", "model"):
        determinise.WORLDS = mode
        flag = ranks = 0.0
        n_flag = n_ranks = 0
        for gi in held:
            for k, pos in enumerate(prior_data.positions(games[gi])):
                if k % every:
                    continue
                state, seat = pos.state, pos.mover
                other = 1 - seat
                n = state.n
                unknown = [p for p in range(other * n, other * n + n)
                           if state.pos[p] >= 0 and not state.flags[p] & 6]
                if not unknown:
                    continue
                true_flag = state.pos[[p for p in range(other * n, other * n + n)
                                       if state.rank[p] == FLAG][0]]
                rng = random.Random(gi * 1000 + k)
                for _ in range(worlds):
                    w = state.resample(seat, rng)
                    flag += w.rank[w.board[true_flag]] == FLAG
                    ranks += sum(w.rank[p] == state.rank[p] for p in unknown) / len(unknown)
                n_flag += worlds
                n_ranks += worlds
        out[f"{mode}_flag"] = flag / n_flag
        out[f"{mode}_ranks"] = ranks / n_ranks
    determinise.WORLDS = "model"
    return out


def speed_figures(games: list, held: list[int]) -> None:
    """CPU time of one world (``resample``) with each sampler and of one move of the prior
    bot, best of 5 passes over 200 held-out positions (the machine's load printed with it)."""
    import os

    from garrison.bots import make_bot

    states = []
    for gi in held:
        for k, pos in enumerate(prior_data.positions(games[gi])):
            if k % 50 == 7:
                states.append(pos.state.clone())
        if len(states) >= 200:
            break
    rng = random.Random(0)

    def best(run: object) -> float:
        times = []
        for _ in range(5):
            t = time.process_time()
            run()  # type: ignore[operator]
            times.append(time.process_time() - t)
        return min(times) / len(states)

    for mode in ("uniform", "model"):
        determinise.WORLDS = mode
        each = best(lambda: [s.resample(s.current_player(), rng) for s in states])
        print(f"resample ({mode}): {each * 1e6:.0f} us CPU a world")
    determinise.WORLDS = "model"
    bots = [make_bot(states[0].game, "prior", seat, seed=1) for seat in (0, 1)]
    each = best(lambda: [bots[s.current_player()].step(s) for s in states])
    print(f"prior bot: {each * 1e3:.2f} ms CPU a move (load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("archive", help="the Gravon archive (strados2015-2.zip)")
    ap.add_argument("--out", default=str(WEIGHTS), help="where the weights go")
    ap.add_argument("--cache", default="", help="keep the extracted positions in this .npz")
    ap.add_argument("--hidden", type=int, default=16, help="hidden units of the move scorer")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--eval-only", action="store_true", help="measure the committed weights")
    ap.add_argument("--worlds", type=int, default=4, help="worlds drawn per position measured")
    ap.add_argument("--speed", action="store_true", help="only time worlds and the prior bot")
    args = ap.parse_args()

    games = prior_data.classic_games(args.archive)
    held_games = [i for i in range(len(games)) if prior_data.held_out(i)]
    if args.speed:
        speed_figures(games, held_games)
        return
    print(f"{len(games)} classic games: {len(games) - len(held_games)} train, "
          f"{len(held_games)} held out (every 10th)")
    data = extract(games, Path(args.cache) if args.cache else None)
    held = np.array([prior_data.held_out(int(g)) for g in data["game"]])
    lay_held = np.array([prior_data.held_out(int(g)) for g in data["layout_game"]])
    layouts = data["layouts"]
    army = tuple(int(r) for r in sorted(layouts[0]))

    if args.eval_only:
        from garrison.games.stratego.prior import move_prior
        from garrison.games.stratego.setup_model import setup_model
        setups, moves = setup_model(), move_prior()
    else:
        print(f"fitting the setup model on {int((~lay_held).sum())} setups", file=sys.stderr)
        setups = fit_setups(layouts[~lay_held], epochs=300)
        square_only = fit_setups(layouts[~lay_held], epochs=300, square_only=True)
        setups = SetupModel(setups.square, setups.beside, setups.behind,
                            lift_of(setups, army, 4000))
        print(f"square table alone: {setup_figures(square_only, layouts[lay_held]):.4f} nats/piece")
        print(f"fitting the move prior on {int((~held).sum())} positions", file=sys.stderr)
        moves = fit_moves(data, ~held, args.hidden, args.epochs, args.seed)
        np.savez_compressed(
            args.out, linear=moves.linear.astype(np.float32), embed=moves.embed.astype(np.float32),
            bias=moves.bias.astype(np.float32), out=moves.out.astype(np.float32),
            setup_square=setups.square.astype(np.float32),
            setup_beside=setups.beside.astype(np.float32),
            setup_behind=setups.behind.astype(np.float32),
            setup_lift=setups.lift.astype(np.float32),
            groups=np.array([K, DIM]))
        print(f"wrote {args.out} ({Path(args.out).stat().st_size} bytes)")

    uniform = uniform_log_likelihood(army) / ZONE
    print(f"setups: {int(lay_held.sum())} held-out, log-likelihood per piece: model "
          f"{setup_figures(setups, layouts[lay_held]):.4f}, uniform {uniform:.4f} nats "
          f"(train: model {setup_figures(setups, layouts[~lay_held]):.4f})")
    f = move_figures(moves, data, held)
    print(f"moves: {f['positions']} held-out positions: prior top-1 {f['top1']:.4f} top-3 "
          f"{f['top3']:.4f} (nll {f['nll']:.4f}); uniform top-1 {f['uniform_top1']:.4f} "
          f"top-3 {f['uniform_top3']:.4f}; heuristic top-1 {f['heuristic_top1']:.4f}")
    train_f = move_figures(moves, data, ~held & (data["game"] % 10 == 0))
    print(f"  (train games 0, 10, ...: top-1 {train_f['top1']:.4f} top-3 {train_f['top3']:.4f})")
    if args.eval_only or args.out == str(WEIGHTS):
        from garrison.games.stratego import prior as prior_module
        from garrison.games.stratego import setup_model as setup_module
        prior_module.load_weights.cache_clear()
        setup_module.setup_model.cache_clear()
        w = world_figures(games, held_games, every=25, worlds=args.worlds)
        print(f"worlds (held-out, every 25th position, {args.worlds} worlds each): Flag right "
              f"{w['model_flag']:.4f} with the setup model vs {w['uniform_flag']:.4f} uniform; "
              f"unknown ranks right {w['model_ranks']:.4f} vs {w['uniform_ranks']:.4f}")


if __name__ == "__main__":
    main()
