"""Which network plays a game: the one in ``$GARRISON_NETS/<game>/`` if that is set, else the one
shipped in the game's ``data/`` folder, chosen by the game's options (``weights.shipped_net_path``).

``GARRISON_NETS`` is for a researcher's own nets (``garrison train --out
DIR/<game>/net-<options>.npz``): a process started with it set plays them in place of the
shipped ones, its arena workers included. It is read from the environment, never from a bot's
name, so a name a player types cannot point the server at a file.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from garrison.core import Game, OptionError
from garrison.core.net import Net

from .weights import shipped_net_path, shipped_nets

#: The environment variable naming a folder of nets (one subfolder per game) to play instead.
NETS_ENV = "GARRISON_NETS"


def net_path(game: Game) -> Path | None:
    """The file of the network for ``game`` and its options, or None.

    Raises:
        RecordError: a file that would be read is broken, misnamed or for another game.
    """
    folder = os.environ.get(NETS_ENV)
    if folder:
        own = Path(folder) / game.name
        if own.is_dir():
            found = shipped_net_path(game, own)
            if found is not None:
                return found
    return shipped_net_path(game)


@lru_cache(maxsize=32)
def _load(path: Path, stamp: float) -> Net:
    return Net.load(path)


def net_for(game: Game) -> Net | None:
    """The network for ``game`` (loaded once per process and version of its file), or None.

    Raises:
        RecordError: its file is broken.
    """
    path = net_path(game)
    if path is None:
        return None
    net = _load(path, path.stat().st_mtime)
    net.check_game(game)
    return net


def game_net(game: Game) -> Net:
    """The network for ``game``, as ``net_for`` finds it.

    Raises:
        OptionError: there is none for this game and its options (the message names the games
            that have one and how to point at one's own).
        RecordError: its file is broken.
    """
    net = net_for(game)
    if net is None:
        have = [f"{name} ({', '.join(f'{k}={v}' for k, v in sorted(opts.items())) or 'any'})"
                for name, opts in shipped_nets()]
        shipped = f"shipped: {'; '.join(have)}" if have else "none is shipped yet"
        raise OptionError(f"no learned network for {game.name} with these options ({shipped}); "
                          f"set {NETS_ENV} to a folder holding <game>/net-<options>.npz "
                          f"(garrison train --out)")
    return net


__all__ = ["NETS_ENV", "game_net", "net_for", "net_path"]
