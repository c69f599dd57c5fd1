"""docs/research.md and its example scripts keep working: the code blocks run, the training
example learns, and the OpenSpiel search example plays."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from script_module import FOLDERS

ROOT = Path(__file__).resolve().parents[2]


def test_research_doc_code_blocks_run():
    text = (ROOT / "docs" / "research.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    namespace: dict = {}
    for i, block in enumerate(blocks):  # later blocks use names from earlier ones, as a reader does
        exec(compile(block, f"docs/research.md block {i}", "exec"), namespace)


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *args],
        capture_output=True, text=True, check=True, timeout=600,
    )
    return done.stdout


def test_training_example_learns():
    # the script's default length (seeds 0-5 all end between +0.54 and +0.82 from -0.06; at 400
    # episodes whether learning has begun depends on the seed)
    out = _run("train_example.py", "--episodes", "3000", "--eval-every", "1500", "--eval-games", "100")
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    before, after = float(rows[0][1]), float(rows[-1][1])
    assert [int(r[0]) for r in rows] == [0, 1500, 3000]
    assert after > before + 0.3, out


def test_search_example_plays():
    out = _run("ismcts_openspiel_example.py", "--game", "gambit", "--games", "1", "--sims", "2")
    assert "gambit" in out and "MCTS" in out


#: A file name in the docs: a path with a folder and an extension, or a bare ``*.md``/``*.py``.
_FILE = re.compile(r"(?<![\w/.<])((?:[\w.-]+/)*[\w.-]+\.(?:py|md|pyx|pyi|json|toml))(?![\w/])")


def _mentioned_files(text: str) -> set[str]:
    return {m for m in _FILE.findall(text) if "<" not in m}


def _exists(name: str, doc: Path) -> bool:
    candidates = [ROOT / name, doc.parent / name, ROOT / "src" / "garrison" / name, ROOT / "src" / name]
    if "/" not in name:  # a bare file name: anywhere in the repository's own folders
        return any(True for folder in ("docs", "src", "tests", *FOLDERS)
                   for _ in (ROOT / folder).rglob(name)) or (ROOT / name).exists()
    return any(c.exists() for c in candidates)


def test_file_names_in_the_research_docs_exist():
    """Every file the two research documents name is in the repository (a module given by its
    path inside the package, such as ``core/batch.pyx``, counts from ``src/garrison``)."""
    missing = []
    for doc in (ROOT / "docs" / "research.md", ROOT / "docs" / "tutorial.md"):
        for name in sorted(_mentioned_files(doc.read_text())):
            if not _exists(name, doc):
                missing.append(f"{doc.name}: {name}")
    assert not missing, missing
