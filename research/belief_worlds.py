"""Can a learned belief of where the hidden cards are give the search better worlds (1848 with
three players, Soldateska with four, Scopa with two, Solo 66 with five)?

The search draws each world with ``resample``: every card a seat cannot know is dealt again at
random among the places that may hold it, keeping every count and every fact seen (in 1848 the
other hands, the cards pushed under a pile and the face-down rest of the pile; in Soldateska
the other hands, the laid-aside cards and the unused stock, with the voids shown and the
passes; in Scopa the other hand and the stock; in Solo 66 the other hands, the talon and the
discards, keeping the voids shown). Its ``seeing`` bound (``arena_ceiling.py``)
takes about 0.68 of its pairs of seats against the strong search in 1848 and Soldateska and
0.82 in Scopa: the worlds are worth something. This script asks how much of that a network
reading the seat's observation tensor can give.

* ``data``: the rule-of-thumb bot in every seat (Scopa's ``greedy``), or the bot ``--bot``
  names (a search: ``ismcts:sims=200:fallback=1.5``); at every third decision (``--every``)
  the acting seat's observation tensor, the true place of each card it cannot know (``k`` in
  1..n-1: the hand of the k-th seat after it; ``0``: anywhere else; ``-1``: a card it knows)
  and the chance of each place under ``resample``'s re-deal: exact in 1848 (its re-deal is
  uniform within each pile) and Scopa (every unseen card alike), the share of ``--draws``
  resampled worlds (plus half a world) in the other games. Train and test on the same kind:
  a network fitted over noisy shares learns to correct their noise on average.
* ``train``: a network (two ReLU layers) whose logits are added to the log of those chances,
  fitted by cross-entropy to the true places; the held-out loss per hidden card after each
  epoch, beside the re-deal's, and the share of the other hands' cards each places in the
  right hand. Needs PyTorch (the ``learn`` extra). Writes the weights as
  ``.npz``.
* ``arena``: ``garrison arena`` with the bot ``believer`` in this process: ISMCTS whose move
  draws a pool of ``--pool`` worlds with ``resample`` once, weighs each by the product over its
  hidden cards of the network's chance over the re-deal's (in Soldateska and Solo 66: the
  pool's own shares, plus half a world), raised to ``--alpha``, and plays
  each simulation on a copy of a world drawn from the pool by weight (sampling importance
  resampling). ``--alpha 0`` is the same pool unweighted: the control. With ``--chain`` each
  simulation proposes a fresh world and takes it by Metropolis-Hastings instead.

The figures are in docs/log/bots-history.md, "A learned belief of the hidden cards" and, for
beliefs learned from the strong search's own games, "A belief learned from the search's own
games"::

    python research/belief_worlds.py data --game 1848 --games 7500 --seed 11 --out b11.npz
    python research/belief_worlds.py data --game 1848 --games 7500 --seed 13 --out b13.npz
    python research/belief_worlds.py data --game 1848 --games 500 --seed 12 --out b_test.npz
    python research/belief_worlds.py train --data b11.npz b13.npz --test b_test.npz --epochs 1 --out belief.npz
    python research/belief_worlds.py arena --net belief.npz --pool 128 --alpha 0.5 -- 1848 --bots believer:0.05s:clock=cpu:fallback=1.5,S,S --games 60 --seed 42
    python research/belief_worlds.py data --game soldateska --games 2500 --seed 31 --out s31.npz
    python research/belief_worlds.py data --game solo66 --bot ismcts:sims=200:fallback=1.5 --every 1 --games 1800 --seed 81 --out o81.npz
    python research/belief_worlds.py arena --net s.npz --pool 32 --alpha 0.5 --chain -- soldateska --bots believer:0.05s:clock=cpu:fallback=1.5,S,S,S --games 40 --seed 46
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from typing import Any

import numpy as np

import garrison
from garrison.bots import GENERIC, ISMCTSBot, make_bot
from garrison.core import State
from garrison.core.cards import cards_in
from garrison.games.revolution1848.state import pile_of

#: The games it knows: the options it plays them with, their number of card ids and the
#: rule-of-thumb bot that plays the data's games.
GAMES = {"1848": ({"players": 3}, 76, "heuristic"), "soldateska": ({"players": 4}, 62, "heuristic"),
         "scopa": ({"players": 2}, 40, "greedy"), "solo66": ({}, 32, "heuristic")}
#: Cards of 1848 (Personenkarten, then Zusatzkarten) and the places a hidden card may be in,
#: seen from the seat: the pile (or under it), the next seat's hand, the one after's.
CARDS = 76
PLACES = 3


def load(name: str) -> Any:
    """The game ``name`` with this script's options. Raises ``ValueError`` for another game."""
    if name not in GAMES:
        raise ValueError(f"belief_worlds knows {', '.join(GAMES)}, not {name!r}")
    return garrison.load(name, **GAMES[name][0])


def hidden(state: Any, seat: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What ``seat`` cannot know in ``state`` (a 3-player 1848 state): the true place of each
    card (-1 for a card it knows), the uniform re-deal's chance of each place (CARDS, PLACES)
    and the hidden cards, sorted."""
    n = state.n
    fixed = {c for c, knower in state.known if knower == seat}
    if state.pending >= 0:
        fixed.add(state.pending)
    truth = np.full(CARDS, -1, np.int8)
    chance = np.zeros((CARDS, PLACES), np.float32)
    every: list[int] = []
    for pile, drawn in enumerate(state.stock):
        pool = list(cards_in(drawn))
        held: dict[int, int] = {}
        for t in range(n):
            if t == seat:
                continue
            mine = [c for c in cards_in(state.hands[t]) if pile_of(c) == pile and c not in fixed]
            for c in mine:
                truth[c] = (t - seat) % n
            pool += mine
            held[(t - seat) % n] = len(mine)
        for c, pusher in state.bottom[pile]:
            if pusher != seat:
                pool.append(c)
                truth[c] = 0
        for c in cards_in(drawn):
            truth[c] = 0
        for c in pool:
            for r in (1, 2):
                chance[c, r] = held.get(r, 0) / len(pool)
            chance[c, 0] = 1.0 - chance[c, 1] - chance[c, 2]
        every += pool
    return truth, chance, np.array(sorted(every), np.int64)


def places(world: Any, seat: int, cards: int = CARDS) -> np.ndarray:
    """Where each card is in ``world``, seen from ``seat`` (a card in no other hand: 0)."""
    out = np.zeros(cards, np.int64)
    n = world.game.num_players
    for t in range(n):
        if t != seat:
            for c in cards_in(world.hands[t]):
                out[c] = (t - seat) % n
    return out


def shares(worlds: list[Any], seat: int, cards: int) -> tuple[np.ndarray, np.ndarray]:
    """The share of ``worlds`` (plus half a world, over the places) putting each card in each
    place, and the cards whose place is not the same in all of them or is another hand."""
    n = worlds[0].game.num_players
    count = np.zeros((cards, n))
    rows = np.arange(cards)
    for w in worlds:
        count[rows, places(w, seat, cards)] += 1
    hidden_cards = np.flatnonzero(((count > 0).sum(1) > 1) | (count[:, 1:].sum(1) > 0))
    return (count + 0.5) / (len(worlds) + 0.5 * n), hidden_cards


def even(state: Any, seat: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``hidden`` for Scopa, exact: its re-deal deals every unseen card (the stock and the other
    hands) alike, so a card is in each place with chance the place's size over theirs."""
    n, cards = state.game.num_players, GAMES["scopa"][1]
    others = {(t - seat) % n: state.hands[t] for t in range(n) if t != seat}
    unseen = state.stock
    for held in others.values():
        unseen |= held
    every = np.array(cards_in(unseen), np.int64)
    truth = np.full(cards, -1, np.int8)
    chance = np.zeros((cards, n), np.float32)
    if not len(every):
        return truth, chance, every
    truth[every] = 0
    chance[every, 0] = state.stock.bit_count() / len(every)
    for place, held in others.items():
        truth[list(cards_in(held))] = place
        chance[every, place] = held.bit_count() / len(every)
    return truth, chance, every


def exact_or_sampled(state: Any, seat: int, rng: random.Random, draws: int
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The re-deal's chances, exact in 1848 and Scopa, else from ``draws`` worlds."""
    name = state.game.name
    if name == "1848":
        return hidden(state, seat)
    return even(state, seat) if name == "scopa" else sampled(state, seat, rng, draws)


def sampled(state: Any, seat: int, rng: random.Random, draws: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``hidden`` for any game, the chances from ``draws`` resampled worlds (``shares``)."""
    cards = GAMES[state.game.name][1]
    chance, hidden_cards = shares([state.resample(seat, rng) for _ in range(draws)], seat, cards)
    truth = np.full(cards, -1, np.int8)
    truth[hidden_cards] = places(state, seat, cards)[hidden_cards]
    return truth, chance.astype(np.float32), hidden_cards


def data(name: str, games: int, seed: int, draws: int = 16, bot: str | None = None,
         every: int = 3) -> dict[str, np.ndarray]:
    """Self-play of game ``name`` by ``bot`` in every seat (the rule-of-thumb bot unless given):
    tensors ``x``, true places ``y`` and the re-deal's chances ``b`` at every ``every``-th
    decision (``draws`` worlds a decision where the chances are not exact). Raises
    ``ValueError`` for ``every`` below 1 and ``OptionError`` for an unknown bot."""
    if every < 1:
        raise ValueError(f"every must be 1 or more (keep every k-th decision), not {every}")
    game = load(name)
    n = game.num_players
    rng = random.Random(seed)
    xs, ys, bs = [], [], []
    for g in range(games):
        state = game.new_initial_state()
        bots = [make_bot(game, bot or GAMES[name][2], s, seed=seed * 100_000 + 10 * g + s)
                for s in range(n)]
        k = 0
        while not state.is_terminal():
            if state.current_player() == garrison.CHANCE:
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            seat = state.current_player()
            if k % every == 0:
                truth, chance, _ = exact_or_sampled(state, seat, rng, draws)
                xs.append(np.asarray(state.observation_tensor(seat), np.float32))
                ys.append(truth)
                bs.append(chance)
            k += 1
            state.apply_action(bots[seat].step(state))
    return {"x": np.stack(xs), "y": np.stack(ys), "b": np.stack(bs)}


def _loss(logits: Any, y: Any, b: Any) -> Any:
    """Mean cross-entropy per hidden card of the chances ``b`` tilted by ``logits``."""
    import torch

    lb = torch.log(b.clamp_min(1e-12)) + torch.where(b > 0, 0.0, -1e9)
    lp = torch.log_softmax(lb + logits.view(b.shape), -1)
    mask = y >= 0
    picked = -lp.gather(-1, y.clamp_min(0).unsqueeze(-1)).squeeze(-1)
    return (picked * mask).sum() / mask.sum()


def train(train_files: list[str], test_files: list[str], epochs: int, hidden_units: int,
          seed: int) -> tuple[dict[str, np.ndarray], list[tuple[float, float]], float]:
    """Fit the network; its weights, (train, held-out) loss per epoch and the uniform loss."""
    import torch

    torch.manual_seed(seed)
    parts = [np.load(f) for f in train_files]
    x = torch.tensor(np.concatenate([p["x"] for p in parts]))
    y = torch.tensor(np.concatenate([p["y"] for p in parts]).astype(np.int64))
    b = torch.tensor(np.concatenate([p["b"] for p in parts]))
    tests = [np.load(f) for f in test_files]
    tx, ty, tb = (torch.tensor(np.concatenate([t["x"] for t in tests])),
                  torch.tensor(np.concatenate([t["y"] for t in tests]).astype(np.int64)),
                  torch.tensor(np.concatenate([t["b"] for t in tests])))
    mu, sd = x.mean(0), x.std(0) + 1e-3
    net = torch.nn.Sequential(torch.nn.Linear(x.shape[1], hidden_units), torch.nn.ReLU(),
                              torch.nn.Linear(hidden_units, hidden_units), torch.nn.ReLU(),
                              torch.nn.Linear(hidden_units, b.shape[1] * b.shape[2]))
    opt = torch.optim.Adam(net.parameters(), 1e-3, weight_decay=1e-5)
    with torch.no_grad():
        uniform = float(_loss(torch.zeros(tb.shape), ty, tb))
    curve = []
    for _ in range(epochs):
        order = torch.randperm(len(x))
        for i in range(0, len(x), 512):
            j = order[i:i + 512]
            loss = _loss(net((x[j] - mu) / sd), y[j], b[j])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            some = slice(0, 20_000)
            curve.append((float(_loss(net((x[some] - mu) / sd), y[some], b[some])),
                          float(_loss(net((tx - mu) / sd), ty, tb))))
    weights = {"mu": mu.numpy(), "sd": sd.numpy()}
    for i, layer in enumerate(m for m in net if isinstance(m, torch.nn.Linear)):
        weights[f"w{i}"] = layer.weight.detach().numpy().T.copy()
        weights[f"b{i}"] = layer.bias.detach().numpy().copy()
    return weights, curve, uniform


class Belief:
    """The fitted network, in NumPy: ``log_ratio(state, seat)`` tilts the re-deal's chances."""

    def __init__(self, path: str) -> None:
        with np.load(path) as f:
            self.mu, self.sd = f["mu"], f["sd"]
            self.layers = [(f[f"w{i}"], f[f"b{i}"]) for i in range(3)]

    def log_chances(self, x: np.ndarray, chance: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For tensors ``x`` (one or a batch) and the re-deal's ``chance`` of each place of each
        card: the log of the network's chances and of the re-deal's (-1e9 where it is 0)."""
        h = (np.asarray(x, np.float32) - self.mu) / self.sd
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        lb = np.log(np.maximum(chance, 1e-12)) + np.where(chance > 0, 0.0, -1e9)
        z = lb + h.reshape(chance.shape)
        return z - np.logaddexp.reduce(z, axis=-1, keepdims=True), lb

    def log_ratio(self, state: Any, seat: int, chance: np.ndarray | None = None,
                  cards: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """log(network's chance / the re-deal's) of each place of each hidden card (rows in
        the order of the hidden cards returned second); the re-deal's ``chance`` and the hidden
        ``cards`` are 1848's exact ones unless given."""
        if chance is None or cards is None:
            _, chance, cards = hidden(state, seat)
        lp, lb = self.log_chances(state.observation_tensor(seat), chance)
        return (lp - lb)[cards], cards

    def placed_right(self, files: list[str]) -> tuple[float, float]:
        """Of the cards another seat holds at the decisions in ``files`` (``data``'s), the mean
        chance of the true hand: the re-deal's, then the network's (how many of the other
        hands' cards a world drawn by each puts in the right hand)."""
        parts = [np.load(f) for f in files]
        x, y, b = (np.concatenate([p[k] for p in parts]) for k in ("x", "y", "b"))
        lp, _ = self.log_chances(x, b.astype(np.float64))
        rows, cards = np.nonzero(y >= 1)
        truth = y[rows, cards].astype(np.int64)
        return (float(b[rows, cards, truth].mean()),
                float(np.exp(lp[rows, cards, truth]).mean()))


class Believer(ISMCTSBot):
    """ISMCTS on worlds weighed by the belief (research only): a pool of ``pool`` resampled
    worlds drawn from by weight, or with ``chain`` a Metropolis-Hastings chain whose proposal is
    a fresh resampled world every simulation, taken with chance min(1, its weight over the
    current world's): every simulation a new world as the plain search has, in proportion to
    the re-deal's chance times the weight (the first ``pool`` worlds only measure the
    re-deal's shares outside 1848)."""

    name = "believer"
    description = "ISMCTS on worlds weighed by a learned belief of the hidden cards (research)"
    belief: Belief | None = None
    pool = 128
    alpha = 0.5
    chain = False
    #: With k > 0 (1848 only): every simulation's world is one of k fresh worlds drawn in
    #: proportion to the weight (``draw_tilted_world``, in C), not the pool's.
    sir = 0
    _tilt: np.ndarray | None = None
    _worlds: list[State] | None = None
    _cum: list[float]
    _ratio: np.ndarray
    _cards: np.ndarray
    _rows: np.ndarray
    _ratio_size: int
    _current: tuple[State, float] | None = None
    last_ess: float = 0.0
    last_taken: list[int]

    def step(self, state: State) -> int:
        self._worlds = None  # drawn inside the search's budget, at its first world
        self._current = None
        self._tilt = None
        self.last_taken = [0, 0]
        return super().step(state)

    def _score(self, world: State) -> float:
        where = places(world, self.seat, self._ratio_size)[self._cards]
        return float(self.alpha * self._ratio[self._rows, where].sum())

    def weigh(self, state: State, rng: Any) -> list[float]:
        """Draw the move's pool of worlds; the weight of each (summing to 1)."""
        assert self.belief is not None
        size = GAMES[self.game.name][1]
        self._worlds = [state.resample(self.seat, rng) for _ in range(self.pool)]
        if self.game.name in ("1848", "scopa"):
            _, chance, cards = exact_or_sampled(state, self.seat, rng, 0)
        else:
            chance, cards = shares(self._worlds, self.seat, size)
        self._ratio, self._cards = self.belief.log_ratio(state, self.seat, chance, cards)
        self._rows, self._ratio_size = np.arange(len(self._cards)), size
        score = np.array([self._score(w) for w in self._worlds])
        p = np.exp(score - score.max())
        p /= p.sum()
        self.last_ess = float(1.0 / (p ** 2).sum())
        self._cum = list(np.cumsum(p))
        return [float(v) for v in p]

    def tilt(self, state: State) -> np.ndarray:
        """The weight's logarithm per card and place, ``alpha`` times the belief's log ratio,
        as ``draw_tilted_world`` reads it (1848: rows of the cards, a column a place)."""
        assert self.belief is not None
        ratio, cards = self.belief.log_ratio(state, self.seat)
        out = np.zeros((CARDS, PLACES), np.float64)
        out[cards] = self.alpha * ratio
        return out

    def _world(self, state: State, rng: Any, rollout: Any, infer: int) -> State:
        if self.sir:
            if self._tilt is None:
                self._tilt = self.tilt(state)
            return state.draw_tilted_world(self.seat, rng, self._tilt, self.sir)  # type: ignore[attr-defined, no-any-return]
        if self._worlds is None:
            self.weigh(state, rng)
        assert self._worlds is not None
        if not self.chain:
            return rng.choices(self._worlds, cum_weights=self._cum)[0].clone()
        fresh = state.resample(self.seat, rng)
        score = self._score(fresh)
        self.last_taken[1] += 1
        if self._current is None or math.log(rng.random() or 1e-300) < score - self._current[1]:
            self._current = (fresh, score)
            self.last_taken[0] += 1
        return self._current[0].clone()


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data", help="self-play with the true places")
    d.add_argument("--game", choices=sorted(GAMES), default="1848")
    d.add_argument("--draws", type=int, default=16,
                   help="worlds a decision where the chances are not exact (Soldateska, Solo 66)")
    d.add_argument("--bot", default=None,
                   help="the bot in every seat (default: the game's rule-of-thumb bot)")
    d.add_argument("--every", type=int, default=3, help="keep every k-th decision")
    d.add_argument("--games", type=int, required=True)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--out", required=True)
    t = sub.add_parser("train", help="fit the belief; the held-out loss beside the uniform one")
    t.add_argument("--data", nargs="+", required=True)
    t.add_argument("--test", nargs="+", required=True)
    t.add_argument("--epochs", type=int, default=1)
    t.add_argument("--hidden", type=int, default=256)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--out", required=True)
    a = sub.add_parser("arena", help="garrison arena with the bot 'believer'")
    a.add_argument("--net", required=True)
    a.add_argument("--pool", type=int, default=128)
    a.add_argument("--alpha", type=float, default=0.5)
    a.add_argument("--chain", action="store_true",
                   help="a fresh world a simulation, taken by Metropolis-Hastings")
    a.add_argument("--sir", type=int, default=0, metavar="K",
                   help="1848: a fresh world a simulation, one of K drawn by weight (in C)")
    a.add_argument("rest", nargs=argparse.REMAINDER, help="after --: garrison arena's arguments")
    ns = parser.parse_args(args)
    if ns.cmd == "data":
        out = data(ns.game, ns.games, ns.seed, ns.draws, ns.bot, ns.every)
        np.savez_compressed(ns.out, **out)
        print(f"{len(out['x'])} decisions of {ns.games} games -> {ns.out}")
    elif ns.cmd == "train":
        weights, curve, uniform = train(ns.data, ns.test, ns.epochs, ns.hidden, ns.seed)
        print(f"uniform re-deal: held-out loss {uniform:.4f} a hidden card")
        for i, (fit, held) in enumerate(curve, 1):
            print(f"epoch {i}: fitted {fit:.4f}, held-out {held:.4f}")
        np.savez(ns.out, **weights)
        redeal, net = Belief(ns.out).placed_right(ns.test)
        print(f"held out, the other hands' cards in the right hand: re-deal {redeal:.3f}, "
              f"belief {net:.3f}")
    else:
        rest = ns.rest[1:] if ns.rest[:1] == ["--"] else ns.rest
        if ns.sir and rest[:1] != ["1848"]:
            parser.error(f"--sir draws 1848's worlds only, not {rest[:1] or 'no game'}")
        Believer.belief, Believer.pool, Believer.alpha = Belief(ns.net), ns.pool, ns.alpha
        Believer.chain, Believer.sir = ns.chain, ns.sir
        GENERIC[Believer.name] = Believer
        from garrison.cli.main import app

        app(["arena", *rest])


if __name__ == "__main__":
    main()
