"""Seed "Bomb", "Flag" and "End of the Round": a blown-up player re-enters as "a new penniless
Lieutenant", and the Flag gives its holder "1 better rank than he would otherwise attain" —
otherwise, that is, after the Bomb has already put the blown-up player at the bottom."""

from __future__ import annotations

import json
from pathlib import Path

import garrison
from garrison.games.soldateska import deck as K

FIXTURES = Path(__file__).parent / "fixtures"


def test_flag_counts_after_the_bomb_and_the_bombed_player_is_paid_nothing():
    # Recorded 6-player recruitment round: card values P2 45, P1 39, P6 16, P3/P4 0 (Deserter
    # P5). P1's Bomb blows up, P6 holds the Flag. Without the Bomb the order would be P2, P1, P6;
    # P1 goes to the bottom, so P6 would otherwise be Oberst and the Flag makes him General.
    record = json.loads((FIXTURES / "flag_after_bomb_6p.json").read_text())
    state = garrison.replay(record)
    bombed, flag, top = 0, 5, 1  # seats of P1, P6, P2
    assert state.ranks[flag] == K.G and state.ranks[top] == K.O
    assert state.ranks[bombed] == K.L  # the lowest officer: a new Lieutenant
    # "penniless": his medal, his Spy roll and his wage stay in the bank
    assert state.ducats[bombed] == 0
    assert state.ducats == (0, 4, 2, 3, 3, 5) and state.bank == 43
    assert sum(state.ducats) + state.bank == 60
    lines = state.observation(None)["settlement"]
    assert "P1 re-enters as the lowest officer, penniless." in lines
    assert "Flag: P6 moves up one rank past P2." in lines
    assert lines.index("P1 re-enters as the lowest officer, penniless.") < lines.index(
        "Flag: P6 moves up one rank past P2.")
    assert any(line.startswith("4. Medals: P1 1 medal (penniless, it stays in the bank)")
               for line in lines)
    check = getattr(state, "check_invariants", None)
    if check is not None:  # a compiled core agrees with the rules here too
        check()
