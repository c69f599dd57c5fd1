"""Every transcript in docs/research.md (a code block that starts ``$ python examples/...``) is
what its script prints today.

A script cheap enough to run here runs with the transcript's own command, and its lines must be
the transcript's, the seconds column aside (wall time). The MaskablePPO script trains for
minutes, so it runs with a small budget, and every line of the transcript must have the shape
of a line it prints (its words the same, its numbers anything): a changed script then fails
the test until the transcript is made again with the command it shows.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"

#: scripts whose transcript is run as written: the seconds column is the one figure that varies
EXACT = ("train_example.py", "ismcts_openspiel_example.py")
#: a small budget for scripts whose transcript takes minutes (only the lines' shapes are compared)
SMALL = {"train_maskable_ppo.py": ["--timesteps", "64", "--eval-games", "4"]}

_SECONDS = re.compile(r"\s+\d+\.\d$")  # the last column, wall seconds with one decimal
_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?%?")


def transcripts() -> list[tuple[str, list[str], list[str]]]:
    """``(script, arguments, printed lines)`` of every transcript block in the doc."""
    found = []
    for command, body in re.findall(r"```\n\$ ([^\n]*)\n(.*?)```", DOC.read_text(), re.S):
        words = shlex.split(command)
        words = [w for w in words if not w.startswith("PYTHONPATH=")]
        assert words[0] == "python" and words[1].startswith("examples/"), command
        found.append((words[1].removeprefix("examples/"), words[2:], body.splitlines()))
    return found


def _run(script: str, args: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args],
                          capture_output=True, text=True, check=True, timeout=900, cwd=ROOT)
    return done.stdout.splitlines()


def _shape(line: str) -> str:
    return _NUMBER.sub("#", line.strip())


def test_the_doc_has_its_transcripts():
    assert sorted({script for script, _, _ in transcripts()}) == sorted([*EXACT, *SMALL])


@pytest.mark.parametrize("script", EXACT)
def test_transcript_is_what_the_script_prints(script):
    for name, args, lines in transcripts():
        if name == script:
            printed = _run(script, args)
            assert [_SECONDS.sub("", x) for x in printed] == [_SECONDS.sub("", x) for x in lines], (
                f"docs/research.md's transcript of {script} {' '.join(args)} is stale; it prints:\n"
                + "\n".join(printed))


@pytest.mark.parametrize("script", sorted(SMALL))
def test_transcript_has_the_shape_the_script_prints(script):
    for name, _, lines in transcripts():
        if name == script:
            printed = {_shape(x) for x in _run(script, SMALL[script])}
            stale = [x for x in lines if _shape(x) not in printed]
            assert not stale, f"lines {script} no longer prints: {stale}; it prints {sorted(printed)}"
