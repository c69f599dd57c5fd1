"""The network of format 1 in plain NumPy (float64), the reference the compiled ``Net`` is held
to, and random nets to hold it with."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

import garrison
from garrison.learn.weights import save_net


def reference_forward(arrays: dict[str, np.ndarray], meta: dict[str, Any],
                      x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(logits, value)`` for rows ``x`` (shape (n,) or (batch, n)), computed in float64."""
    h = np.asarray(x, dtype=np.float64)
    depth = len([k for k in arrays if k.startswith("trunk_w")])
    for i in range(depth):
        h = np.maximum(h @ arrays[f"trunk_w{i}"].astype(np.float64)
                       + arrays[f"trunk_b{i}"].astype(np.float64), 0.0)
    logits = h @ arrays["policy_w"].astype(np.float64) + arrays["policy_b"].astype(np.float64)
    raw = h @ arrays["value_w"].astype(np.float64) + arrays["value_b"].astype(np.float64)
    value = np.tanh(raw[..., 0]) * meta["value_scale"] + meta["value_shift"]
    return logits, value


def reference_evaluate(arrays: dict[str, np.ndarray], meta: dict[str, Any], state: Any,
                       seat: int) -> tuple[list[int], np.ndarray, float, int]:
    """``(legal, priors, value, best)`` from ``observation_tensor(seat)`` and the legal mask."""
    logits, value = reference_forward(arrays, meta, state.observation_tensor(seat))
    legal = state.legal_actions()
    mask = np.zeros(meta["num_actions"], dtype=bool)
    mask[legal] = True
    masked = np.where(mask, logits, -np.inf)
    priors = np.exp(masked - masked.max())
    priors /= priors.sum()
    return legal, priors[legal], float(value), int(np.argmax(masked))


def random_layers(sizes: list[int], actions: int, rng: np.random.Generator
                  ) -> tuple[list[tuple[np.ndarray, np.ndarray]], tuple[np.ndarray, np.ndarray],
                             tuple[np.ndarray, np.ndarray]]:
    """A random trunk through ``sizes`` (tensor size first) and its two heads (float32)."""
    def dense(fan_in: int, fan_out: int) -> tuple[np.ndarray, np.ndarray]:
        w = rng.normal(0.0, (2.0 / fan_in) ** 0.5, size=(fan_in, fan_out)).astype(np.float32)
        return w, rng.normal(0.0, 0.1, size=fan_out).astype(np.float32)

    trunk = [dense(a, b) for a, b in zip(sizes, sizes[1:])]
    return trunk, dense(sizes[-1], actions), dense(sizes[-1], 1)


def random_net(game: garrison.Game, rng: np.random.Generator, hidden: tuple[int, ...] = (128, 128),
               value_scale: float = 1.0, value_shift: float = 0.0
               ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """A random net for ``game``: its arrays (as a file holds them) and meta."""
    size = game.observation_tensor_shape[0]
    trunk, policy, value = random_layers([size, *hidden], game.num_distinct_actions, rng)
    arrays: dict[str, np.ndarray] = {}
    for i, (w, b) in enumerate(trunk):
        arrays[f"trunk_w{i}"], arrays[f"trunk_b{i}"] = w, b
    arrays["policy_w"], arrays["policy_b"] = policy
    arrays["value_w"], arrays["value_b"] = value
    meta = {"format": 1, "game": game.name, "options": dict(game.options), "tensor_size": size,
            "num_actions": game.num_distinct_actions, "value_scale": value_scale,
            "value_shift": value_shift, "trained": {"command": "random (tests)"}}
    return arrays, meta


def save_random_net(path: Path, game: garrison.Game, seed: int = 0,
                    options: dict[str, Any] | None = None) -> Path:
    """A random net for ``game`` written to ``path`` (``options``: the meta's, default all the
    game's)."""
    arrays, meta = random_net(game, np.random.default_rng(seed))
    depth = len([k for k in arrays if k.startswith("trunk_w")])
    trunk = [(arrays[f"trunk_w{i}"], arrays[f"trunk_b{i}"]) for i in range(depth)]
    if options is not None:
        meta["options"] = options
    save_net(path, trunk, (arrays["policy_w"], arrays["policy_b"]),
             (arrays["value_w"], arrays["value_b"]), meta)
    return path
