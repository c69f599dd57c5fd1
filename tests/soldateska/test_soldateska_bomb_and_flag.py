"""Seed "Bomb", "Flag" and "End of the Round": a blown-up player re-enters as "a new penniless
Lieutenant", and the Flag gives its holder "1 better rank than he would otherwise attain" —
otherwise, that is, after the Bomb has already put the blown-up player at the bottom."""

from __future__ import annotations

import json
from pathlib import Path

from soldateska_helpers import OFFICERS, deal, new_state, play, rolls, tricks

import garrison
from garrison import CHANCE
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


def test_a_blown_up_player_is_an_officer_even_with_the_lowest_sum_and_no_deserter_card():
    # Recruitment round for 3 with the Deserter card among the unused cards. P2 takes only the
    # trick of Kokette, Bomb and Spy (sum 0, the lowest) and his Bomb blows up. "The lowest sum
    # becomes Deserter" is our reading where the seed is silent; the seed says the blown-up
    # player "reenters the next round as a new penniless Lieutenant": so he is the lowest
    # officer and the lowest of the others (P1, 36) becomes the Deserter.
    state = new_state(players=3)
    rolls(state, 4, 0, 0)  # seat 0 deals and leads
    deal(state, {0: [f"Sabers {v}" for v in range(1, 10)] + ["Bomb"],
                 1: [f"Pistols {v}" for v in range(2, 11)] + ["Spy"],
                 2: OFFICERS + ["Flag", "Kokette", "Sabers 10", "Duel 1", "Duel 2"]},
         keep_out=["Deserter"])
    winners = tricks(
        state,
        ("Sabers 1", "Pistols 2", "Sabers 10"),
        ("Kokette", "Bomb", "Spy"),
        ("Pistols 3", "General", "Sabers 2"),
        ("Oberst", "Sabers 3", "Pistols 4"),
        ("Major", "Sabers 4", "Pistols 5"),
        ("Hauptman", "Sabers 5", "Pistols 6"),
        ("Lieutenant", "Sabers 6", "Pistols 7"),
        ("Flag", "Sabers 7", "Pistols 8"),
        ("Duel 1", "Sabers 8", "Pistols 9"),
    )
    rolls(state, 4, 0)  # the duel: P1 beats P3
    play(state, "Sabers 9", "Pistols 10", "Duel 2")
    rolls(state, 4, 0)
    assert winners[:8] == [2, 1, 2, 2, 2, 2, 2, 2]
    rolls(state, 2, 3, 3)  # Bomb blows up (P2), Kokette 3 (P2 pays nothing), Spy 3 (P2)
    bombed, deserter = 1, 0
    assert state.ranks == (K.D, K.M, K.G)  # P3 General, P2 the lowest officer, P1 Deserter
    assert state.order == (2, bombed, deserter)
    assert state.ducats[bombed] == 0 and state.ducats == (1, 0, 6) and state.bank == 23
    lines = state.observation(None)["settlement"]
    assert "Nobody holds the Deserter card: P1, lowest but for P2 (blown up), becomes Deserter." \
        in lines
    assert state.current_player() == CHANCE and state.dealer == bombed  # the lowest officer deals
    check = getattr(state, "check_invariants", None)
    if check is not None:
        check()
