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

#: The oracle module of each game here, by the game's registered name.
MODULES = {"scopa": "scopa", "gambit": "gambit", "1848": "revolution1848",
           "soldateska": "soldateska", "solo66": "solo66", "stratego": "stratego"}


def encode(game: garrison.Game, obs: dict[str, Any]) -> np.ndarray:
    """The tensor of ``obs`` as ``game``'s oracle here encodes it; a game without one here (a
    game on Python rules, a new game that keeps its own encoder) is its own oracle,
    ``game.encode_observation``."""
    if game.name not in MODULES:
        return game.encode_observation(obs)
    return import_module(f"{__name__}.{MODULES[game.name]}").encode(game, obs)
