"""Python encoders of each game's observation tensor, kept as test oracles: the compiled rules
encode the tensor from the typed state (``_encode``), and the conformance suite holds it equal to
the encoding of ``observation(seat)`` made here from the observation alone (so the tensor shows
nothing the gate does not). Each module writes the parts its game's ``layout`` names, by name.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import numpy as np

import garrison

#: The oracle module of each game, by the game's registered name.
MODULES = {"scopa": "scopa", "gambit": "gambit", "1848": "revolution1848",
           "soldateska": "soldateska", "solo66": "solo66", "stratego": "stratego"}


def encode(game: garrison.Game, obs: dict[str, Any]) -> np.ndarray:
    """The tensor of ``obs`` as ``game``'s oracle encodes it. Raises ``KeyError`` for a game
    without an oracle (a new game adds its module here)."""
    module = import_module(f"{__name__}.{MODULES[game.name]}")
    return module.encode(game, obs)
