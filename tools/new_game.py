"""Start a new game from the template (templates/game/: High Die, a complete small game on the
kernel's plain-Python engine, ``PythonState``).

    python tools/new_game.py NAME [--title TITLE] [--into DIR]

copies the template to ``DIR/NAME`` (default: ``src/garrison/games/NAME``, with its rules page
``docs/rules/NAME.md``), renames the game, and prints the one line to add to pyproject.toml's
``[project.entry-points."garrison.games"]`` (and its package to the import-linter independence
contract). Then the game is listed, served, offered to the research adapters and checked by the
conformance suite with nothing else edited (tests/test_new_game_everywhere.py). Write its rules
in ``state.py``, its view in ``observe.py``; ARCHITECTURE.md says when to compile them.

Raises SystemExit naming what was wrong: a name that is not a lowercase identifier, or a folder
that already exists.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "templates" / "game"
#: What the template calls itself, replaced in every file.
NAME, TITLE, PREFIX = "highdie", "High Die", "HighDie"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", help="the game's registry name: lowercase letters, digits, _")
    parser.add_argument("--title", help="the game's title (default: the name, capitalised)")
    parser.add_argument("--into", type=Path, help="the folder to create the package in")
    args = parser.parse_args(argv)
    if not re.fullmatch(r"[a-z][a-z0-9_]*", args.name):
        raise SystemExit(f"the name {args.name!r} must be a lowercase identifier "
                         "(letters, digits and _, starting with a letter)")
    title = args.title or args.name.replace("_", " ").capitalize()
    prefix = "".join(part.capitalize() for part in args.name.split("_"))
    into = args.into or ROOT / "src" / "garrison" / "games"
    target = into / args.name
    if target.exists():
        raise SystemExit(f"{target} already exists: choose another name or folder")
    shutil.copytree(TEMPLATE, target, ignore=shutil.ignore_patterns("__pycache__", "RULES.md"))
    for path in sorted(target.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        text = text.replace(PREFIX, prefix).replace(TITLE, title).replace(f'"{NAME}"',
                                                                          f'"{args.name}"')
        path.write_text(text.replace("docs/rules/<name>.md", f"docs/rules/{args.name}.md"),
                        encoding="utf-8")
    package = (f"garrison.games.{args.name}" if args.into is None else args.name)
    if args.into is None:
        rules = ROOT / "docs" / "rules" / f"{args.name}.md"
        if not rules.exists():
            rules.write_text((TEMPLATE / "RULES.md").read_text(encoding="utf-8")
                             .replace(TITLE, title), encoding="utf-8")
    print(f"created {target}")
    print('add to pyproject.toml, [project.entry-points."garrison.games"]:')
    print(f'{args.name} = "{package}:GAME"')
    print(f'and "{package}" to the import-linter contract "Games are independent of each other"')
    return 0


if __name__ == "__main__":
    sys.exit(main())
