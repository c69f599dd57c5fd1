"""Type stub of the compiled batched engine (see batch.pyx)."""

from collections.abc import Sequence
from typing import Any

import numpy as np

from .compiled import CompiledState

class CompiledTables:
    states: list[CompiledState]
    num_envs: int
    num_players: int
    tensor_size: int
    num_actions: int
    def __init__(self, game: Any, seeds: Sequence[int | None], observe_all: bool) -> None: ...
    def is_legal(self, actions: np.ndarray) -> np.ndarray: ...
    def step(
        self, actions: np.ndarray, legal: np.ndarray, rewards: np.ndarray,
        terminated: np.ndarray, min_utility: float,
    ) -> None: ...
    def collect(
        self, obs: np.ndarray, mask: np.ndarray, to_move: np.ndarray, start: np.ndarray
    ) -> np.ndarray: ...
