"""Seed "Game Idea", "Tobacco", "Duels": following, trumping, suitless leads and dice duels."""

from __future__ import annotations

import pytest
from soldateska_helpers import deal, new_state, play, rolls, tricks

from garrison import IllegalActionError
from garrison.games.soldateska import rules as R


def four(**options):
    state = new_state(players=4, **options)
    rolls(state, 4, 0, 0, 0)  # seat 0 deals and leads
    return state


def test_follow_suit_tobacco_order_free_discard_and_suitless_leads():
    state = four()
    deal(state, {
        0: ["Tobacco -1", "Tobacco -2", "Tobacco -3", "Tobacco -4", "Lieutenant",
            "Sabers 1", "Sabers 2", "Sabers 3", "Sabers 4", "Sabers 5"],
        1: ["Tobacco -5", "Tobacco -6", "Tobacco -7", "Tobacco -8", "Tobacco -9", "Tobacco -10",
            "Pistols 1", "Pistols 2", "Pistols 3", "Pistols 4"],
        2: ["Sabers 6", "Sabers 7", "Sabers 8", "Sabers 9", "Sabers 10",
            "Pistols 6", "Pistols 7", "Pistols 8", "Pistols 9", "Pistols 10"],
        3: ["General", "Oberst", "Major", "Hauptman", "Pistols 5", "Flag", "Spy", "Kokette",
            "Bomb", "Deserter"],
    })
    play(state, "Tobacco -1")
    with pytest.raises(IllegalActionError, match="you must follow Tobacco: you hold Tobacco"):
        state.apply_action(state.parse_action("Pistols 1"))
    # Tobacco -10 is the highest Tobacco; seat 3 may discard although it holds trumps
    assert tricks(state, ("Tobacco -10", "Sabers 6", "Kokette")) == [1]
    play(state, "Pistols 1")
    before = state.fields()
    with pytest.raises(IllegalActionError, match="you must follow Pistols: you hold Pistols 6"):
        state.apply_action(state.parse_action("Sabers 7"))
    with pytest.raises(IllegalActionError, match="you do not hold Sabers 1"):
        state.apply_action(state.parse_action("Sabers 1"))
    assert state.fields() == before
    assert tricks(state, ("Pistols 6", "Pistols 5", "Sabers 1")) == [2]
    assert tricks(state, ("Sabers 7", "General", "Sabers 2", "Tobacco -6")) == [3]
    # the Deserter card led: no suit to follow; the highest trump (Lieutenant) takes it
    assert tricks(state, ("Deserter", "Lieutenant", "Pistols 2", "Sabers 8")) == [0]
    assert tricks(state, ("Sabers 3", "Tobacco -7", "Sabers 9", "Major")) == [3]
    # a suitless card led and nobody trumps: the leader wins
    assert tricks(state, ("Bomb", "Tobacco -2", "Pistols 3", "Pistols 7")) == [3]
    # trump led (the Spy): nobody else holds a trump and plays freely; the Spy wins
    assert tricks(state, ("Spy", "Tobacco -3", "Pistols 4", "Sabers 10")) == [3]
    assert (state.won[3] >> R.K.card_of(R.K.SABERS, 10)) & 1


def test_declared_suit_ranks_between_flag_and_spy():
    rules = R.K.trick_rules(R.K.SABERS, False)
    cards = [R.K.card_of(R.K.SABERS, 10), R.K.FLAG, R.K.SPY, R.K.card_of(R.K.SABERS, 1)]
    assert rules.winner(cards, R.K.TRUMPS) == 1  # Flag over Sabers 10
    assert rules.winner([R.K.SPY, R.K.card_of(R.K.SABERS, 1)], R.K.TRUMPS) == 1
    assert rules.winner([R.K.card_of(R.K.PISTOLS, 10), R.K.SPY], R.K.TRUMPS) == 1
    assert rules.winner([R.K.LIEUTENANT, R.K.FLAG, R.K.GENERAL], R.K.TRUMPS) == 2


def _duel_deal(state):
    deal(state, {
        0: ["Duel 1", "Pistols 1", "Pistols 2", "Pistols 3", "Pistols 4", "Pistols 5",
            "Pistols 6", "Pistols 7", "Pistols 8", "Pistols 9"],
        1: ["Duel 2", "Tobacco -1", "Tobacco -2", "Tobacco -3", "Tobacco -4", "Tobacco -5",
            "Tobacco -6", "Tobacco -7", "Tobacco -8", "Sabers 1"],
        2: ["Sabers 10", "Sabers 9", "Sabers 8", "Sabers 7", "Sabers 6", "Sabers 5", "Sabers 4",
            "Sabers 3", "Sabers 2", "Pistols 10"],
        3: ["General", "Oberst", "Major", "Hauptman", "Lieutenant", "Flag", "Spy", "Kokette",
            "Bomb", "Deserter"],
    })


def test_a_duel_card_starts_a_dice_battle_with_the_would_be_winner():
    state = four()
    _duel_deal(state)
    with pytest.raises(IllegalActionError, match="Duel card may be led only"):
        state.apply_action(state.parse_action("Duel 1"))
    play(state, "Pistols 1")
    # seat 1 holds no Pistols: it may play its Duel card; seat 2 follows, seat 3 trumps
    play(state, "Duel 2", "Pistols 10", "General")
    assert state.phase == R.ROLLOFF and state.ro_blocks == ((3, 1),)
    rolls(state, 3, 3, 1, 4)  # a tie re-rolls
    assert state.tricks[-1][2] == 1
    play(state, "Sabers 1", "Sabers 10", "Major", "Duel 1")
    obs = state.observation(None)
    assert obs["phase"] == "roll-off" and obs["rolling"] == 3
    rolls(state, 1, 0)
    assert state.tricks[-1][2] == 3 and state.phase == R.PLAY


def test_both_duels_in_one_trick_three_players_roll():
    state = four()
    deal(state, {
        0: [f"Sabers {v}" for v in range(1, 11)],
        1: ["Duel 1", "Oberst"] + [f"Pistols {v}" for v in range(1, 9)],
        2: ["Duel 2", "General"] + [f"Tobacco {-v}" for v in range(1, 9)],
        3: ["Pistols 9", "Pistols 10", "Tobacco -9", "Tobacco -10", "Major", "Hauptman",
            "Lieutenant", "Flag", "Spy", "Kokette"],
    })
    play(state, "Sabers 10", "Duel 1", "Duel 2", "Pistols 9")
    assert state.ro_blocks == ((0, 1, 2),)
    rolls(state, 2, 4, 4, 3, 1)  # seats 1 and 2 tie on 4 and roll again
    assert state.tricks[-1][2] == 1


def test_duel_only_when_unable_to_follow_unless_duel_anytime():
    for anytime in (False, True):
        state = four(duel_anytime=anytime)
        _duel_deal(state)
        assert tricks(state, ("Pistols 1", "Tobacco -1", "Pistols 10", "Kokette")) == [2]
        play(state, "Sabers 10", "General", "Duel 1")  # seat 0 holds no Sabers
        if anytime:
            play(state, "Duel 2")  # seat 1 holds Sabers 1 but may duel
            assert state.phase == R.ROLLOFF and state.ro_blocks == ((3, 0, 1),)
        else:
            with pytest.raises(IllegalActionError, match="must follow Sabers: you hold Sabers 1"):
                state.apply_action(state.parse_action("Duel 2"))
