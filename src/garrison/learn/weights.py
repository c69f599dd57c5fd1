"""The learned network's file (format 1): save it, load it with every check, find the shipped one.

A net is a small MLP over one seat's observation tensor (``state.observation_tensor(seat)``): a
trunk of dense layers with ReLU, then two heads, the policy's logits over the game's
``num_distinct_actions`` and the seat's expected return ``tanh(h @ value_w + value_b) *
value_scale + value_shift``. It runs in C in ``garrison.core.net.Net``. The file is a NumPy
``.npz`` of float32 arrays:

* ``trunk_w0, trunk_b0, ..., trunk_w{k-1}, trunk_b{k-1}``: the trunk, ``W`` of shape (in, out);
* ``policy_w`` (h, A), ``policy_b`` (A,), ``value_w`` (h, 1), ``value_b`` (1,);
* ``meta``: a 0-d string array holding JSON with exactly the keys of ``META_KEYS``.

A shipped net lives in its game's folder, ``games/<game>/data/net-<key>.npz``; ``key`` names the
options it was trained on (``options_key``), and it plays a game whose options have those values
(docs/bots.md, "Learned bots: the network and its file").

>>> import numpy as np, tempfile, pathlib
>>> rng = np.random.default_rng(0)
>>> trunk = [(rng.normal(size=(4, 8)), np.zeros(8))]
>>> meta = {"game": "gambit", "options": {"players": 2}, "value_scale": 1.0,
...         "value_shift": 0.0, "trained": {}}
>>> path = pathlib.Path(tempfile.mkdtemp()) / "net.npz"
>>> save_net(path, trunk, (np.zeros((8, 3)), np.zeros(3)), (np.zeros((8, 1)), np.zeros(1)), meta)
>>> arrays, meta = load_net_arrays(path)
>>> sorted(arrays), meta["tensor_size"], meta["num_actions"]
(['policy_b', 'policy_w', 'trunk_b0', 'trunk_w0', 'value_b', 'value_w'], 4, 3)
>>> options_key({"players": 2, "mode": "coins"})
'mode_coins-players_2'
"""

from __future__ import annotations

import inspect
import json
import math
import os
import re
import zipfile
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from garrison.core.errors import RecordError
from garrison.core.files import write_whole

if TYPE_CHECKING:
    from garrison.core.game import Game

#: The file format this module writes and reads.
FORMAT = 1
#: The keys of ``meta``, each with what it holds.
META_KEYS: dict[str, str] = {
    "format": f"the file format, {FORMAT}",
    "game": "the game's registry name",
    "options": "the game options it was trained on (name -> value); it plays games with these",
    "tensor_size": "the length of the observation tensor it reads",
    "num_actions": "the game's num_distinct_actions (the policy head's width)",
    "value_scale": "a positive number: value = tanh(...) * value_scale + value_shift",
    "value_shift": "a number (see value_scale)",
    "trained": "free-form facts about the training: command, steps, seconds",
}
#: A pair of arrays (weights, bias).
Layer = tuple[Any, Any]

_TRUNK = re.compile(r"trunk_([wb])(\d+)")
_HEADS = ("policy_w", "policy_b", "value_w", "value_b")


def save_net(path: str | os.PathLike[str], trunk: Sequence[Layer], policy: Layer, value: Layer,
             meta: Mapping[str, Any]) -> None:
    """Write a net to ``path`` (format 1), all arrays as float32. ``meta`` needs ``game``,
    ``options``, ``value_scale``, ``value_shift`` and ``trained``; ``format``, ``tensor_size``
    and ``num_actions`` are filled in from the arrays when missing. The file is checked exactly
    as ``load_net_arrays`` checks it before anything is written, and written whole or not at all
    (its folder made where missing).

    Raises:
        RecordError: what ``load_net_arrays`` would refuse, named (nothing is written).
        OSError: the file cannot be written.
    """
    arrays: dict[str, np.ndarray] = {}
    for i, (w, b) in enumerate(trunk):
        arrays[f"trunk_w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"trunk_b{i}"] = np.asarray(b, dtype=np.float32)
    arrays["policy_w"], arrays["policy_b"] = (np.asarray(a, dtype=np.float32) for a in policy)
    arrays["value_w"], arrays["value_b"] = (np.asarray(a, dtype=np.float32) for a in value)
    full = dict(meta)
    full.setdefault("format", FORMAT)
    if arrays["policy_w"].ndim == 2:
        full.setdefault("num_actions", arrays["policy_w"].shape[1])
    first = arrays.get("trunk_w0", arrays["policy_w"])
    if first.ndim == 2:
        full.setdefault("tensor_size", first.shape[0])
    target = Path(path)
    check_net(arrays, full, str(target))
    try:
        text = json.dumps(full, sort_keys=True)
    except (TypeError, ValueError) as err:
        raise RecordError(f"{target}: meta cannot be written as JSON ({err}); allowed: "
                          "strings, numbers, booleans, lists and objects") from err
    contents: dict[str, Any] = {"meta": np.array(text), **arrays}
    target.parent.mkdir(parents=True, exist_ok=True)
    write_whole(target, lambda out: np.savez_compressed(out, **contents))


def load_net_arrays(path: str | os.PathLike[str]) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The arrays (name -> float32 array, ``meta`` taken out) and the meta of the net file at
    ``path``, after every check of the format (``check_net``).

    Raises:
        RecordError: the file is missing, unreadable, not an ``.npz`` of plain arrays, or breaks
            the format; the message names the file, what is wrong and what is allowed.
    """
    where = str(path)
    made = "a net file is an .npz of float32 arrays written by save_net"
    try:
        with open(path, "rb") as raw_file:
            head = raw_file.read(6)
        if head == b"\x93NUMPY":
            raise RecordError(f"{where}: is a single .npy array, not an .npz archive; {made}")
        if not zipfile.is_zipfile(path):
            raise RecordError(f"{where}: is not an .npz (zip) archive, or is cut short; {made}")
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except RecordError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise RecordError(f"{where}: cannot be read as a net file ({reason}); {made}") from err
    if "meta" not in arrays:
        raise RecordError(f"{where}: has no 'meta' array; a net file holds its meta as a 0-d "
                          "string array of JSON")
    raw = arrays.pop("meta")
    if not isinstance(raw, np.ndarray) or raw.ndim != 0 or raw.dtype.kind != "U":
        shown = (f"a {raw.dtype} array of shape {raw.shape}" if isinstance(raw, np.ndarray)
                 else "not an array")
        raise RecordError(f"{where}: 'meta' is {shown}; allowed: a 0-d string array of JSON")
    try:
        meta = json.loads(str(raw[()]))
    except json.JSONDecodeError as err:
        raise RecordError(f"{where}: 'meta' is not JSON ({err}); allowed: a JSON object with "
                          f"the keys {', '.join(META_KEYS)}") from err
    check_net(arrays, meta, where)
    return arrays, meta


def check_net(arrays: Mapping[str, Any], meta: Any, where: str = "net") -> None:
    """Check a net's arrays and meta against format 1 (see the module's docstring): the array
    names, their dtype (float32), shapes that chain from ``tensor_size`` through the trunk to the
    heads, finite values, and the meta's keys and types.

    Raises:
        RecordError: the first thing wrong, named with ``where`` and what is allowed.
    """
    _check_meta(meta, where)
    names = set(arrays)
    depth = len([n for n in names if n.startswith("trunk_w")])
    allowed = [f"trunk_{wb}{i}" for i in range(depth) for wb in "wb"] + list(_HEADS)
    missing = [n for n in allowed if n not in names]
    extra = sorted(names - set(allowed))
    shown = f"trunk_w0, trunk_b0, ..., trunk_w{depth - 1}, trunk_b{depth - 1}, " if depth else ""
    if missing or extra:
        wrong = "; ".join(part for part in (
            f"missing {', '.join(missing)}" if missing else "",
            f"unexpected {', '.join(extra)}" if extra else "") if part)
        raise RecordError(f"{where}: {wrong}; allowed arrays: {shown}"
                          f"{', '.join(_HEADS)} (and meta)")
    for name in allowed:
        a = arrays[name]
        if not isinstance(a, np.ndarray) or a.dtype != np.float32:
            kind = a.dtype if isinstance(a, np.ndarray) else type(a).__name__
            raise RecordError(f"{where}: array {name} is {kind}; allowed: float32")
    width = meta["tensor_size"]
    for i in range(depth):
        w, b = arrays[f"trunk_w{i}"], arrays[f"trunk_b{i}"]
        if w.ndim != 2 or w.shape[0] != width or w.shape[1] < 1:
            raise RecordError(f"{where}: trunk_w{i} has shape {w.shape}; it must be ({width}, "
                              "out) to take the " + ("tensor's" if i == 0 else f"trunk_w{i - 1}'s")
                              + f" {width} values")
        width = w.shape[1]
        if b.shape != (width,):
            raise RecordError(f"{where}: trunk_b{i} has shape {b.shape}; it must be ({width},)")
    actions = meta["num_actions"]
    need = {"policy_w": (width, actions), "policy_b": (actions,), "value_w": (width, 1),
            "value_b": (1,)}
    for name, shape in need.items():
        if arrays[name].shape != shape:
            raise RecordError(f"{where}: {name} has shape {arrays[name].shape}; it must be "
                              f"{shape} (the trunk's width {width}, {actions} actions)")
    for name in allowed:
        if not np.isfinite(arrays[name]).all():
            raise RecordError(f"{where}: array {name} holds NaN or infinity; allowed: finite "
                              "numbers")


def _check_meta(meta: Any, where: str) -> None:
    if not isinstance(meta, dict):
        raise RecordError(f"{where}: meta is {type(meta).__name__}; allowed: a JSON object with "
                          f"the keys {', '.join(META_KEYS)}")
    missing = [k for k in META_KEYS if k not in meta]
    extra = sorted(k for k in meta if k not in META_KEYS)
    if missing or extra:
        wrong = "; ".join(part for part in (
            f"missing {', '.join(missing)}" if missing else "",
            f"unexpected {', '.join(map(str, extra))}" if extra else "") if part)
        raise RecordError(f"{where}: meta keys: {wrong}; allowed: {', '.join(META_KEYS)} "
                          "(free-form facts go under 'trained')")
    if type(meta["format"]) is not int or meta["format"] != FORMAT:
        raise RecordError(f"{where}: format {meta['format']!r}; this version reads format "
                          f"{FORMAT} only")
    if not isinstance(meta["game"], str) or not meta["game"]:
        raise RecordError(f"{where}: meta 'game' is {meta['game']!r}; allowed: a game's name")
    options = meta["options"]
    if not isinstance(options, dict) or not all(
            isinstance(v, str | int | float | bool) for v in options.values()):
        raise RecordError(f"{where}: meta 'options' is {options!r}; allowed: an object of "
                          "option names to strings, numbers or booleans")
    for key in ("tensor_size", "num_actions"):
        if type(meta[key]) is not int or meta[key] < 1:
            raise RecordError(f"{where}: meta '{key}' is {meta[key]!r}; allowed: a positive "
                              "integer")
    for key in ("value_scale", "value_shift"):
        v = meta[key]
        if type(v) not in (int, float) or not math.isfinite(v):
            raise RecordError(f"{where}: meta '{key}' is {v!r}; allowed: a finite number")
    if meta["value_scale"] <= 0:
        raise RecordError(f"{where}: meta 'value_scale' is {meta['value_scale']!r}; allowed: "
                          "a positive number")
    if not isinstance(meta["trained"], dict):
        raise RecordError(f"{where}: meta 'trained' is {meta['trained']!r}; allowed: an object")


def options_key(options: Mapping[str, Any]) -> str:
    """The part of a shipped net's file name made from the options it was trained on: each
    ``name_value`` in name order, joined by ``-`` (letters and digits kept, anything else
    ``_``); ``""`` for none, so the file is ``net.npz``."""
    def clean(text: Any) -> str:
        return re.sub(r"[^a-z0-9]+", "_", str(text).lower()).strip("_")

    return "-".join(f"{clean(k)}_{clean(v)}" for k, v in sorted(options.items()))


def net_file_name(options: Mapping[str, Any]) -> str:
    """``net-<options_key>.npz``, or ``net.npz`` for a net trained on no particular options."""
    key = options_key(options)
    return f"net-{key}.npz" if key else "net.npz"


def data_dir(game: Game | type[Game]) -> Path:
    """The game's ``data/`` folder, beside the module that defines its ``Game`` class."""
    cls = game if isinstance(game, type) else type(game)
    return Path(inspect.getfile(cls)).resolve().parent / "data"


@lru_cache(maxsize=64)
def _shipped_meta(path: Path, stamp: float) -> dict[str, Any]:
    """A shipped file's meta (read once per process and version of the file)."""
    meta = load_net_arrays(path)[1]
    if path.name != net_file_name(meta["options"]):
        raise RecordError(f"{path}: a shipped net trained on the options {meta['options']} "
                          f"must be called {net_file_name(meta['options'])}")
    return meta


def shipped_net_path(game: Game, folder: Path | None = None) -> Path | None:
    """The net shipped for ``game`` in its ``data/`` folder (or in ``folder``), or None. A file
    ``net-<key>.npz`` plays the game when every option in its meta has the value the game has (options it does not name are free), and the tensor size and action
    count are the game's; of several, the one naming the most options, then the first by name.

    Raises:
        RecordError: a shipped file is broken, misnamed, for another game, or names an option
            the game lacks.
    """
    folder = data_dir(game) if folder is None else folder
    found: list[tuple[int, str, Path]] = []
    options = game.options
    for path in sorted(folder.glob("net*.npz")):
        meta = _shipped_meta(path, path.stat().st_mtime)
        if meta["game"] != game.name:
            raise RecordError(f"{path}: a net for {meta['game']} in the folder of {game.name}; "
                              f"a game's folder ships nets for that game only")
        unknown = [k for k in meta["options"] if k not in options]
        if unknown:
            raise RecordError(f"{path}: names options {', '.join(unknown)} that {game.name} does "
                              f"not have; its options: {', '.join(options)}")
        if (all(options[k] == v for k, v in meta["options"].items())
                and meta["tensor_size"] == game.observation_tensor_shape[0]
                and meta["num_actions"] == game.num_distinct_actions):
            found.append((-len(meta["options"]), path.name, path))
    return min(found)[2] if found else None


def shipped_nets() -> list[tuple[str, dict[str, Any]]]:
    """Every net shipped with a registered game: (game name, the options it names), by game.

    Raises:
        RecordError: a shipped file is broken or misnamed.
    """
    from garrison.core.registry import game_class, games

    out: list[tuple[str, dict[str, Any]]] = []
    for name in games():
        for path in sorted(data_dir(game_class(name)).glob("net*.npz")):
            out.append((name, dict(_shipped_meta(path, path.stat().st_mtime)["options"])))
    return out


__all__ = ["FORMAT", "META_KEYS", "check_net", "data_dir", "load_net_arrays", "net_file_name",
           "options_key", "save_net", "shipped_net_path", "shipped_nets"]
