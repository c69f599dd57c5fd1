"""Every concrete `garrison …` command the reference documents show (README, docs/, docs/rules/;
not the history log, whose runs are of their day) is one the command line reads: its command,
option names, arguments and values. Templates (`GAME`, `[--jobs J]`, `a|b`) and a command named
alone (`garrison arena`) are references, not commands, and are left out."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer.main

from garrison.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs" / "rules").glob("*.md"))]
#: ``garrison …`` in a code span, after any environment settings (``GARRISON_NETS=dir garrison …``).
INLINE = re.compile(r"`((?:[A-Z_]+=\S+ )*garrison [^`]+)`")
COMMAND_LINE = re.compile(r"(?:[A-Z_]+=\S+ )*garrison ")
#: What makes a shown command a template: a placeholder in capitals, brackets, alternatives, dots.
TEMPLATE = re.compile(r"\b[A-Z][A-Z_]*\b(?![=])|[\[\]<>|]|\.\.\.|…")


def shown_commands(text: str) -> list[str]:
    """The ``garrison`` commands of a Markdown text: code spans and code-block lines, a line's
    comment cut off, shell lists (``a & b``) split."""
    found = INLINE.findall(text)
    in_block = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_block = not in_block
        elif in_block and COMMAND_LINE.match(line.strip()):
            found.append(line.strip())
    out = []
    for command in found:
        command = re.split(r"\s#\s|\s{2,}#", command)[0]
        out += [part.strip() for part in re.split(r"\s(?:&&|&|;)\s?", command) if part.strip()]
    return out


def concrete(command: str) -> list[str] | None:
    """The words after ``garrison`` of a concrete command, or None for a template or a bare name."""
    words = shlex.split(command)
    words = words[words.index("garrison") + 1:]
    if len(words) < 2 or TEMPLATE.search(" ".join(w for w in words if not w.startswith("$"))):
        return None
    return words


CASES = [(doc.relative_to(ROOT).as_posix(), words) for doc in DOCS
         for command in shown_commands(doc.read_text(encoding="utf-8"))
         if (words := concrete(command)) is not None]


def test_the_documents_show_commands_to_check() -> None:
    assert len(CASES) > 100
    assert {words[0] for _, words in CASES} >= {"play", "arena", "train", "bench", "serve", "solve"}


@pytest.mark.parametrize("doc, words", CASES, ids=[f"{d}:{' '.join(w)[:60]}" for d, w in CASES])
def test_a_command_the_documents_show_is_read_by_the_command_line(doc: str, words: list[str]) -> None:
    group = typer.main.get_command(app)
    assert words[0] in group.commands, f"{doc}: no command {words[0]!r}"
    command = group.commands[words[0]]
    # Parsing only (the context reads and converts every word; nothing runs). ``$S`` and the like
    # stand for a bot's name, which the command line reads as text.
    command.make_context(words[0], list(words[1:]))
