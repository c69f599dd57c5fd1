"""Seed "The 2nd Round and On": bonus cards, trump declaration, cards passed down the ranks,
the Deserter's two cards laid aside; then a full round to the settlement (Bomb blowing up in
the aside, the Deserter paying per trick, Kokette, medals, Spy, ranks, wages)."""

from __future__ import annotations

import pytest
from soldateska_helpers import OFFICERS, play, rolls, round_two, tricks

from garrison import IllegalActionError, NotYourTurnError
from garrison.games.soldateska import rules as R


def test_general_takes_the_bonus_and_declares_trump():
    state = round_two()
    assert state.phase == R.DECLARE and state.current_player() == 1
    obs = state.observation(1)
    assert len(obs["hand"]) == 12 and obs["bonus"] == [R.K.DUEL1, R.K.DUEL2]
    assert state.observation(2)["bonus"] == [] and state.observation(2)["hand_sizes"][1] == 12
    assert not any("Duel" in line for line in state.observation(0)["log"][-3:])
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert texts == ["trump officers only", "trump Pistols", "trump Sabers"]
    with pytest.raises(IllegalActionError, match="Daggers are not in play"):
        state.apply_action(state.parse_action("trump Daggers"))
    with pytest.raises(IllegalActionError, match="Tobacco is not in play"):
        state.apply_action(state.parse_action("trump Tobacco"))
    with pytest.raises(IllegalActionError, match="first declare trump"):
        state.apply_action(state.parse_action("Sabers 9"))
    play(state, "trump Sabers")
    assert state.observation(0)["trump"] == "Sabers" and state.phase == R.PASS


def test_cards_pass_down_the_hierarchy_and_the_deserter_lays_two_aside():
    state = round_two()
    play(state, "trump Sabers")
    with pytest.raises(IllegalActionError, match="you do not hold Pistols 3"):
        state.apply_action(state.parse_action("pass Pistols 3"))
    with pytest.raises(NotYourTurnError):
        state.apply_action(state.parse_action("pass Spy"), seat=2)
    play(state, "pass Duel 1", "pass Spy")  # General -> Major
    assert state.current_player() == 2 and bin(state.hands[2]).count("1") == 12
    play(state, "pass Pistols 1", "pass Duel 1")  # Major -> Deserter
    assert state.phase == R.ASIDE and state.current_player() == 0
    play(state, "lay aside Bomb", "lay aside Sabers 7")
    assert state.phase == R.PLAY and state.current_player() == 0  # the Deserter leads
    assert [bin(h).count("1") for h in state.hands] == [10, 10, 10]
    o0, o1, o2 = (state.observation(s) for s in range(3))
    names = R.K.NAMES
    assert [names[c] for c in o1["passed"]] == ["Spy", "Duel 1"] and o1["received"] == []
    assert [names[c] for c in o2["received"]] == ["Spy", "Duel 1"]
    assert [names[c] for c in o2["passed"]] == ["Pistols 1", "Duel 1"]
    assert [names[c] for c in o0["received"]] == ["Pistols 1", "Duel 1"]
    assert [names[c] for c in o0["aside"]] == ["Sabers 7", "Bomb"]
    assert o1["aside"] == [] and o2["aside"] == [] and o1["aside_count"] == 2
    def this_round(obs):
        log = obs["log"]
        return log[next(i for i, line in enumerate(log) if line.startswith("Round 2: ")):]

    for line in this_round(o1) + this_round(o2):
        assert "Bomb" not in line and "Sabers 7" not in line  # the aside stays hidden
    assert not any("Pistols 1" in line for line in this_round(o1))  # a pass it had no part in
    assert not any("Spy" in line for line in this_round(o0))


def test_full_second_round_and_its_settlement():
    state = round_two()
    play(state, "trump Sabers", "pass Duel 1", "pass Spy", "pass Pistols 1", "pass Duel 1",
         "lay aside Bomb", "lay aside Sabers 7")
    # a Duel against the would-be winner (seat 2, Pistols 10): tie, then seat 2 wins
    play(state, "Pistols 1", "Duel 2")
    with pytest.raises(IllegalActionError, match="you must follow Pistols: you hold Pistols"):
        state.apply_action(state.parse_action("Spy"))
    play(state, "Pistols 10")
    assert state.phase == R.ROLLOFF and state.observation(None)["rolling"] == 2
    rolls(state, 2, 2, 4, 0)
    assert state.tricks[-1][2] == 2
    # seat 0 cannot follow Pistols and plays its Duel; seat 1 trumps: the duel decides
    play(state, "Pistols 9", "Duel 1", "Sabers 8")
    rolls(state, 1, 3)  # seat 1 (trump) 1, seat 0 (Duel) 3
    assert state.tricks[-1][2] == 0
    assert tricks(state, ("Sabers 1", "Sabers 9", "Spy")) == [1]  # trump lead: follow trump
    winners = tricks(
        state,
        *[(o, f"Pistols {2 + k}", f"Sabers {2 + k}") for k, o in enumerate(OFFICERS)],
        ("Flag", "Pistols 7", "Kokette"),
        ("Sabers 10", "Pistols 8", "Deserter"),
    )
    assert winners == [1] * 7
    obs = state.observation(2)
    assert [R.K.NAMES[c] for c in obs["aside"]] == ["Sabers 7", "Bomb"]  # shown at settlement
    assert state.phase == R.BOMB_ROLL and state.roller == 0  # the aside Bomb is held by seat 0
    rolls(state, 2)  # it blows up: seat 0's 1 ducat goes to the bank
    assert state.ducats[0] == 0
    assert state.ducats[1] == 0  # new Deserter seat 1: 8 tricks, pays all of his 6
    rolls(state, 2)  # Kokette (seat 1) 2: nothing left to pay
    rolls(state, 3)  # Spy (seat 1)
    # seat 0 (24 points) would be General, but re-enters as the lowest officer
    assert state.ranks == (R.K.M, R.K.D, R.K.G)
    # "a new penniless Lieutenant": his Major's wage (3) stays in the bank
    assert state.ducats == (0, 1 + 3, 7 + 1 + 5) and state.bank == 13
    lines = state.observation(None)["settlement"]
    assert any("blows up" in line for line in lines)
    assert any("took 8 tricks, pays 6" in line for line in lines)
    assert any("re-enters as the lowest officer" in line for line in lines)
