"""Seed "First Round – The Recruitment Round", "Game Personalities", "End of the Round"."""

from __future__ import annotations

import pytest
from soldateska_helpers import (
    OFFICERS,
    PISTOLS,
    SABERS,
    TOBACCO,
    deal,
    new_state,
    play_recruitment_b,
    recruitment_b,
    rolls,
    tricks,
)

from garrison import IllegalActionError
from garrison.games.soldateska import rules as R


def test_highest_roller_deals_and_leads_after_a_tie_reroll():
    state = new_state(players=3)
    assert state.observation(None)["rolling"] == 0
    rolls(state, 4, 4, 1)
    obs = state.observation(None)
    assert obs["phase"] == "roll-off" and obs["rolling"] == 0  # seats 0 and 1 roll again
    rolls(state, 3, 0)
    assert state.dealer == 0 and state.phase == R.DEAL
    deal(state, {})
    assert state.current_player() == 0  # the dealer plays the first card
    assert [bin(h).count("1") for h in state.hands] == [10, 10, 10]
    assert bin(state.stock).count("1") == 2  # two cards left over, unused


def test_recruitment_has_no_trade_and_only_officers_trump():
    state = recruitment_b()
    obs = state.observation(0)
    assert obs["trump"] == "officers only (recruitment)" and obs["phase"] == "play"
    assert obs["passed"] == [] and obs["received"] == [] and obs["bonus"] == []
    # Sabers led: seat 1 holds no Sabers and may trump with the Flag or discard
    tricks(state, ("Sabers 2", "Pistols 10", "Deserter"))
    assert state.tricks[-1][2] == 0
    tricks(state, ("Sabers 10", "Flag", "Pistols 9"))
    assert state.tricks[-1][2] == 1  # the Flag is trump in the recruitment round


def test_recruitment_ranks_flag_promotion_and_settlement_in_order():
    state = recruitment_b()
    play_recruitment_b(state)
    assert state.phase == R.BOMB_ROLL and state.roller == 2
    assert state.returns() == [0.0, 0.0, 0.0]
    rolls(state, 0)  # 0: roll again
    assert state.phase == R.BOMB_ROLL
    rolls(state, 1)  # a dud
    assert state.phase == R.KOKETTE_ROLL and state.roller == 2
    rolls(state, 3)  # seat 2 has no ducats yet: pays nothing
    assert state.phase == R.SPY_ROLL and state.roller == 2
    assert state.ducats == (1, 1, 0)  # medals: Pistols 10 (seat 0), Sabers 10 (seat 1)
    rolls(state, 4)
    # seat 0 holds the Deserter card; seat 2 has 79 points, seat 1 19 but the Flag moves him up
    assert state.round == 2 and state.phase == R.DEAL
    assert state.ranks == (R.K.D, R.K.G, R.K.M)
    assert state.order == (1, 2, 0)
    assert state.ducats == (1, 6, 7) and state.bank == 16  # Deserter pays nothing in round 1
    assert state.returns() == [1.0, 6.0, 7.0]  # ducats after the last settlement
    assert state.dealer == 2  # the lowest officer deals
    lines = state.observation(0)["settlement"]
    steps = [line.split(":")[0] for line in lines if line[:1].isdigit()]
    assert steps == ["1. Bomb", "2. Deserter", "3. Kokette", "4. Medals", "5. Spy", "6. Ranks"]
    assert any("Flag: P2 moves up" in line for line in lines)


def test_deserter_card_missing_in_round_one_makes_the_lowest_the_deserter():
    state = new_state(players=3)
    rolls(state, 4, 0, 0)
    deal(state, {
        0: SABERS,
        1: PISTOLS,
        2: OFFICERS + ["Flag", "Spy", "Kokette", "Bomb", "Duel 1"],
    }, keep_out=["Deserter", "Duel 2"])
    assert (state.stock >> R.K.DESERTER) & 1
    with pytest.raises(IllegalActionError, match="Duel card may be led only"):
        tricks(state, ("Sabers 10", "Pistols 1", "Kokette"), ("Sabers 9", "Pistols 2", "Bomb"),
               ("Sabers 1", "Pistols 10", "Spy"), ("Duel 1",))
    tricks(state, *[(o, s, p) for o, s, p in zip(
        OFFICERS + ["Flag"], [f"Sabers {v}" for v in range(8, 2, -1)], PISTOLS[2:8])])
    # last trick: seat 2 holds only the Duel card and may lead it; Sabers 2 sets the suit
    tricks(state, ("Duel 1", "Sabers 2", "Pistols 9"))
    assert state.phase == R.ROLLOFF and state.observation(None)["rolling"] == 0
    rolls(state, 4, 1)  # duel: seat 0 (who would win) 4, seat 2 (the Duel) 1
    assert state.tricks[-1][2] == 0
    rolls(state, 4)  # Bomb held by seat 0: dud
    rolls(state, 1)  # Kokette held by seat 0: pays 1 of 0
    rolls(state, 0)  # Spy held by seat 2: 0 ducats
    assert state.ranks == (R.K.M, R.K.D, R.K.G)  # nobody holds the Deserter card: seat 1 lowest
    assert state.ducats == (1 + 3, 0, 1 + 5)


def test_equal_card_values_are_rolled_off_for_rank():
    state = new_state(players=4)
    rolls(state, 4, 0, 0, 0)
    deal(state, {
        0: SABERS, 1: PISTOLS, 2: TOBACCO,
        3: OFFICERS + ["Flag", "Deserter", "Spy", "Kokette", "Bomb"],
    })
    tricks(
        state,
        ("Sabers 10", "Pistols 10", "Tobacco -1", "Deserter"),
        ("Sabers 9", "Pistols 9", "Tobacco -2", "Kokette"),
        ("Sabers 8", "Pistols 8", "Tobacco -3", "Bomb"),
        ("Sabers 1", "Pistols 1", "Tobacco -10", "Spy"),
    )
    assert [t[2] for t in state.tricks] == [0, 0, 0, 3]
    for k, officer in enumerate(OFFICERS + ["Flag"]):
        tricks(state, (officer, f"Sabers {2 + k}", f"Pistols {2 + k}", f"Tobacco {-4 - k}"))
    rolls(state, 1, 0, 2)  # Bomb dud (seat 0), Kokette 0 (seat 0), Spy 2 (seat 3)
    assert state.phase == R.ROLLOFF  # seats 1 and 2 both hold 0 points
    assert state.observation(None)["rolling"] == 1
    rolls(state, 2, 2)  # tie again
    rolls(state, 1, 3)
    assert state.ranks == (R.K.D, R.K.H, R.K.M, R.K.G)
    assert state.ducats == (2, 2, 3, 2 + 5)
    assert state.bank == 40 - 14
