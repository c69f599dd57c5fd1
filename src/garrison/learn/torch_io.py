"""A saved network (file format 1) loaded back into PyTorch, to train on from where it stopped."""

from __future__ import annotations

from pathlib import Path

import torch
from torch import nn

from garrison.core import OptionError

from .model import PolicyValueNet
from .weights import load_net_arrays


def load_into(net: PolicyValueNet, path: str | Path) -> None:
    """Copy the weights saved at ``path`` into ``net``.

    Raises:
        RecordError: the file is not a network (from ``load_net_arrays``).
        OptionError: its layers' shapes are not ``net``'s.
    """
    arrays, _meta = load_net_arrays(path)
    linears = [layer for layer in net.trunk if isinstance(layer, nn.Linear)]
    pairs = [(f"trunk_w{k}", f"trunk_b{k}", layer) for k, layer in enumerate(linears)]
    pairs += [("policy_w", "policy_b", net.policy), ("value_w", "value_b", net.value)]
    saved = sum(1 for key in arrays if key.startswith("trunk_w"))
    if saved != len(linears):
        raise OptionError(f"{path}: the saved network has {saved} hidden layers, this one {len(linears)}")
    with torch.no_grad():
        for wkey, bkey, layer in pairs:
            weight = torch.from_numpy(arrays[wkey].T.copy())
            if tuple(weight.shape) != tuple(layer.weight.shape):
                raise OptionError(f"{path}: {wkey} is {tuple(arrays[wkey].shape)}, this network's "
                                  f"is {tuple(layer.weight.shape[::-1])}")
            layer.weight.copy_(weight)
            layer.bias.copy_(torch.from_numpy(arrays[bkey]))


__all__ = ["load_into"]
