"""1848's text view in a terminal: the players' table keeps each row, "passed" included, within
an 80-column panel (76 columns inside its borders), its columns under their headings."""

from __future__ import annotations

import random

import garrison
from garrison.core.seats import seat_label
from random_play import decisions, prompted

INSIDE_A_PANEL = 76
#: Random games, the last of them one where an army goes to a choice of equally strong commanders.
SEEDS_TO_AN_ARMY_CHOICE = (*range(12), 74)


def test_the_players_table_fits_a_terminal_and_keeps_passed_on_its_row() -> None:
    game = garrison.load("1848", players=3)
    rows_with_passed = 0
    for seed in range(4):
        rng = random.Random(seed)
        for state in decisions(game.new_initial_state(), rng):
            state.apply_action(rng.choice(state.legal_actions()))
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


def test_the_view_ends_with_what_the_seat_to_move_is_asked() -> None:
    game = garrison.load("1848", players=4)
    asked: set[str] = set()
    for seed in SEEDS_TO_AN_ARMY_CHOICE:
        for state, obs, last, moves in prompted(game, seed):
            mover = state.current_player()
            phase = obs["phase"]
            asked.add(phase)
            if phase == "draw":
                assert last.startswith("Your move: draw from a pile")
                assert set(moves) <= {"draw person card", "draw event card"}
            elif phase == "target":
                onto_a_side = all(m.startswith("on side ") for m in moves)
                assert ("on a side" in last) == onto_a_side, (last, moves)
            elif phase == "assign":
                assert last.startswith("Your move: give ") and all(m.startswith("army to ") for m in moves)
            else:
                assert last.startswith("Your move: 'play' or 'push' a hand card by its name, or 'pass'.")
                assert all(m.split()[0] in ("play", "push", "pass") for m in moves)
            other = (mover + 1) % 4
            assert game.render(state.observation(other)).splitlines()[-1] == f"Waiting for P{mover + 1}."
        assert game.render(state.observation(0)).splitlines()[-1] == "The game is over."
    assert asked == {"draw", "play", "target", "assign"}
