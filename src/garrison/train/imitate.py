"""A warm start for the network: it learns to play like the game's compiled bot.

Learning from a game's end alone, a network that starts at random needs a great many games before
its moves matter (a Scopa game to 11 is some 70 decisions a seat and much luck). So training
starts from the game's own rule-of-thumb bot, written in C (``state.policy_action``): tables play
themselves with it in every seat, each decision is kept with the mover's observation tensor, its
legal actions and the bot's move, and at the game's end with the mover's return. The network's
policy learns the bot's moves (cross-entropy over the legal actions) and its value the returns
(mean squared error in tanh units); PPO (``garrison.train.ppo``) then takes it from there.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
import torch
from torch.nn import functional

import garrison
from garrison.core import OptionError
from garrison.core.compiled import CompiledState
from garrison.interop.batch import BatchEnv

from .model import PolicyValueNet, value_range


@dataclass
class Demonstrations:
    """Decisions to learn from: the mover's tensor, legal mask, move and final return (the
    compiled bot's, ``demonstrations``; a search's, ``expert.search_decisions``, which also
    gives each decision's visit shares as ``policy``)."""

    obs: np.ndarray
    mask: np.ndarray
    action: np.ndarray
    #: The mover's return at the end of the game.
    returns: np.ndarray
    games: int = 0
    seconds: float = 0.0
    meta: dict[str, Any] = field(default_factory=dict)
    #: ``(N, actions)``: a distribution over the legal actions to learn instead of ``action``
    #: (a search's root visit shares), or ``None``.
    policy: np.ndarray | None = None


def demonstrations(name: str, options: dict[str, Any], decisions: int, *, tables: int = 64,
                   seed: int = 0, horizon: int | None = None) -> Demonstrations:
    """At least ``decisions`` decisions of the game's compiled bot playing every seat, from
    whole games only (a game still running at the end is left out).

    A decision's value target is the mover's return at the game's end; with ``horizon`` it is
    what the search's rollout with ``value=eval`` and that horizon backs up: the game's
    ``evaluator`` for the mover once ``horizon`` more actions (chance included) have been
    played, or at the game's end if that comes first. The network then predicts the rollout's
    value without playing it (``ismcts:mix=1``).

    Raises:
        OptionError: the game has no compiled bot (or, with ``horizon``, no evaluator), or
            ``decisions`` is not a positive count.
    """
    if isinstance(decisions, bool) or not isinstance(decisions, int) or decisions < 1:
        raise OptionError(f"decisions must be a whole number, 1 or more (got {decisions!r})")
    started = time.perf_counter()
    env = BatchEnv(name, tables, threads=1, **options)
    first = env.game.new_initial_state()
    if not isinstance(first, CompiledState) or not first.has_policy():
        raise OptionError(f"{name} has no compiled bot to learn from")
    evaluator = env.game.evaluator
    if horizon is not None and (evaluator is None or horizon < 1):
        raise OptionError(f"{name} has no evaluator to value a horizon by" if evaluator is None
                          else f"horizon must be 1 or more actions (got {horizon})")
    step = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    waiting: list[dict[int, list[int]]] = [{} for _ in range(tables)]
    # with a horizon: per table, (row, mover, the move number it was made at), oldest first
    ahead: list[list[tuple[int, int, int]]] = [[] for _ in range(tables)]
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    target: list[float] = []
    kept = 0
    games = 0
    while kept < decisions:
        states = cast(list[CompiledState], env.states)
        moves = np.empty(tables, np.int64)
        for i, state in enumerate(states):
            moves[i] = state.policy_action(int(rng.integers(2**63)))
            if horizon is not None:
                ahead[i].append((len(actions), int(step.to_move[i]), state.move_number()))
            waiting[i].setdefault(int(step.to_move[i]), []).append(len(actions))
            obs.append(step.obs[i].copy())
            masks.append(step.mask[i].copy())
            actions.append(int(moves[i]))
            target.append(np.nan)
        step = env.step(moves)
        if horizon is not None:
            assert evaluator is not None
            _value_at_horizon(ahead, states, step, evaluator, horizon, target)
        for ended in np.flatnonzero(step.terminated):
            t = int(ended)
            for mover, rows in waiting[t].items():
                value = float(step.rewards[t, mover])
                for row in rows:
                    if horizon is None:
                        target[row] = value
                kept += len(rows)
            waiting[t] = {}
            games += 1
    done = np.isfinite(np.asarray(target, np.float32))
    return Demonstrations(
        obs=np.asarray(obs, np.float32)[done], mask=np.asarray(masks, bool)[done],
        action=np.asarray(actions, np.int64)[done], returns=np.asarray(target, np.float32)[done],
        games=games, seconds=round(time.perf_counter() - started, 1),
    )


def _value_at_horizon(ahead: list[list[tuple[int, int, int]]], states: list[CompiledState],
                      step: Any, evaluator: Any, horizon: int, target: list[float]) -> None:
    """Give the decisions whose horizon has come (or whose game ended) the evaluator's value
    for their mover, read once per table."""
    finished = step.final_states()  # table -> the game's last position (it has restarted)
    for t, pending in enumerate(ahead):
        if not pending:
            continue
        if t in finished:
            values = evaluator(finished[t])
            for row, mover, _ in pending:
                target[row] = float(values[mover])
            pending.clear()
            continue
        now = states[t].move_number()
        if now - pending[0][2] < horizon:
            continue
        values = evaluator(states[t])
        while pending and now - pending[0][2] >= horizon:
            row, mover, _ = pending.pop(0)
            target[row] = float(values[mover])


def imitate(net: PolicyValueNet, data: Demonstrations, *, epochs: int = 4, minibatch: int = 512,
            lr: float = 1e-3, seed: int = 0) -> list[dict[str, float]]:
    """Fit ``net`` to the demonstrations (the returns in its value units; the moves, or the
    ``policy`` distributions where the data has them); returns a line per epoch (losses,
    agreement with the demonstrated moves on a held-out tenth)."""
    rng = np.random.default_rng(seed)
    n = len(data.action)
    order = rng.permutation(n)
    held, train = order[: n // 10], order[n // 10:]
    optimizer = torch.optim.Adam(net.parameters(), lr=lr)
    obs, mask = torch.from_numpy(data.obs), torch.from_numpy(data.mask)
    action = torch.from_numpy(data.action)
    shares = None if data.policy is None else torch.from_numpy(data.policy)
    target = torch.from_numpy((data.returns - net.value_shift) / net.value_scale)
    lines = []
    for epoch in range(epochs):
        rng.shuffle(train)
        for start in range(0, len(train), minibatch):
            mb = torch.from_numpy(train[start: start + minibatch])
            logits, value = net(obs[mb])
            logits = logits.masked_fill(~mask[mb], -1e9)
            if shares is None:
                policy_loss = functional.cross_entropy(logits, action[mb])
            else:  # cross-entropy against the visit shares (zero on illegal actions)
                policy_loss = -(shares[mb] * functional.log_softmax(logits, dim=1)).sum(1).mean()
            loss = policy_loss + 0.5 * ((value - target[mb]) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            hb = torch.from_numpy(held)
            logits, value = net(obs[hb])
            chosen = logits.masked_fill(~mask[hb], -1e9).argmax(dim=1)
            lines.append({
                "epoch": float(epoch + 1),
                "agreement": round(float((chosen == action[hb]).float().mean()), 4),
                "value_loss": round(float(((value - target[hb]) ** 2).mean()), 4),
            })
    return lines


def warm_start(name: str, options: dict[str, Any], hidden: tuple[int, ...], decisions: int,
               seed: int = 0, epochs: int = 4, horizon: int | None = None,
               ) -> tuple[PolicyValueNet, list[dict[str, float]], Demonstrations]:
    """A new network fitted to ``decisions`` of the game's compiled bot (value targets as
    ``demonstrations`` makes them with ``horizon``)."""
    game = garrison.load(name, **options)
    data = demonstrations(name, options, decisions, seed=seed, horizon=horizon)
    scale, shift = value_range(game, data.returns)
    torch.manual_seed(seed)
    net = PolicyValueNet(game.observation_tensor_shape[0], game.num_distinct_actions, hidden,
                         value_scale=scale, value_shift=shift)
    return net, imitate(net, data, epochs=epochs, seed=seed), data


__all__ = ["Demonstrations", "demonstrations", "imitate", "warm_start"]
