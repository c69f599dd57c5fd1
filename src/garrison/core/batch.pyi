"""Type stub of the compiled batched engine (see batch.pyx)."""

from collections.abc import Sequence
from typing import Any

import numpy as np

from .bot import Bot, BotMaker
from .compiled import CompiledState

def default_threads() -> int: ...
def random_legal(legal: np.ndarray, start: np.ndarray, rng: np.random.Generator) -> np.ndarray: ...

class CompiledTables:
    states: list[CompiledState]
    rngs: list[np.random.Generator]
    @property
    def bots(self) -> list[dict[int, Bot]]: ...
    @property
    def pool_use(self) -> tuple[int, int]: ...
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
    def sync_bots(self) -> None: ...
    def step(
        self, actions: np.ndarray, hold: np.ndarray | None, lose: bool,
        episode_returns: np.ndarray,
    ) -> tuple[np.ndarray, ...]: ...
    def view(self) -> tuple[np.ndarray, ...]: ...
    def final_view(self, data: np.ndarray, seat: int) -> np.ndarray: ...
    def final_state(self, data: np.ndarray) -> CompiledState: ...
    def restart(self, i: int, rng: np.random.Generator | None = None) -> None: ...
