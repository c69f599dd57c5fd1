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
#: A backticked path of the repository in ARCHITECTURE.md: a folder or a file with a suffix.
BACKTICKED = re.compile(r"`([\w.-]+(?:/[\w.<>*-]+)+/?|[\w-]+\.(?:py|pyx|pyi|pxd|pxi|md|toml|cfg|txt))`")


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
