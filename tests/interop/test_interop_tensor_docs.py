"""docs/research.md's table of each game's observation tensor is made from the games' own
layout (``Game.tensor_layout()``, each game's ``observe.layout``, the description both encoders
write by): the doc says what the code does."""

from __future__ import annotations

import garrison
from script_module import load_script

tensor_table = load_script("tensor_table")


def test_the_docs_tables_are_the_layouts():
    text = tensor_table.DOC.read_text(encoding="utf-8")
    assert tensor_table.updated(text) == text, "run tools/tensor_table.py"


def test_each_table_lists_every_part_in_order():
    for name in garrison.games():
        rows = [line for line in tensor_table.table(name).splitlines() if line.startswith("| `")]
        parts = [row.split("`")[1] for row in rows]
        assert parts == [part for part, _, _ in garrison.load(name).tensor_layout()]
