"""Type stub of the compiled batched engine (see batch.pyx)."""

from collections.abc import Sequence
from typing import Any

import numpy as np

from .bot import Bot, BotMaker
from .compiled import CompiledState

def default_threads() -> int: ...

class CompiledTables:
    states: list[CompiledState]
    rngs: list[np.random.Generator]
    @property
    def bots(self) -> list[dict[int, Bot]]: ...
    finished: list[tuple[int, CompiledState]]
    num_envs: int
    num_players: int
    tensor_size: int
    num_actions: int
    threads: int
    def __init__(
        self, game: Any, rngs: Sequence[np.random.Generator], observe_all: bool,
        new_bots: BotMaker | None = None,
        states: list[CompiledState] | None = None, bots: list[dict[int, Bot]] | None = None,
        threads: int | None = None,
    ) -> None: ...
    def is_legal(self, actions: np.ndarray) -> np.ndarray: ...
    def sync_bots(self) -> None: ...
    def step(
        self, actions: np.ndarray, legal: np.ndarray, rewards: np.ndarray,
        terminated: np.ndarray, min_utility: float, hold: np.ndarray | None = None,
    ) -> None: ...
    def restart(self, i: int, rng: np.random.Generator | None = None) -> None: ...
    def collect(
        self, obs: np.ndarray, mask: np.ndarray, to_move: np.ndarray, start: np.ndarray
    ) -> np.ndarray: ...
