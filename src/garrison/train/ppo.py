"""Proximal policy optimisation on the batched engine: one command trains a game's network.

The tables are ``BatchEnv``'s (the compiled engine, chance drawn inside). The learner plays
either every seat (``opponents="self"``: self-play, one network for all) or one seat against a
game's own bot at the others (one batch per seat, so the learner sits in every chair). A
decision's target is the λ-return over the same seat's later decisions (GAE with no discount:
every game here is scored at its end, and the last decision's next value is the seat's return),
its advantage that target less the value the network gave it; returns are brought to the
network's tanh range (its ``value_scale`` and ``value_shift``: the game's bounds, or the spread
of the imitated games' returns). A decision whose game has not ended when an update comes waits
for the next update (its probability under the policy that chose it is kept, so PPO's ratio
still holds).

>>> from garrison.train.ppo import PPOConfig
>>> PPOConfig(game="scopa", options={"players": 2}).tables
128
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import torch

import garrison
from garrison.core import OptionError
from garrison.interop.batch import BatchEnv, BatchStep

from .model import PolicyValueNet, value_range


@dataclass
class PPOConfig:
    """What to train and how (every field has a default but the game)."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    #: ``"self"``: the learner plays every seat; else a bot name for every other seat.
    opponents: str = "self"
    tables: int = 128
    #: The learner's decisions to collect in all.
    decisions: int = 1_000_000
    hidden: tuple[int, ...] = (256, 256)
    lr: float = 3e-4
    #: Finished decisions per update, and per gradient step.
    batch: int = 8192
    minibatch: int = 1024
    epochs: int = 3
    clip: float = 0.2
    #: GAE's λ over a seat's own decisions (1: the game's return itself).
    lam: float = 0.95
    entropy: float = 0.01
    value_coef: float = 0.5
    seed: int = 0
    #: Every this many updates, the greedy policy (its likeliest legal move) plays
    #: ``eval_games`` games against ``eval_against`` in every seat (0: never).
    eval_every: int = 10
    eval_games: int = 0
    eval_against: str | None = None

    def check(self) -> None:
        """Raises ``OptionError`` naming a bad setting and what it may be."""
        for name in ("tables", "decisions", "batch", "minibatch", "epochs", "eval_every"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OptionError(f"{name} must be a whole number, 1 or more (got {value!r})")
        if not self.hidden or any(size < 1 for size in self.hidden):
            raise OptionError(f"hidden must be one or more layer widths, each 1 or more (got {self.hidden!r})")
        for name in ("lr", "clip"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
                raise OptionError(f"{name} must be a positive number (got {value!r})")
        if not (isinstance(self.lam, (int, float)) and 0 <= self.lam <= 1):
            raise OptionError(f"lam must be a number from 0 to 1 (got {self.lam!r})")
        for name in ("entropy", "value_coef"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise OptionError(f"{name} must be a number, 0 or more (got {value!r})")


def masked_log_policy(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Log-probabilities of the softmax over the legal actions (``mask``); an illegal action's
    is a large negative number, so its probability is 0 and it adds nothing to the entropy."""
    return torch.log_softmax(logits.masked_fill(~mask, -1e9), dim=-1)


class _Decisions:
    """The decisions collected so far, in growing arrays; a decision waits for its return."""

    obs: np.ndarray
    mask: np.ndarray
    action: np.ndarray
    logp: np.ndarray
    value: np.ndarray
    target: np.ndarray
    size: int

    def __init__(self, inputs: int, actions: int) -> None:
        cap = 1024
        self.obs = np.empty((cap, inputs), np.float32)
        self.mask = np.empty((cap, actions), bool)
        self.action = np.empty(cap, np.int64)
        self.logp = np.empty(cap, np.float32)
        self.value = np.empty(cap, np.float32)
        self.target = np.full(cap, np.nan, np.float32)
        self.size = 0

    def add(self, obs: np.ndarray, mask: np.ndarray, action: np.ndarray, logp: np.ndarray,
            value: np.ndarray) -> np.ndarray:
        """Store a row per table; returns their indices."""
        n = obs.shape[0]
        while self.size + n > self.obs.shape[0]:
            self._grow()
        rows = np.arange(self.size, self.size + n)
        self.obs[rows], self.mask[rows], self.action[rows] = obs, mask, action
        self.logp[rows], self.value[rows] = logp, value
        self.target[rows] = np.nan
        self.size += n
        return rows

    def settle(self, rows: list[int], final: float, lam: float) -> None:
        """A seat's game has ended with return ``final`` (in tanh units): its decisions'
        targets are the λ-returns over its own decisions (GAE with no discount and no reward
        before the end: each decision's next value is the value at the seat's next decision)."""
        values = self.value[rows].astype(np.float64)
        following = np.append(values[1:], final)
        delta = following - values
        advantage = np.empty_like(values)
        running = 0.0
        for t in range(len(values) - 1, -1, -1):
            running = delta[t] + lam * running
            advantage[t] = running
        self.target[rows] = (advantage + values).astype(np.float32)

    def _grow(self) -> None:
        for name in ("obs", "mask", "action", "logp", "value", "target"):
            old = getattr(self, name)
            new = np.empty((old.shape[0] * 2, *old.shape[1:]), old.dtype)
            new[: self.size] = old[: self.size]
            setattr(self, name, new)

    def keep(self, rows: np.ndarray) -> np.ndarray:
        """Keep only ``rows`` (in that order, at the front); returns each old row's new index
        (-1 where dropped)."""
        remap = np.full(self.size, -1, np.int64)
        remap[rows] = np.arange(len(rows))
        for name in ("obs", "mask", "action", "logp", "value", "target"):
            array = getattr(self, name)
            array[: len(rows)] = array[rows]
        self.size = len(rows)
        return remap


class Trainer:
    """Collects decisions from the tables and updates the network; ``run`` does it all."""

    config: PPOConfig
    game: Any
    net: PolicyValueNet
    envs: list[BatchEnv]
    #: The seat each batch's learner plays (``None``: self-play, every seat).
    seats: list[int | None]
    curve: list[dict[str, float]]

    def __init__(self, config: PPOConfig, net: PolicyValueNet | None = None) -> None:
        """``net``: start from this network (e.g. ``imitate.warm_start``'s) instead of a new one.

        Raises:
            OptionError: a bad setting, a game with unbounded returns, or a bad opponent.
        """
        config.check()
        self.config = config
        self.game = garrison.load(config.game, **config.options)
        scale, shift = (value_range(self.game) if net is None
                        else (net.value_scale, net.value_shift))
        self.value_scale, self.value_shift = scale, shift
        torch.manual_seed(config.seed)
        inputs = self.game.observation_tensor_shape[0]
        actions = self.game.num_distinct_actions
        self.net = net if net is not None else PolicyValueNet(
            inputs, actions, tuple(config.hidden), value_scale=scale, value_shift=shift)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=config.lr)
        self.rng = np.random.default_rng(config.seed)
        if config.opponents == "self":
            self.envs = [BatchEnv(config.game, config.tables, threads=1, **config.options)]
            self.seats = [None]
        else:
            players = self.game.num_players
            per = max(1, config.tables // players)
            self.envs = [BatchEnv(config.game, per, seat=s, opponents=config.opponents, threads=1,
                                  **config.options) for s in range(players)]
            self.seats = list(range(players))
        self.store = _Decisions(inputs, actions)
        self.curve = []
        self.collected = 0
        self.episodes = 0
        self.finished_returns: list[float] = []
        self.started = time.perf_counter()

    # -- collecting ------------------------------------------------------------------------------
    def _act(self, step: BatchStep) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        with torch.no_grad():
            logits, value = self.net(torch.from_numpy(step.obs))
            logp = masked_log_policy(logits, torch.from_numpy(step.mask))
            action = torch.multinomial(logp.exp(), 1).squeeze(1)
            chosen = logp.gather(1, action.unsqueeze(1)).squeeze(1)
            return action.numpy(), chosen.numpy(), value.numpy()

    def run(self, report: Callable[[dict[str, float]], None] | None = None) -> None:
        """Train until ``decisions`` are collected; ``report`` gets each update's line."""
        config = self.config
        steps = [env.reset(seed=config.seed * 1000 + 100 * k) for k, env in enumerate(self.envs)]
        # per batch, per table, per seat: the rows still waiting for the game's end
        waiting: list[list[dict[int, list[int]]]] = [
            [{} for _ in range(env.num_envs)] for env in self.envs]
        ready: list[int] = []
        while self.collected < config.decisions:
            for k, env in enumerate(self.envs):
                steps[k] = self._play(k, env, steps[k], waiting[k], ready)
            if len(ready) >= config.batch:
                line = self._update(np.asarray(ready, np.int64))
                ready = []
                self._compact(waiting)
                if report is not None:
                    report(line)

    def _play(self, k: int, env: BatchEnv, step: BatchStep, waiting: list[dict[int, list[int]]],
              ready: list[int]) -> BatchStep:
        """One move at every table of batch ``k``: the decisions are stored and wait for their
        game's end, when their targets are set and they join ``ready``."""
        action, logp, value = self._act(step)
        rows = self.store.add(step.obs, step.mask, action, logp, value)
        own = self.seats[k]
        for i, row in enumerate(rows):
            mover = int(step.to_move[i]) if own is None else own
            waiting[i].setdefault(mover, []).append(int(row))
        self.collected += len(rows)
        step = env.step(action)
        for ended in np.flatnonzero(step.terminated):
            t = int(ended)
            for seat, seat_rows in waiting[t].items():
                final = (float(step.rewards[t, seat]) - self.value_shift) / self.value_scale
                self.store.settle(seat_rows, final, self.config.lam)
                ready.extend(seat_rows)
            if own is not None:
                self.finished_returns.append(float(step.rewards[t, own]))
            waiting[t] = {}
            self.episodes += 1
        return step

    def _compact(self, waiting: list[list[dict[int, list[int]]]]) -> None:
        """Drop the rows used by the update; the waiting rows move to the front."""
        keep = [row for tables in waiting for seats in tables for rows in seats.values()
                for row in rows]
        remap = self.store.keep(np.asarray(keep, np.int64))
        for tables in waiting:
            for seats in tables:
                for seat, rows in seats.items():
                    seats[seat] = [int(remap[row]) for row in rows]

    # -- learning --------------------------------------------------------------------------------
    def _update(self, rows: np.ndarray) -> dict[str, float]:
        config, store = self.config, self.store
        obs = torch.from_numpy(store.obs[rows])
        mask = torch.from_numpy(store.mask[rows])
        action = torch.from_numpy(store.action[rows])
        old_logp = torch.from_numpy(store.logp[rows])
        target = torch.from_numpy(store.target[rows])
        advantage = target - torch.from_numpy(store.value[rows])
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        n = len(rows)
        losses = []
        for _ in range(config.epochs):
            order = torch.from_numpy(self.rng.permutation(n))
            for start in range(0, n, config.minibatch):
                mb = order[start: start + config.minibatch]
                logits, value = self.net(obs[mb])
                logp_all = masked_log_policy(logits, mask[mb])
                logp = logp_all.gather(1, action[mb].unsqueeze(1)).squeeze(1)
                ratio = torch.exp(logp - old_logp[mb])
                adv = advantage[mb]
                policy_loss = -torch.min(ratio * adv,
                                         torch.clamp(ratio, 1 - config.clip, 1 + config.clip) * adv).mean()
                value_loss = ((value - target[mb]) ** 2).mean()
                entropy = -(logp_all.exp() * logp_all).sum(1).mean()
                loss = policy_loss + config.value_coef * value_loss - config.entropy * entropy
                self.optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), 0.5)
                self.optimizer.step()
                losses.append((policy_loss.item(), value_loss.item(), entropy.item()))
        recent = self.finished_returns[-2000:]
        line = {
            "decisions": float(self.collected),
            "episodes": float(self.episodes),
            "seconds": round(time.perf_counter() - self.started, 1),
            "policy_loss": round(float(np.mean([x[0] for x in losses])), 4),
            "value_loss": round(float(np.mean([x[1] for x in losses])), 4),
            "entropy": round(float(np.mean([x[2] for x in losses])), 4),
        }
        if recent:
            line["mean_return"] = round(float(np.mean(recent)), 4)
        if config.eval_games and len(self.curve) % config.eval_every == 0:
            line["eval_return"] = round(self.evaluate(), 4)
        self.curve.append(line)
        return line

    def evaluate(self) -> float:
        """The greedy policy's mean return over ``eval_games`` games against ``eval_against``
        (the game's first own bot by default), the seats taken in turn; the same deals each time
        (seeded), so that points of the curve compare."""
        config = self.config
        bot = config.eval_against or next(iter(self.game.bots), "random")
        players = self.game.num_players
        total, count = 0.0, 0
        for seat in range(players):
            tables = max(1, config.eval_games // players)
            env = BatchEnv(config.game, tables, seat=seat, opponents=bot, threads=1,
                           **config.options)
            step = env.reset(seed=10**6 + 1000 * seat)
            done = np.zeros(tables, bool)
            while not done.all():
                with torch.no_grad():
                    logits, _ = self.net(torch.from_numpy(step.obs))
                action = logits.masked_fill(~torch.from_numpy(step.mask), -1e9).argmax(1)
                step = env.step(action.numpy())
                fresh = step.terminated & ~done
                total += float(step.rewards[fresh, seat].sum())
                count += int(fresh.sum())
                done |= step.terminated
        return total / count

    # -- the result ------------------------------------------------------------------------------
    def trained(self) -> dict[str, Any]:
        """What the file's metadata says of this training: method, settings, figures, curve."""
        return {
            "method": "ppo",
            "config": {k: (list(v) if isinstance(v, tuple) else v)
                       for k, v in asdict(self.config).items()},
            "decisions": self.collected,
            "episodes": self.episodes,
            "seconds": round(time.perf_counter() - self.started, 1),
            "curve": self.curve,
        }


__all__ = ["PPOConfig", "Trainer"]
