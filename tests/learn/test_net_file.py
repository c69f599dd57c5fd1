"""The net's file (``garrison.learn.weights``): a save and load round trip, every broken file
refused with a ``RecordError`` that names the file, what is wrong and what is allowed, and the
rule that finds the net shipped for a game and its options."""

from __future__ import annotations

import json
import os
import stat
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from net_reference import random_net, save_random_net

import garrison
from garrison.core.errors import RecordError
from garrison.core.net import Net
from garrison.learn import weights
from garrison.learn.weights import (
    load_net_arrays,
    net_file_name,
    options_key,
    save_net,
    shipped_net_path,
)


def _layers(arrays: dict[str, np.ndarray]) -> tuple[Any, Any, Any]:
    depth = len([k for k in arrays if k.startswith("trunk_w")])
    trunk = [(arrays[f"trunk_w{i}"], arrays[f"trunk_b{i}"]) for i in range(depth)]
    return trunk, (arrays["policy_w"], arrays["policy_b"]), (arrays["value_w"], arrays["value_b"])


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    game = garrison.load("solo66")
    arrays, meta = random_net(game, np.random.default_rng(1), value_scale=3.0, value_shift=-1.0)
    meta["trained"] = {"command": "garrison learn solo66", "steps": 12, "seconds": 3.5}
    path = tmp_path / "net.npz"
    save_net(path, *_layers(arrays), {k: v for k, v in meta.items()
                                      if k not in ("format", "tensor_size", "num_actions")})
    loaded, loaded_meta = load_net_arrays(path)
    assert loaded_meta == meta
    assert sorted(loaded) == sorted(arrays)
    for name, array in arrays.items():
        assert loaded[name].dtype == np.float32
        np.testing.assert_array_equal(loaded[name], array)
    x = game.new_initial_state().observation_tensor(0)
    direct, from_file = Net.from_arrays(arrays, meta), Net.load(path)
    assert from_file.meta == meta and from_file.sizes == direct.sizes
    for a, b in zip(from_file.forward(x), direct.forward(x)):
        np.testing.assert_array_equal(a, b)
    assert (from_file.value_scale, from_file.value_shift) == (3.0, -1.0)


def test_a_saved_net_is_readable_by_all_as_a_plain_file_is(tmp_path: Path) -> None:
    """A net is package data: written through a temporary file, it still gets the mode
    ``open()`` would give (mkstemp's 0600 would leave a shipped net unreadable to others)."""
    arrays, meta = random_net(garrison.load("gambit", players=2), np.random.default_rng(0))
    previous = os.umask(0o022)
    try:
        save_net(tmp_path / "n.npz", *_layers(arrays), meta)
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "n.npz").stat().st_mode) == 0o644


def test_save_converts_to_float32(tmp_path: Path) -> None:
    arrays, meta = random_net(garrison.load("gambit", players=2), np.random.default_rng(0))
    trunk, policy, value = _layers({k: v.astype(np.float64) for k, v in arrays.items()})
    save_net(tmp_path / "n.npz", trunk, policy, value, meta)
    loaded, _ = load_net_arrays(tmp_path / "n.npz")
    assert all(a.dtype == np.float32 for a in loaded.values())


# -- broken files ----------------------------------------------------------------------------

def _good() -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    return random_net(garrison.load("gambit", players=2), np.random.default_rng(0), hidden=(8, 4))


def _write(path: Path, arrays: dict[str, Any], meta: Any) -> None:
    """Write the arrays and meta as they are, past ``save_net``'s checks."""
    extra = {} if meta is None else {"meta": np.array(json.dumps(meta))}
    with open(path, "wb") as out:
        np.savez(out, **arrays, **extra)


def _edit(change: Callable[[dict[str, Any], dict[str, Any]], Any]) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        arrays, meta = _good()
        change(arrays, meta)
        _write(path, arrays, meta)
    return make


def _raw(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _truncated(path: Path) -> None:
    arrays, meta = _good()
    _write(path, arrays, meta)
    path.write_bytes(path.read_bytes()[:300])


def _single_array(path: Path) -> None:
    with open(path, "wb") as out:
        np.save(out, np.zeros(3, np.float32))


def _meta_as(value: Any) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        arrays, _ = _good()
        with open(path, "wb") as out:
            np.savez(out, **arrays, meta=value)
    return make


def _object_array(path: Path) -> None:
    arrays, meta = _good()
    arrays["policy_b"] = np.array([{"a": 1}], dtype=object)
    with open(path, "wb") as out:
        np.savez(out, **arrays, meta=np.array(json.dumps(meta)))


def _zip_member(name: str, data: bytes) -> Callable[[Path], None]:
    """A good file (its meta left out when the member is the meta) with one more zip member
    that is not a .npy array."""
    def make(path: Path) -> None:
        arrays, meta = _good()
        _write(path, arrays, None if name == "meta" else meta)
        with zipfile.ZipFile(path, "a") as z:
            z.writestr(name, data)
    return make


def _set(key: str, value: Any) -> Callable[[dict[str, Any], dict[str, Any]], None]:
    return lambda arrays, meta: meta.__setitem__(key, value)


BROKEN: dict[str, tuple[Callable[[Path], None], str]] = {
    "garbage bytes": (_raw(b"not a zip at all"), r"is not an \.npz \(zip\) archive, or is cut "
                      r"short; a net file is an \.npz of float32 arrays written by save_net"),
    "empty file": (_raw(b""), r"is not an \.npz \(zip\) archive"),
    "truncated": (_truncated, r"is not an \.npz \(zip\) archive, or is cut short"),
    "a single array": (_single_array, r"is a single \.npy array, not an \.npz archive"),
    "pickled object array": (_object_array, r"cannot be read as a net file \(Object arrays "
                             r"cannot be loaded"),
    "no meta": (lambda path: _write(path, _good()[0], None), r"has no 'meta' array; a net file "
                r"holds its meta as a 0-d string array of JSON"),
    "meta not JSON": (_meta_as(np.array("{not json")), r"'meta' is not JSON"),
    "meta not a string": (_meta_as(np.zeros(2, np.float32)), r"'meta' is a float32 array.*"
                          r"allowed: a 0-d string array"),
    "meta not an array": (_zip_member("meta", b"{}"), r"'meta' is not an array"),
    "a member that is no array": (_zip_member("notes.txt", b"hello"), r"unexpected notes\.txt"),
    "meta a list": (_meta_as(np.array("[1, 2]")), r"meta is list; allowed: a JSON object"),
    "missing meta key": (_edit(lambda a, m: m.pop("value_scale")),
                         r"meta keys: missing value_scale; allowed: format, game"),
    "unexpected meta key": (_edit(_set("notes", "x")),
                            r"unexpected notes; allowed: .*free-form facts go under 'trained'"),
    "format 2": (_edit(_set("format", 2)), r"format 2; this version reads format 1 only"),
    "format as text": (_edit(_set("format", "1")), r"format '1'; this version reads format 1"),
    "no game": (_edit(_set("game", "")), r"meta 'game' is ''; allowed: a game's name"),
    "options a list": (_edit(_set("options", [1])), r"meta 'options' is \[1\]; allowed"),
    "tensor size zero": (_edit(_set("tensor_size", 0)), r"'tensor_size' is 0; allowed: a "
                         r"positive integer"),
    "actions a float": (_edit(_set("num_actions", 7.0)), r"'num_actions' is 7.0; allowed"),
    "scale negative": (_edit(_set("value_scale", -1.0)), r"'value_scale' is -1.0; allowed: a "
                       r"positive number"),
    "shift NaN": (_edit(_set("value_shift", float("nan"))), r"'value_shift' is nan; allowed: a "
                  r"finite number"),
    "trained a string": (_edit(_set("trained", "yes")), r"'trained' is 'yes'; allowed: an "
                         r"object"),
    "tensor size of another layout": (_edit(_set("tensor_size", 51)),
                                      r"trunk_w0 has shape \(37, 8\); it must be \(51, out\)"),
    "missing policy bias": (_edit(lambda a, m: a.pop("policy_b")),
                            r"missing policy_b; allowed arrays: trunk_w0, trunk_b0, \.\.\., "
                            r"trunk_w1, trunk_b1, policy_w"),
    "extra array": (_edit(lambda a, m: a.__setitem__("head2", np.zeros(2, np.float32))),
                    r"unexpected head2; allowed arrays"),
    "a gap in the trunk": (_edit(lambda a, m: (a.__setitem__("trunk_w2", a.pop("trunk_w1")),
                                               a.__setitem__("trunk_b2", a.pop("trunk_b1")))),
                           r"missing trunk_w1, trunk_b1; unexpected trunk_b2, trunk_w2"),
    "float64": (_edit(lambda a, m: a.__setitem__("trunk_w1", a["trunk_w1"].astype(np.float64))),
                r"array trunk_w1 is float64; allowed: float32"),
    "layers that do not chain": (_edit(lambda a, m: a.__setitem__(
        "trunk_w1", np.zeros((5, 4), np.float32))), r"trunk_w1 has shape \(5, 4\); it must be "
        r"\(8, out\) to take the trunk_w0's 8 values"),
    "a bias of the wrong width": (_edit(lambda a, m: a.__setitem__(
        "trunk_b0", np.zeros(9, np.float32))), r"trunk_b0 has shape \(9,\); it must be \(8,\)"),
    "policy of the wrong width": (_edit(lambda a, m: a.__setitem__(
        "policy_w", np.zeros((4, 6), np.float32))), r"policy_w has shape \(4, 6\); it must be "
        r"\(4, 7\)"),
    "value head of two": (_edit(lambda a, m: a.__setitem__(
        "value_w", np.zeros((4, 2), np.float32))), r"value_w has shape \(4, 2\); it must be "
        r"\(4, 1\)"),
    "NaN weight": (_edit(lambda a, m: a["trunk_w0"].__setitem__((3, 2), np.nan)),
                   r"array trunk_w0 holds NaN or infinity; allowed: finite numbers"),
    "infinite bias": (_edit(lambda a, m: a["value_b"].__setitem__(0, np.inf)),
                      r"array value_b holds NaN or infinity"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_file_is_refused_naming_it_and_what_is_allowed(tmp_path: Path,
                                                                case: str) -> None:
    make, message = BROKEN[case]
    path = tmp_path / "broken.npz"
    make(path)
    before = path.read_bytes()
    with pytest.raises(RecordError, match=message) as err:
        load_net_arrays(path)
    assert str(path) in str(err.value)
    with pytest.raises(RecordError, match=message):
        Net.load(path)
    assert path.read_bytes() == before  # reading changes nothing


def test_a_missing_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"nowhere\.npz: cannot be read as a net file \(No such "
                       r"file or directory\)"):
        load_net_arrays(tmp_path / "nowhere.npz")


def test_from_arrays_checks_as_the_file_does() -> None:
    arrays, meta = _good()
    arrays["policy_b"] = arrays["policy_b"][:3]
    with pytest.raises(RecordError, match=r"net arrays: policy_b has shape \(3,\)"):
        Net.from_arrays(arrays, meta)


def test_a_refused_save_writes_nothing_and_keeps_the_old_file(tmp_path: Path) -> None:
    game = garrison.load("gambit", players=2)
    path = save_random_net(tmp_path / "net.npz", game)
    before = path.read_bytes()
    arrays, meta = random_net(game, np.random.default_rng(9))
    arrays["trunk_w1"][0, 0] = np.nan
    with pytest.raises(RecordError, match="trunk_w1 holds NaN"):
        save_net(path, *_layers(arrays), meta)
    meta["trained"] = {"when": object()}
    arrays["trunk_w1"][0, 0] = 0.0
    with pytest.raises(RecordError, match="meta cannot be written as JSON"):
        save_net(path, *_layers(arrays), meta)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["net.npz"]  # no temporary left


def test_a_net_file_is_a_zip_of_float32_arrays_and_a_json_meta(tmp_path: Path) -> None:
    path = save_random_net(tmp_path / "net.npz", garrison.load("scopa"))
    with zipfile.ZipFile(path) as z:
        names = sorted(z.namelist())
    assert names == sorted(f"{n}.npy" for n in (
        "meta", "trunk_w0", "trunk_b0", "trunk_w1", "trunk_b1", "policy_w", "policy_b",
        "value_w", "value_b"))
    with np.load(path, allow_pickle=False) as data:
        assert json.loads(str(data["meta"]))["format"] == 1


# -- the shipped net -------------------------------------------------------------------------

def test_each_shipped_net_is_found_for_its_game_and_options() -> None:
    """The nets in the games' folders: each is the one ``shipped_net_path`` finds for the
    game with its default options, and none for options it was not trained on."""
    for name in garrison.games():
        path = shipped_net_path(garrison.load(name))
        if name == "stratego":
            assert path is None
            continue
        assert path is not None and path.parent.name == "data"
        assert path.name == net_file_name(load_net_arrays(path)[1]["options"])
    assert shipped_net_path(garrison.load("scopa", players=2)) is None


def test_file_names_come_from_the_options() -> None:
    assert options_key({}) == ""
    assert net_file_name({}) == "net.npz"
    assert net_file_name({"players": 4, "deal": "scopone10"}) == (
        "net-deal_scopone10-players_4.npz")
    assert net_file_name({"prize": "major blessing", "rebuy": False}) == (
        "net-prize_major_blessing-rebuy_false.npz")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for the games' data folders: ``data / <game>``."""
    for name in garrison.games():
        (tmp_path / name).mkdir()
    monkeypatch.setattr(weights, "data_dir", lambda game: tmp_path / game.name)
    return tmp_path


def test_a_shipped_net_plays_the_options_it_names(data: Path) -> None:
    scopone = {"players": 4, "deal": "scopone"}
    data = data / "scopa"
    save_random_net(data / net_file_name(scopone), garrison.load("scopa", **scopone),
                    options=scopone)
    assert shipped_net_path(garrison.load("scopa", **scopone)) == data / "net-deal_scopone-players_4.npz"
    assert shipped_net_path(garrison.load("scopa", **scopone, target=3)) is not None  # not named
    assert shipped_net_path(garrison.load("scopa", players=4)) is None  # deal differs
    assert shipped_net_path(garrison.load("gambit", players=4)) is None  # another game
    save_random_net(data / "net.npz", garrison.load("scopa", players=4), options={})
    assert shipped_net_path(garrison.load("scopa", players=4)) == data / "net.npz"
    # the net naming the most options comes first
    assert shipped_net_path(garrison.load("scopa", **scopone)).name == "net-deal_scopone-players_4.npz"
    # a net of the right options but another layout does not play
    assert shipped_net_path(garrison.load("scopa", players=2)) is None


def test_a_misnamed_or_foreign_shipped_net_is_an_error(data: Path) -> None:
    game = garrison.load("gambit", players=2)
    data = data / "gambit"
    save_random_net(data / "net-players_3.npz", game, options={"players": 2})
    with pytest.raises(RecordError, match="must be called net-players_2.npz"):
        shipped_net_path(game)
    (data / "net-players_3.npz").unlink()
    save_random_net(data / "net-colour_red.npz", game, options={"colour": "red"})
    with pytest.raises(RecordError, match="names options colour that gambit does not have"):
        shipped_net_path(game)
    (data / "net-colour_red.npz").unlink()
    save_random_net(data / "net-players_4.npz", garrison.load("scopa"), options={"players": 4})
    with pytest.raises(RecordError, match="a net for scopa in the folder of gambit"):
        shipped_net_path(game)
