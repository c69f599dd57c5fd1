"""The policy-and-value network in PyTorch, for training only (play reads the exported arrays).

The shape is the one the compiled forward pass evaluates (``garrison.core.net``, file format 1
in ``garrison.learn.weights``): the seat's observation tensor in, a trunk of dense layers with
ReLU, policy logits over every action id and one value, ``tanh`` of a dense layer, scaled to the
game's returns (``value_scale``, ``value_shift``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from garrison.learn.weights import save_net


class PolicyValueNet(nn.Module):
    """Trunk, policy head and value head (the value in tanh units: scale it with the meta)."""

    trunk: nn.Sequential
    policy: nn.Linear
    value: nn.Linear
    #: The value head's tanh units in returns: ``return = tanh(...) * value_scale + value_shift``.
    value_scale: float
    value_shift: float

    def __init__(self, inputs: int, actions: int, hidden: tuple[int, ...],
                 value_scale: float = 1.0, value_shift: float = 0.0) -> None:
        super().__init__()
        self.value_scale, self.value_shift = float(value_scale), float(value_shift)
        layers: list[nn.Module] = []
        width = inputs
        for size in hidden:
            layers += [nn.Linear(width, size), nn.ReLU()]
            width = size
        self.trunk = nn.Sequential(*layers)
        self.policy = nn.Linear(width, actions)
        self.value = nn.Linear(width, 1)
        # small policy logits at the start: a near-uniform policy over the legal actions
        nn.init.normal_(self.policy.weight, std=0.01)
        nn.init.zeros_(self.policy.bias)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.trunk(x)
        return self.policy(h), torch.tanh(self.value(h)).squeeze(-1)

    def arrays(self) -> tuple[list[tuple[np.ndarray, np.ndarray]], tuple[np.ndarray, np.ndarray],
                              tuple[np.ndarray, np.ndarray]]:
        """The weights as float32 arrays, ``W`` shaped (inputs, outputs): trunk, policy, value."""
        def pair(layer: Any) -> tuple[np.ndarray, np.ndarray]:
            return (layer.weight.detach().numpy().T.astype(np.float32).copy(),
                    layer.bias.detach().numpy().astype(np.float32).copy())

        trunk = [pair(layer) for layer in self.trunk if isinstance(layer, nn.Linear)]
        return trunk, pair(self.policy), pair(self.value)


def value_range(game: Any, seen: np.ndarray | None = None) -> tuple[float, float]:
    """``(value_scale, value_shift)``: the game's returns mapped onto tanh's -1 to 1, or, given
    the returns ``seen`` in play, onto their spread (Solo 66's bounds are ten times the usual
    result: scaled by them, the value head would learn a sliver of its range).

    Raises:
        OptionError: the game's returns are unbounded.
    """
    from garrison.core import OptionError

    lo, hi = float(game.min_utility), float(game.max_utility)
    if not (np.isfinite(lo) and np.isfinite(hi) and hi > lo):
        raise OptionError(f"{game.name}: training needs bounded returns (got {lo} to {hi})")
    if seen is None or not len(seen):
        return (hi - lo) / 2, (hi + lo) / 2
    shift = float(np.mean(seen))
    spread = float(np.max(np.abs(seen - shift)))
    return min((hi - lo) / 2, max(1.25 * spread, 1e-6)), shift


def save_model(net: PolicyValueNet, path: str | Path, game: Any, options: dict[str, Any],
               trained: dict[str, Any]) -> None:
    """Write ``net`` as a format-1 file for ``game`` trained on ``options`` (their typed
    values are kept), with ``trained`` (command, method, figures) in its metadata."""
    trunk, policy, value = net.arrays()
    meta = {
        "format": 1,
        "game": game.name,
        "options": {key: getattr(game.params, key) for key in options},
        "tensor_size": int(game.observation_tensor_shape[0]),
        "num_actions": int(game.num_distinct_actions),
        "value_scale": net.value_scale,
        "value_shift": net.value_shift,
        "trained": trained,
    }
    save_net(path, trunk, policy, value, meta)


__all__ = ["PolicyValueNet", "save_model", "value_range"]
