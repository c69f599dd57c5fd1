"""The repository's script folders (``bench/``, ``examples/``, ``research/``, ``tools/`` and the
build step's folder) are not packages: tests load a script as a module by its name."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]

#: The folders that hold scripts; a script's name is unique across them.
FOLDERS = ("bench", "examples", "research", "tools", "scripts")


def script_path(name: str) -> Path:
    """The file of the script ``name`` (``<folder>/<name>.py``).

    Raises:
        FileNotFoundError: no script folder, or more than one, holds ``<name>.py``.
    """
    found = [ROOT / folder / f"{name}.py" for folder in FOLDERS
             if (ROOT / folder / f"{name}.py").is_file()]
    if len(found) != 1:
        raise FileNotFoundError(f"{name}.py is in {len(found)} of the script folders "
                                f"{', '.join(FOLDERS)}; a script must be in exactly one")
    return found[0]


def load_script(name: str) -> ModuleType:
    """The script ``name`` as a module, also entered in ``sys.modules`` under ``name`` (a
    script's dataclasses look their module up there).

    Raises:
        FileNotFoundError: as ``script_path``.
    """
    spec = importlib.util.spec_from_file_location(name, script_path(name))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
