"""1848's text view in a terminal: the players' table keeps each row, "passed" included, within
an 80-column panel (76 columns inside its borders), its columns under their headings."""

from __future__ import annotations

import random

import garrison
from garrison.core.seats import seat_label

INSIDE_A_PANEL = 76


def test_the_players_table_fits_a_terminal_and_keeps_passed_on_its_row() -> None:
    game = garrison.load("1848", players=3)
    rows_with_passed = 0
    for seed in range(4):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()])
                               if state.is_chance_node() else rng.choice(state.legal_actions()))
            for seat in (0, None):
                obs = state.observation(seat)
                lines = game.render(obs).splitlines()
                top = next(i for i, line in enumerate(lines) if line.startswith("player "))
                heading = lines[top]
                rows = lines[top + 1:top + 1 + obs["players"]]
                assert lines[top - 1].split() == ["round", "in", "hand", "tally"]
                for s, row in enumerate(rows):
                    assert row.startswith(seat_label(s)), row
                    assert len(row) <= INSIDE_A_PANEL, row
                    assert row.endswith("  passed") == bool(obs["passed"][s]), row
                    rows_with_passed += row.endswith("passed")
                    # Each number ends where its heading ends.
                    fields = row.removesuffix("  passed")
                    for word in ("cards", "persons", "events", "Rep", "Dem", "Lib", "Rea"):
                        end = heading.index(word) + len(word)
                        assert fields[end - 1].isdigit() and fields[end:end + 1] in ("", " "), (word, row)
                    tally = [int(x) for x in fields.split()[-4:]]
                    assert tally == list(obs["tally"][s])
    assert rows_with_passed > 0
