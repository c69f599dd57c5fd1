"""The ``learn`` extra holds what OpenSpiel's PyTorch agents import (beyond OpenSpiel's own
dependencies), each with a lower bound."""

from __future__ import annotations

import ast
import importlib
import importlib.metadata as md
import re
import sys
import tomllib
from pathlib import Path

import open_spiel

ROOT = Path(__file__).resolve().parents[2]
PYTORCH = Path(open_spiel.__file__).parent / "python" / "pytorch"


def _requirement_names(requirements: list[str]) -> dict[str, str]:
    """``{normalised name: requirement}``."""
    out = {}
    for req in requirements:
        name = re.split(r"[<>=!~;\[ ]", req, maxsplit=1)[0]
        out[re.sub(r"[-_.]+", "-", name).lower()] = req
    return out


def _third_party_imports() -> set[str]:
    """Top-level modules imported by open_spiel/python/pytorch/*.py (tests left out), other than
    the standard library, OpenSpiel and pyspiel."""
    mods: set[str] = set()
    for path in PYTORCH.glob("*.py"):
        if path.name.endswith("_test.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                mods.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                mods.add(node.module.split(".")[0])
    return {m for m in mods if m not in sys.stdlib_module_names and m not in ("open_spiel", "pyspiel")}


def test_the_learn_extra_covers_openspiel_pytorch_imports():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    learn = _requirement_names(project["optional-dependencies"]["learn"])
    spiel = _requirement_names([r for r in md.requires("open_spiel") or [] if "extra ==" not in r])
    dists = md.packages_distributions()
    imported = _third_party_imports()
    assert "tree" in imported and "torch" in imported
    for module in sorted(imported):
        names = {re.sub(r"[-_.]+", "-", d).lower() for d in dists.get(module, [])}
        assert names, f"{module}: imported by OpenSpiel's PyTorch agents but not installed"
        if names & set(spiel):
            continue  # installed with open_spiel itself
        listed = names & set(learn)
        assert listed, f"{module} ({', '.join(sorted(names))}) is missing from the learn extra"
        for name in listed:
            assert ">=" in learn[name], f"{learn[name]}: the learn extra needs a lower bound"


def test_openspiel_pytorch_agents_import():
    for path in sorted(PYTORCH.glob("*.py")):
        if path.name.endswith("_test.py") or path.name == "__init__.py":
            continue
        importlib.import_module(f"open_spiel.python.pytorch.{path.stem}")
