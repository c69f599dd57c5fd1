"""Seed 'Rules': the turn (roll, set aside at least one, reroll) and the round (lowest loses)."""

import pytest
from gambit_helpers import play_round, score_turn, turn

import garrison
from garrison import IllegalActionError, NotYourTurnError
from garrison.core.dice import roll_id
from garrison.games.gambit import actions


def new(**options):
    return garrison.load("gambit", **options).new_initial_state()


def test_a_turn_sets_aside_at_least_one_die_after_every_roll():
    state = new(players=2)
    state.apply_action(roll_id((1, 2, 4, 5, 6)))
    assert state.legal_actions() == [actions.keep(f) for f in (1, 2, 4, 5, 6)]
    before = state.fields()
    with pytest.raises(IllegalActionError, match="at least one die"):
        state.apply_action(actions.ROLL)
    with pytest.raises(IllegalActionError, match="no 3 left"):
        state.apply_action(actions.keep(3))
    assert state.fields() == before
    state.apply_action(actions.keep(6))
    state.apply_action(actions.keep(5))
    assert actions.ROLL in state.legal_actions()
    state.apply_action(actions.ROLL)
    # three dice are rolled again: 56 distinct outcomes of three dice
    assert len(state.chance_outcomes()) == 56
    turn(state, ((6, 6, 1), (6,)), ((3, 4), (4,)), ((6,), (6,)))
    assert state.scores[0] == 6 + 5 + 6 + 4 + 6
    assert state.current_player() == garrison.CHANCE and state.mover == 1


def test_all_dice_may_be_set_aside_at_once_and_that_ends_the_turn():
    state = new(players=3)
    score_turn(state, (2, 3, 4, 5, 6))
    assert state.scores[0] == 40
    assert state.mover == 1 and state.kept == ()


def test_only_the_seat_to_move_may_act():
    state = new(players=2)
    state.apply_action(roll_id((1, 1, 2, 3, 3)))
    with pytest.raises(NotYourTurnError):
        state.apply_action(actions.keep(1), seat=1)
    state.apply_action(actions.keep(1), seat=0)


def test_lowest_score_loses_a_life():
    state = new(players=3)
    play_round(state, [(6, 6, 6, 6, 6), (1, 2, 3, 4, 6), (5, 5, 5, 4, 4)])
    assert state.lives == (3, 2, 3)
    assert state.round_no == 2


def test_everyone_tied_for_lowest_loses():
    state = new(players=3)
    play_round(state, [(1, 2, 3, 4, 6), (6, 6, 6, 6, 6), (1, 1, 4, 5, 5)])
    assert state.lives == (2, 3, 2)


def test_first_player_moves_one_seat_left_each_round_skipping_players_out():
    state = new(players=3, lives=1)
    assert state.order == (0, 1, 2)
    play_round(state, [(6, 6, 6, 6, 6), (1, 1, 1, 2, 2), (5, 5, 5, 5, 4)])
    assert state.active == (True, False, True)
    # seat 1 would have started round 2 but is out: seat 2 starts
    assert state.order == (2, 0)


def test_last_player_standing_wins():
    state = new(players=2, lives=1)
    play_round(state, [(1, 1, 1, 2, 2), (3, 3, 3, 2, 2)])
    assert state.is_terminal()
    assert state.winners == (1,)
    assert state.returns() == [-1.0, 1.0]


def test_if_everyone_would_go_out_nobody_loses_a_life():
    state = new(players=2, lives=1)
    play_round(state, [(1, 2, 2, 3, 4), (4, 3, 2, 2, 1)])
    assert not state.is_terminal()
    assert state.lives == (1, 1)
    assert any("nobody loses" in line for line in state.observation(0)["log"])


def test_three_players_two_tied_at_the_bottom_with_last_lives():
    state = new(players=3, lives=1)
    play_round(state, [(1, 1, 2, 2, 3), (6, 6, 6, 5, 5), (3, 2, 2, 1, 1)])
    assert state.is_terminal() and state.winners == (1,)
    assert state.returns() == [-0.5, 1.0, -0.5]


@pytest.mark.parametrize("dice, hand, points", [(4, (3, 4, 5, 6), 34), (6, (1, 2, 3, 4, 5, 6), 46)])
def test_four_and_six_dice_turns(dice, hand, points):
    state = new(players=2, dice=dice)
    assert len(state.chance_outcomes()) == {4: 126, 6: 462}[dice]
    score_turn(state, hand)
    assert state.scores[0] == points


def test_the_round_cap_ends_a_long_game_with_survivors_sharing():
    state = new(players=3, max_rounds=1)
    play_round(state, [(6, 6, 6, 6, 6), (1, 2, 3, 4, 6), (5, 5, 5, 4, 4)])
    assert state.is_terminal() and state.winners == (0, 1, 2)
    assert state.returns() == [0.0, 0.0, 0.0]


def test_the_text_view_sums_the_dice_set_aside_and_asks_the_mover() -> None:
    import garrison
    from garrison.core.dice import roll_id
    from garrison.games.gambit import actions

    game = garrison.load("gambit", players=2)
    state = game.new_initial_state()
    state.apply_action(roll_id((2, 3, 3, 4, 6)))
    text = game.render(state.observation(0))
    assert "Set aside: -" in text
    assert text.endswith("Your move: set aside at least one die of this roll, e.g. 'keep 2'.")
    state.apply_action(actions.keep(6))
    state.apply_action(actions.keep(4))
    text = game.render(state.observation(0))
    assert "Set aside: 4 6 (10 so far)" in text
    assert text.endswith("Your move: set aside another die, e.g. 'keep 2', or 'roll' the rest.")
    assert game.render(state.observation(1)).endswith("Waiting for P1.")
    kept = next(z for z in game.widgets(state.observation(0), [])["zones"] if z["id"] == "kept")
    assert kept["label"] == "Set aside: 10 so far"
