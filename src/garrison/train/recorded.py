"""Decisions of people's recorded games as demonstrations (``garrison train --recorded``).

A game that reads an archive of recorded games (the ``Game.recorded`` hook: Stratego reads
Gravon's) gives every decision with a choice: the mover's observation tensor, the legal actions,
the move the person made and the mover's result. The network learns them as it learns a bot's
(``imitate``); the archive's own held-out split is kept apart and only measured.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import torch

import garrison
from garrison.core import OptionError, RecordError

from .imitate import Demonstrations
from .model import PolicyValueNet


def recorded_demonstrations(name: str, options: dict[str, Any], archive: str | Path, *,
                            limit: int | None = None) -> tuple[Demonstrations, Demonstrations]:
    """The archive's decisions as ``(to fit, held out)``; ``limit`` stops after that many
    decisions in all (the archive's order).

    Raises:
        OptionError: the game reads no recorded games.
        RecordError: the archive cannot be read, or its positions do not fit the game's tensor
            or actions (a network for other options).
    """
    game = garrison.load(name, **options)
    reader = game.recorded
    if reader is None:
        have = sorted(g for g in garrison.games() if garrison.game_class(g).recorded is not None)
        raise OptionError(f"{name} reads no recorded games; the games that do: {', '.join(have)}")
    started = time.perf_counter()
    size, actions = game.observation_tensor_shape[0], game.num_distinct_actions
    parts: dict[bool, dict[str, list[Any]]] = {
        split: {"obs": [], "mask": [], "action": [], "value": []} for split in (False, True)}
    for n, decision in enumerate(reader(archive)):
        if limit is not None and n >= limit:
            break
        state = decision.state
        tensor = np.asarray(state.observation_tensor(decision.mover), np.float32)
        if tensor.shape != (size,) or state.game.num_distinct_actions != actions:
            raise RecordError(f"{archive}: its positions have a tensor of {tensor.size} and "
                              f"{state.game.num_distinct_actions} actions; {name} with "
                              f"{options or 'its default options'} has {size} and {actions}")
        mask = np.zeros(actions, bool)
        mask[state.legal_actions()] = True
        part = parts[decision.held_out]
        part["obs"].append(tensor)
        part["mask"].append(mask)
        part["action"].append(decision.action)
        part["value"].append(decision.value)
    seconds = round(time.perf_counter() - started, 1)

    def gather(part: dict[str, list[Any]]) -> Demonstrations:
        return Demonstrations(
            obs=np.asarray(part["obs"], np.float32).reshape(-1, size),
            mask=np.asarray(part["mask"], bool).reshape(-1, actions),
            action=np.asarray(part["action"], np.int64),
            returns=np.asarray(part["value"], np.float32), seconds=seconds,
            meta={"archive": Path(archive).name})

    fit, held = gather(parts[False]), gather(parts[True])
    if not len(fit.action):
        raise RecordError(f"{archive}: no decisions to learn from")
    return fit, held


def measure(net: PolicyValueNet, data: Demonstrations, chunk: int = 4096) -> dict[str, float]:
    """The network on ``data``: the share of decisions whose likeliest legal move is the one
    made (``agreement``), the mean log-likelihood of that move (``log_likelihood``, nats) and
    the value's mean squared error in its tanh units (``value_loss``)."""
    if not len(data.action):
        return {"decisions": 0}
    agree = loglik = vloss = 0.0
    with torch.no_grad():
        for start in range(0, len(data.action), chunk):
            rows = slice(start, start + chunk)
            logits, value = net(torch.from_numpy(data.obs[rows]))
            logits = logits.masked_fill(~torch.from_numpy(data.mask[rows]), -1e9)
            action = torch.from_numpy(data.action[rows])
            agree += float((logits.argmax(dim=1) == action).sum())
            logp = torch.log_softmax(logits, dim=1)
            loglik += float(logp.gather(1, action[:, None]).sum())
            target = (torch.from_numpy(data.returns[rows]) - net.value_shift) / net.value_scale
            vloss += float(((value - target) ** 2).sum())
    n = len(data.action)
    return {"decisions": n, "agreement": round(agree / n, 4),
            "log_likelihood": round(loglik / n, 4), "value_loss": round(vloss / n, 4)}


__all__ = ["measure", "recorded_demonstrations"]
