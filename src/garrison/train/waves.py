"""A folder that keeps expert iteration's games as they are played (``garrison train
--expert-keep DIR``): each wave of games is saved when it finishes, so a long run stopped by
hand, or one that failed later, goes on where it stopped instead of playing its games again.

The folder holds ``run.json`` (the game, its options, the search bot and the seed: the games a
wave stands for) and ``wave_<first game>.npz`` per wave, each with the arrays
``expert._one_game`` gives, concatenated over the wave's games. A folder of another run, or a
wave file that is not one, is refused with the path and what is wrong; nothing in it is changed.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from garrison.core import OptionError, RecordError
from garrison.core.files import write_whole

#: What a wave holds: name -> (dtype, rank); a second axis is the tensor's or the actions'.
_ARRAYS: dict[str, tuple[type, int]] = {
    "obs": (np.float32, 2), "mask": (np.bool_, 2), "action": (np.int64, 1),
    "returns": (np.float32, 1), "policy": (np.float32, 2),
}
RUN_FILE = "run.json"


class WaveStore:
    """The waves of one expert run in ``folder`` (made if missing).

    Raises:
        OptionError: the folder holds another run's waves, or files that are not a run's.
        RecordError: its ``run.json`` cannot be read.
    """

    folder: Path
    run: dict[str, Any]
    tensor_size: int
    num_actions: int

    def __init__(self, folder: str | os.PathLike[str], run: dict[str, Any], tensor_size: int,
                 num_actions: int) -> None:
        self.folder = Path(folder)
        self.run = {"format": 1, **run}
        self.tensor_size, self.num_actions = tensor_size, num_actions
        path = self.folder / RUN_FILE
        if path.exists():
            try:
                kept = json.loads(path.read_text())
            except (OSError, ValueError) as err:
                raise RecordError(f"{path}: not a run's description ({err})") from err
            if kept != self.run:
                raise OptionError(f"--expert-keep: {self.folder} holds the games of another run "
                                  f"({kept}); this run is {self.run}: give a new or empty folder")
            return
        if self.folder.exists() and any(self.folder.iterdir()):
            raise OptionError(f"--expert-keep: {self.folder} is not empty and has no {RUN_FILE}: "
                              "give a new or empty folder, or one of this run")
        self.folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.run, sort_keys=True))

    def path(self, first: int) -> Path:
        return self.folder / f"wave_{first:06d}.npz"

    def get(self, first: int) -> dict[str, np.ndarray] | None:
        """The wave whose first game is ``first``, or None where it was not kept.

        Raises:
            RecordError: the file is not such a wave (named, with what is wrong).
        """
        path = self.path(first)
        if not path.exists():
            return None
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as err:
            raise RecordError(f"{path}: not a wave of games ({err})") from err
        self._check(path, arrays)
        return arrays

    def put(self, first: int, arrays: dict[str, np.ndarray]) -> None:
        """Keep a wave, whole or not at all."""
        contents: dict[str, Any] = dict(arrays)
        write_whole(self.path(first), lambda out: np.savez(out, **contents))

    def _check(self, path: Path, arrays: dict[str, np.ndarray]) -> None:
        if set(arrays) != set(_ARRAYS):
            raise RecordError(f"{path}: arrays {sorted(arrays)}; a wave holds exactly "
                              f"{sorted(_ARRAYS)}")
        rows = len(arrays["action"])
        widths = {"obs": self.tensor_size, "mask": self.num_actions, "policy": self.num_actions}
        for name, (dtype, rank) in _ARRAYS.items():
            array = arrays[name]
            shape = (rows, widths[name]) if rank == 2 else (rows,)
            if array.dtype != dtype or array.shape != shape:
                raise RecordError(f"{path}: {name} is {array.dtype} of shape {array.shape}; "
                                  f"this run's is {np.dtype(dtype)} of shape {shape}")


__all__ = ["RUN_FILE", "WaveStore"]
