"""A saved network (file format 1) back in PyTorch, to train on from where it stopped."""

from __future__ import annotations

from pathlib import Path

import torch

from garrison.learn.weights import load_net_arrays

from .model import PolicyValueNet


def load_model(path: str | Path) -> tuple[PolicyValueNet, dict[str, object]]:
    """The network saved at ``path``, as a PyTorch module with its value units, and its meta.

    Raises:
        RecordError: the file is not a network (every check of ``load_net_arrays``).
    """
    arrays, meta = load_net_arrays(path)
    depth = sum(1 for key in arrays if key.startswith("trunk_w"))
    hidden = tuple(int(arrays[f"trunk_w{k}"].shape[1]) for k in range(depth))
    net = PolicyValueNet(int(meta["tensor_size"]), int(meta["num_actions"]), hidden,
                         value_scale=float(meta["value_scale"]),
                         value_shift=float(meta["value_shift"]))
    layers = [layer for layer in net.trunk if isinstance(layer, torch.nn.Linear)]
    pairs = [(f"trunk_w{k}", f"trunk_b{k}", layer) for k, layer in enumerate(layers)]
    pairs += [("policy_w", "policy_b", net.policy), ("value_w", "value_b", net.value)]
    with torch.no_grad():
        for wkey, bkey, layer in pairs:
            layer.weight.copy_(torch.from_numpy(arrays[wkey].T.copy()))
            layer.bias.copy_(torch.from_numpy(arrays[bkey]))
    return net, meta


__all__ = ["load_model"]
