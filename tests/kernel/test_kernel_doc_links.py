"""The repository's pointers into its own documents stay true: every path ARCHITECTURE.md names
in backticks exists, and every section of docs/bots.md or its log that a file cites by name
(``docs/bots.md, "Levels"``) is a heading or a bold lead of that document."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The documents whose sections are cited by name, and the folders whose files cite them.
SECTIONED = ("docs/bots.md", "docs/log/bots-history.md")
CITING = ("src", "tests", "docs", "research", "bench", "examples", "tools")
SUFFIXES = {".py", ".pyx", ".pxi", ".pyi", ".md", ".js"}

#: ``docs/bots.md, "Name"`` or ``docs/bots.md ("Name"``, the name possibly broken over lines.
CITATION = re.compile(r"(docs/bots\.md|docs/log/bots-history\.md),?\s*\(?\"([^\"]+)\"")
#: A backticked path in ARCHITECTURE.md: folders and a name (``server/hub.py``, ``tests/kernel/``),
#: or a bare file name (``setup.py``); a template (``games/<name>/``) is no path.
PATH = re.compile(r"`((?:[\w.-]+/)+(?:[\w.-]+)?|[\w-]+\.(?:py|pyx|pyi|pxd|pxi|md|toml|js|json))`")
#: Where a path in the map may start: the root, the package (``core/compiled.pyx``), or a game's
#: folder (``data/``, which the map names as a game's part).
BASES = ("", "src/", "src/garrison/", *sorted(
    p.relative_to(ROOT).as_posix() + "/" for p in (ROOT / "src" / "garrison" / "games").iterdir()
    if (p / "__init__.py").is_file()))
#: The folders a bare file name is looked for in.
FOLDERS = ("src", "tests", "docs", "bench", "examples", "research", "tools", "scripts")


def section_names(doc: str) -> list[str]:
    """The headings and bold leads (``**Name.**``) of ``doc``, lower case."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    names = re.findall(r"^#+ (.+)$", text, re.M) + re.findall(r"\*\*([^*]+)\*\*", text)
    return [name.lower() for name in names]


def cited_sections(text: str) -> list[tuple[str, str]]:
    """``(document, name)`` of every section citation in ``text``; a name broken over comment
    lines is joined with one space."""
    found = []
    for doc, name in CITATION.findall(text):
        found.append((doc, re.sub(r"\s*\n\s*(?:#:?\s*)?", " ", name).strip()))
    return found


def named_paths(text: str) -> list[str]:
    """The paths ``text`` names in backticks."""
    return PATH.findall(text)


def path_exists(name: str) -> bool:
    """A path with a folder exists from the root, the package or a game's folder; a bare name
    anywhere in the repository's folders or at its root."""
    if "/" in name:
        return any((ROOT / base / name).exists() for base in BASES)
    return (ROOT / name).is_file() or any(
        next((ROOT / folder).rglob(name), None) is not None
        for folder in FOLDERS if (ROOT / folder).is_dir())


def _files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "ARCHITECTURE.md"]
    for top in CITING:
        files += [p for p in sorted((ROOT / top).rglob("*"))
                  if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts
                  and p != Path(__file__).resolve()]  # this file names the pattern
    return files


def test_citations_are_read_across_lines():
    text = 'x (docs/bots.md, "What holds\n    #: it level") and docs/log/bots-history.md ("A b"'
    assert cited_sections(text) == [("docs/bots.md", "What holds it level"),
                                    ("docs/log/bots-history.md", "A b")]


def test_every_cited_section_of_the_bot_docs_exists():
    names = {doc: section_names(doc) for doc in SECTIONED}
    missing = []
    for path in _files():
        for doc, name in cited_sections(path.read_text(encoding="utf-8", errors="replace")):
            if not any(name.lower() in known for known in names[doc]):
                missing.append(f"{path.relative_to(ROOT)}: {doc}, {name!r}")
    assert missing == []


def test_paths_are_read_from_backticks():
    text = ("`server/hub.py` and `tests/kernel/`, `setup.py`; not `games/<name>/rules.pyx`, "
            "`Hub.submit`, `POST /api/tables`, nor a block ```\ncli/ x\n```")
    assert named_paths(text) == ["server/hub.py", "tests/kernel/", "setup.py"]
    assert path_exists("core/compiled.pyx") and path_exists("tests/kernel/")
    assert path_exists("compiled.pyx") and not path_exists("core/nowhere.py")


def test_every_path_the_architecture_map_names_exists():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = [name for name in named_paths(text) if not path_exists(name)]
    assert len(named_paths(text)) > 40
    assert missing == []


def test_the_research_readme_names_every_research_script():
    readme = (ROOT / "research" / "README.md").read_text(encoding="utf-8")
    scripts = sorted(p.name for p in (ROOT / "research").glob("*.py"))
    assert scripts and [name for name in scripts if f"`{name}`" not in readme] == []
