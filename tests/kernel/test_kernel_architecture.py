"""ARCHITECTURE.md's list of the files a new game needs stays true: every game has them, is
registered by its entry point in pyproject.toml, has its rules in docs/rules/ and its tests in
tests/; and the list names nothing a game does without."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "garrison" / "games"


def _needed_in_folder() -> list[str]:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split("### The files a new game needs", 1)[1].split("\nSteps:", 1)[0]
    return re.findall(r"`src/garrison/games/<folder>/([\w.]+)`", section)


def _entry_points() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["entry-points"]["garrison.games"]


FOLDERS = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())


def test_the_list_names_the_folders_files():
    assert _needed_in_folder() == ["__init__.py", "game.py", "params.py", "rules.pyx",
                                   "rules.pyi", "state.py"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_game_folder_has_the_listed_files(folder):
    missing = [f for f in _needed_in_folder() if not (GAMES / folder / f).is_file()]
    assert missing == []


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_game_folder_is_an_entry_point_with_rules_and_tests(folder):
    names = [name for name, target in _entry_points().items()
             if target == f"garrison.games.{folder}:GAME"]
    assert len(names) == 1, f"no entry point names garrison.games.{folder}:GAME"
    name = names[0]
    assert (ROOT / "docs" / "rules" / f"{name}.md").is_file()
    tests = ROOT / "tests" / folder  # named as the game's package
    assert list(tests.glob(f"test_{tests.name}_*.py")), f"no scenario tests in {tests}"


def test_every_entry_point_is_a_game_folder():
    for name, target in _entry_points().items():
        module, _, attr = target.partition(":")
        assert attr == "GAME" and module.split(".")[-1] in FOLDERS, (name, target)
