"""The import contracts ``make lint`` checks (pyproject.toml, ``[tool.importlinter]``) cover every
game: the independence contract names exactly the packages the entry points register, so a new
game cannot go unchecked."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_independence_contract_names_every_registered_game_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    registered = {value.split(":")[0]
                  for value in config["project"]["entry-points"]["garrison.games"].values()}
    contracts = config["tool"]["importlinter"]["contracts"]
    independence = [c for c in contracts if c["type"] == "independence"]
    assert len(independence) == 1, "one contract keeps the games apart"
    assert set(independence[0]["modules"]) == registered
    assert len(independence[0]["modules"]) == len(registered)
    # and every game package sits in the games layer of the layers contract
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    assert "garrison.games" in layers
    assert all(package.startswith("garrison.games.") for package in registered)
