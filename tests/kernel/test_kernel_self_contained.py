"""The repository explains itself: no file under src/ or tests/ cites a document outside it.

A reader of a clone has only the clone. A comment that sends them to a sibling folder, a design
note or a research file they do not have explains nothing, so citations name the repository's own
documents (``docs/rules/<game>.md`` and its sections, ARCHITECTURE.md, README.md), and every
``.md`` path cited must exist here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUFFIXES = {".py", ".pyx", ".pxd", ".pxi", ".pyi", ".json", ".md", ".txt", ".js", ".html", ".css"}

#: Ways of pointing outside the repository: a path up out of it, the folders beside it, the design
#: and research notes the project was planned with, the numbered rule texts it started from.
OUTSIDE = [
    (re.compile(r"\bshared/"), "the folder beside the repository"),
    (re.compile(r"\bseeds/"), "the rule texts outside the repository"),
    (re.compile(r"\bspecs/"), "the design notes outside the repository"),
    (re.compile(r"\bDESIGN\.md\b"), "the design document outside the repository"),
    (re.compile(r"\bresearch [\w-]+\.md\b"), "a research note outside the repository"),
    (re.compile(r"(?<!-)\bseed \d{3}\b"), "a numbered rule text outside the repository"),
]
#: A relative path that goes up: fine where it names a file of the repository from the file that
#: names it (a page's ``import ... from "../util.js"``), else a path up out of the repository.
UP = re.compile(r"(?:\.\./)+[\w./-]*")
#: A path under ``research/``: the repository's own folder of research scripts when it names it
#: or one of its files, else the research notes the project was planned with (outside the repository).
RESEARCH = re.compile(r"\bresearch/([\w./-]*)")
#: A cited markdown document: must be a file of the repository, named from its root.
CITED_MD = re.compile(r"(?<![\w./-])([\w./-]+\.md)\b")
#: Documents every clone has at its root or that name a file of the test's own data.
ROOT_DOCS = {"README.md", "ARCHITECTURE.md"}


def _files() -> list[Path]:
    out = []
    for top in ("src", "tests"):
        for path in sorted((ROOT / top).rglob("*")):
            if path == Path(__file__).resolve():
                continue  # names the patterns it looks for
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                out.append(path)
    return out


def citations_outside(path: Path) -> list[str]:
    """Every citation in ``path`` of something outside the repository, as ``line: reason``."""
    found = []
    text = path.read_text(encoding="utf-8", errors="replace")
    bases = (ROOT, ROOT / "docs", path.parent)  # ``ROOT / "docs" / "research.md"`` names a file
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, reason in OUTSIDE:
            if pattern.search(line):
                found.append(f"{number}: {reason}: {line.strip()[:120]}")
        for up in UP.findall(line):
            target = (path.parent / up).resolve()
            if not (target.is_relative_to(ROOT) and target.exists()):
                found.append(f"{number}: a path up out of the repository: {line.strip()[:120]}")
        for named in RESEARCH.findall(line):
            if not (ROOT / "research" / named.rstrip(".")).exists():
                found.append(f"{number}: the research notes outside the repository: "
                             f"{line.strip()[:120]}")
        for cited in CITED_MD.findall(line):
            if cited in ROOT_DOCS or any((base / cited).is_file() for base in bases):
                continue
            found.append(f"{number}: {cited} is no file of the repository: {line.strip()[:120]}")
    return found


def test_the_scan_sees_the_sources_and_tests():
    names = {p.relative_to(ROOT).as_posix() for p in _files()}
    assert "src/garrison/core/compiled.pyx" in names
    assert "tests/stratego/test_stratego_gravon.py" in names


@pytest.mark.parametrize("text", [
    "see ../shared/data/x.zip", "(specs/scopa.md)", "seeds/000_abc.txt", "DESIGN.md asks",
    "research/frameworks/dice.md", "research/nowhere.py", "(research scopa.md section 2)", "seed 004's table",
    "docs/rules/nowhere.md", "gaps.md 6",
])
def test_a_citation_outside_is_caught(tmp_path, text):
    path = tmp_path / "x.py"
    path.write_text(f"# {text}\n")
    assert citations_outside(path)


@pytest.mark.parametrize("text", [
    "docs/rules/scopa.md, \"The deal\"", "ARCHITECTURE.md", "README.md", "seed=3",
    "the same seed and the same actions", "garrison rate 1848 --seed 601", "``research/arena_paired.py``.", "research/README.md", "``research/``",
])
def test_a_citation_inside_passes(tmp_path, text):
    path = tmp_path / "x.py"
    path.write_text(f"# {text}\n")
    assert citations_outside(path) == []


def test_a_path_up_passes_only_to_a_file_of_the_repository():
    page = ROOT / "src" / "garrison" / "web" / "table" / "seats.js"
    assert 'from "../util.js"' in page.read_text() and citations_outside(page) == []
    assert citations_outside(ROOT / "src" / "garrison" / "web" / "table.js") == []


def test_no_source_or_test_cites_outside_the_repository():
    bad = {p.relative_to(ROOT).as_posix(): c for p in _files() if (c := citations_outside(p))}
    assert bad == {}, "cite docs/rules/<game>.md (or another file of the repository) instead"
