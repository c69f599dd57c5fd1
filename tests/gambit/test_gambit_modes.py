"""docs/rules/gambit.md, "A round and the game" and "Options": coin play, Coin Trader, Treasure Hunt."""

import pytest
from gambit_helpers import play_round

import garrison
from garrison import OptionError
from garrison.core.dice import roll_id


def new(**options):
    return garrison.load("gambit", **options).new_initial_state()


LOW, MID, HIGH = (1, 1, 2, 2, 3), (4, 4, 5, 5, 6), (6, 6, 6, 6, 6)


def test_coins_losses_pay_the_pool_and_the_last_player_takes_it():
    state = new(players=2, mode="coins", lives=2)
    play_round(state, [LOW, HIGH])
    assert state.lives == (1, 2) and state.pool == 1
    play_round(state, [HIGH, LOW])  # round 2: seat 1 rolls first
    assert state.is_terminal() and state.winners == (1,)
    assert state.returns() == [-2.0, 2.0]


def test_trader_lowest_pays_the_stake_to_the_highest():
    state = new(players=3, mode="trader", stake=2, rounds=2)
    play_round(state, [LOW, MID, HIGH])
    assert state.coins == (-2, 0, 2)


def test_trader_several_losers_each_pay_every_winner():
    state = new(players=4, mode="trader", rounds=1)
    play_round(state, [LOW, HIGH, LOW, HIGH])
    assert state.coins == (-2, 2, -2, 2)
    assert state.is_terminal() and state.returns() == [-2.0, 2.0, -2.0, 2.0]


def test_trader_all_equal_nobody_pays():
    state = new(players=2, mode="trader", rounds=1)
    play_round(state, [MID, MID])
    assert state.coins == (0, 0) and state.is_terminal()


def test_treasure_loser_pays_the_pool_and_the_prize_takes_it():
    state = new(players=3, mode="treasure", coins=3, rounds=5)
    play_round(state, [LOW, MID, HIGH])
    assert state.coins == (2, 3, 3) and state.pool == 1
    # round 2 starts at seat 1; seat 2 rolls the major blessing and takes the pool (1), then
    # seat 0, lowest, pays a coin into the emptied pool
    play_round(state, [MID, (2, 3, 4, 5, 6), LOW])
    assert state.coins == (1, 3, 4) and state.pool == 1


def test_treasure_other_prize_and_no_rebuy_means_out():
    state = new(players=2, mode="treasure", coins=2, rounds=5, prize="minor blessing")
    play_round(state, [LOW, MID])
    assert state.coins == (1, 2) and state.pool == 1
    play_round(state, [(1, 2, 3, 4, 5), LOW])  # seat 1 first: the minor blessing takes the pool
    # seat 0 pays its last coin and is out; the survivor takes what is in the pool
    assert state.is_terminal() and state.winners == (1,)
    assert state.returns() == [-2.0, 2.0]


def test_treasure_rebuy_keeps_a_broke_player_in():
    state = new(players=2, mode="treasure", coins=1, rounds=2, rebuy=True)
    play_round(state, [LOW, MID])
    assert state.active == (True, True) and state.coins == (1, 1) and state.invested == (2, 1)
    play_round(state, [LOW, (1, 2, 3, 4, 5)])  # seat 1 first and lowest; no prize this time
    assert state.is_terminal() and state.invested == (2, 2) and state.pool == 2
    # the pool left after the last round is shared by the players still in
    assert state.returns() == [0.0, 0.0]


def test_prize_must_be_a_combination_of_the_dice_used():
    with pytest.raises(OptionError, match="three pairs"):
        garrison.load("gambit", dice=5, prize="three pairs")
    garrison.load("gambit", dice=6, prize="three pairs")


@pytest.mark.parametrize("bad", [{"dice": 7}, {"players": 1}, {"players": 9}, {"mode": "darts"}])
def test_bad_options_name_what_is_allowed(bad):
    with pytest.raises(OptionError, match="must be"):
        garrison.load("gambit", **bad)


def test_treasure_nobody_pays_if_everyone_still_in_would_go_broke():
    state = new(players=2, mode="treasure", coins=1, rounds=3)
    play_round(state, [LOW, LOW])
    assert state.coins == (1, 1) and state.pool == 0 and not state.is_terminal()
    assert "nobody pays" in state.observation(0)["log"][-2]


def test_two_dice_for_exact_game_theory_score_their_pip_sum():
    # the seed names combinations for 4, 5 and 6 dice only: with 2 a hand scores its pips
    from garrison.games.gambit.scoring import combination_name, score

    assert score((6, 6)) == 12 and score((1, 2)) == 3 and combination_name((6, 6)) == "pip sum"
    game = garrison.load("gambit", players=2, dice=2, lives=1, max_rounds=1)
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 21  # a roll of 2 dice: 21 multisets
    state.apply_action(roll_id((6, 6)))  # P1 rolls 6 6
    state.apply_action(state.parse_action("keep 6"))
    state.apply_action(state.parse_action("keep 6"))  # P1 scores 12
    state.apply_action(roll_id((1, 1)))  # P2 rolls 1 1
    state.apply_action(state.parse_action("keep 1"))
    state.apply_action(state.parse_action("keep 1"))  # P2 scores 2 and loses his only life
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_treasure_needs_a_combination_to_hunt():
    with pytest.raises(OptionError, match="treasure.*4, 5 or 6 dice"):
        garrison.load("gambit", dice=2, mode="treasure")
