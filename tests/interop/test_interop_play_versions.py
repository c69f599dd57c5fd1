"""Versioned ids mean something: a game's seeded play is held by a digest per game and version
(``fixtures/play_digests.json``), so play that changes (a rules correction, another order of
chance, the default opponents' draws) fails here, naming the game, until its version moves; the env ids carry that version,
and CHANGELOG.md names every current id (so a moved version gets its entry saying why).

To record the digest of a new version: ``GARRISON_RECORD_DIGESTS=1 pytest
tests/interop/test_interop_play_versions.py`` (it writes only versions that have none yet).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import garrison
from garrison.interop import env_id
from garrison.interop import gymnasium as gym_env
from garrison.interop import pettingzoo as pz

ROOT = Path(__file__).resolve().parents[2]
DIGESTS = Path(__file__).parent / "fixtures" / "play_digests.json"
#: Seeds of the random games each configuration plays.
SEEDS = (0, 1, 2)


def play_digest(name: str, configs: list[dict]) -> str:
    """sha256 over seeded random games of ``name``: each configuration of ``configs``, each
    seed of ``SEEDS`` (the env's chance and the actions' draws both seeded), played through the
    PettingZoo environment (every seat's actions drawn) and through the Gymnasium environment
    (seat 0's drawn, the others' its default opponents'): each game's whole history (chance
    outcomes included) and returns."""
    h = hashlib.sha256()
    for config in configs:
        for seed in SEEDS:
            env = pz.raw_env(name, **config)
            env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            state = env.garrison_state
            while not state.is_terminal():
                legal = state.legal_actions()
                env.step(int(legal[int(rng.integers(len(legal)))]))
            _add(h, {"config": sorted(config.items()), "seed": seed}, state)
            single = gym_env.env(name, **config)
            _, info = single.reset(seed=seed)
            rng = np.random.default_rng(seed)
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _, _, terminated, truncated, info = single.step(
                    int(legal[int(rng.integers(len(legal)))]))
                done = terminated or truncated
            _add(h, {"config": sorted(config.items()), "seed": seed, "env": "gymnasium"},
                 single.garrison_state)
    return h.hexdigest()


def _add(h: Any, key: dict, state: garrison.State) -> None:
    """Add a finished game's history and returns to the digest ``h``, under ``key``."""
    record = {**key, "history": [int(a) for a in state.history()],
              "returns": [round(float(r), 9) for r in state.returns()]}
    h.update(json.dumps(record, sort_keys=True).encode())


def _stored() -> dict[str, dict[str, dict]]:
    """``{game: {version: {"configs": [...], "sha256": digest}}}``: the configurations are
    stored with the digest, so that a test configuration added to a game changes nothing here."""
    return json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}


@pytest.mark.parametrize("name", garrison.games())
def test_seeded_play_is_the_versions_play(name):
    version = str(garrison.game_class(name).version)
    stored = _stored()
    known = stored.get(name, {})
    if version not in known and os.environ.get("GARRISON_RECORD_DIGESTS"):
        configs = [dict(c) for c in garrison.game_class(name).test_configs]
        stored.setdefault(name, {})[version] = {"configs": configs,
                                                "sha256": play_digest(name, configs)}
        DIGESTS.write_text("{\n" + ",\n".join(  # one game a line
            f" {json.dumps(game)}: {json.dumps(stored[game], sort_keys=True)}"
            for game in sorted(stored)) + "\n}\n")
        known = stored[name]
    assert version in known, (
        f"{name} is at version {version}, which has no recorded play: record it "
        f"(GARRISON_RECORD_DIGESTS=1) and say in CHANGELOG.md why the version moved")
    digest = play_digest(name, known[version]["configs"])
    assert known[version]["sha256"] == digest, (
        f"seeded play of {name} changed without a version bump: version {version} played "
        f"{known[version]['sha256'][:12]}…, now {digest[:12]}…; raise {name}'s version (its "
        f"Game class), record the new play and say why in CHANGELOG.md")


def test_the_digest_sees_a_change_of_play():
    """The digest is of the play itself: another seed list gives another digest."""
    global SEEDS
    configs = [{"players": 2}]
    before = play_digest("gambit", configs)
    saved, SEEDS = SEEDS, (0, 1, 3)
    try:
        assert play_digest("gambit", configs) != before
    finally:
        SEEDS = saved
    assert play_digest("gambit", configs) == before
    assert play_digest("gambit", [{"players": 3}]) != before


@pytest.mark.parametrize("name", garrison.games())
def test_the_ids_carry_the_version_and_the_changelog_names_them(name):
    version = str(garrison.game_class(name).version)
    gid = env_id(name)
    assert gid == f"garrison/{name}-v{version}"
    assert pz.raw_env(name).metadata["name"] == f"garrison_{name}_v{version}"
    assert f"`{gid}`" in (ROOT / "CHANGELOG.md").read_text(), f"CHANGELOG.md does not name {gid}"


def test_openspiels_long_name_carries_the_version():
    import pyspiel

    from garrison.interop.openspiel import register

    register(["scopa"])
    game = pyspiel.load_game("garrison_scopa")
    assert game.get_type().long_name.endswith(f"v{garrison.game_class('scopa').version}")
