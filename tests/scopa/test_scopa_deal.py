"""The deal (docs/rules/scopa.md, "The deal"): hand sizes, deals per hand, the
three-Kings redeal, Scopone deals, order of play and the rotating deal."""

from __future__ import annotations

import random

import pytest
from scopa_helpers import deal, do, load, names, start

from garrison import OptionError, sample_chance


def play_until_next_deal(state, rng):
    """Random play until chance deals again (or the hand ends); returns the plays made."""
    plays = 0
    while not state.is_chance_node() and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        plays += 1
    return plays


@pytest.mark.parametrize("players, deals", [(2, 6), (3, 4), (4, 3), (6, 2)])
def test_three_cards_each_and_four_on_the_table_then_fresh_deals(players, deals):
    state = load(players=players, target=99).new_initial_state()
    rng = random.Random(players)
    seen_deals = 0
    while True:
        while state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        obs = state.observation(0)
        if obs["hand_no"] > 1:
            break
        seen_deals += 1
        assert obs["hand_sizes"] == [3] * players
        if seen_deals == 1:
            assert len(obs["table"]) == 4 and obs["stock"] == 36 - 3 * players
        while obs["hand_no"] == 1 and (state.current_player() >= 0):
            state.apply_action(rng.choice(state.legal_actions()))
            obs = state.observation(0)
        if obs["hand_no"] > 1:
            break
    assert seen_deals == deals


def test_three_kings_on_the_table_void_the_deal():
    state = load(players=2).new_initial_state()
    deal(state, "kd kh 5c kc")
    obs = state.observation(0)
    assert obs["table"] == [] and obs["stock"] == 40
    assert "dealt again" in obs["log"][-1]
    deal(state, "kd kh 5c 2s")  # two Kings are fine
    assert state.observation(0)["table"] == names("kd kh 5c 2s")
    assert state.observation(0)["stock"] == 36


def test_four_kings_void_the_deal_too():
    state = load(players=4, deal="scopone").new_initial_state()
    deal(state, "kd kh ks kc")
    assert state.observation(0)["table"] == [] and state.observation(0)["stock"] == 40


def test_scopone_deals_nine_each_and_four_on_the_table_once():
    state = load(players=4, deal="scopone").new_initial_state()
    rng = random.Random(5)
    deals = 0
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
        deals += 1
    obs = state.observation(2)
    assert deals >= 40 and obs["stock"] == 0
    assert obs["hand_sizes"] == [9, 9, 9, 9] and len(obs["table"]) == 4 and len(obs["hand"]) == 9
    plays = play_until_next_deal(state, rng)
    assert plays >= 36  # no further deal in the hand: the next chance node is the next hand
    assert state.observation(0)["hand_no"] == 2 or state.is_terminal()


def test_scopone10_deals_ten_each_and_nothing_on_the_table():
    state = load(players=4, deal="scopone10").new_initial_state()
    rng = random.Random(6)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    obs = state.observation(0)
    assert obs["hand_sizes"] == [10] * 4 and obs["table"] == [] and obs["stock"] == 0


@pytest.mark.parametrize("options", [{"players": 2, "deal": "scopone"},
                                     {"players": 6, "deal": "scopone10"},
                                     {"ace_scopa": True}])
def test_option_combinations_that_make_no_game_are_refused(options):
    with pytest.raises(OptionError):
        load(**options)


def test_seat_after_the_dealer_leads_and_the_deal_passes_to_it():
    state = start("2c 3c 4c 5c", ("kd kh ks", "qd qh qs", "jd jh js", "7d 7h 7s"), players=4)
    obs = state.observation(None)
    assert obs["dealer"] == 3 and state.current_player() == 0
    do(state, "play kd")
    assert state.current_player() == 1
    do(state, "play qd")
    assert state.current_player() == 2
    rng = random.Random(1)
    while state.observation(None)["hand_no"] == 1:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    assert state.observation(None)["dealer"] == 0 and state.current_player() == 1


def test_after_a_void_deal_a_resampled_world_keeps_every_card_once():
    import pickle

    state = load(players=2).new_initial_state()
    deal(state, "kd kh 5c kc")  # void: back to the stock
    deal(state, "kc 2h 3h 4h")  # Clubs K comes out again, now on the table
    deal(state, "kd 6h 7h jh qh kh")  # the voided Kings go to the hands
    do(state, "play kd")  # seat 0 takes the Clubs K
    world = state.resample(0, random.Random(3))
    world.check_invariants()
    assert pickle.loads(pickle.dumps(world)) == world
    assert world.observation(0) == state.observation(0)
    # the world's history is the game's with the other hand's cards rewritten: the voided deal
    # and the table are public, and the history steps back to the deal
    assert world.history()[:10] == state.history()[:10]
    assert len(world.history()) == len(state.history())
    world.undo()
    world.check_invariants()


def test_a_reduced_pack_is_dealt_whole_and_only_its_cards_play():
    # for exact game theory (garrison.interop.openspiel.tiny_games): Diamonds Ace to 4, 2 each
    game = load(players=2, deal="all", values=4, suits=1, hand_limit=1)
    state = game.new_initial_state()
    assert state.pack == 0b1111
    rng = random.Random(3)
    while state.is_chance_node():
        assert set(state.legal_actions()) <= {0, 1, 2, 3}
        state.apply_action(sample_chance(state, rng))
    obs = state.observation(0)
    assert obs["hand_sizes"] == [2, 2] and obs["table"] == [] and obs["stock"] == 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        state.check_invariants()
    counted = state.last_score
    assert counted is not None and sum(len(p) for p in state.observation(None)["captured"]) == 4


@pytest.mark.parametrize("options, message", [
    ({"values": 4, "suits": 1}, "dealt whole: use deal='all'"),
    ({"values": 3, "suits": 1, "deal": "all", "players": 2}, "3 cards of the pack evenly"),
    ({"values": 11, "deal": "all"}, "values"),
])
def test_a_pack_that_cannot_be_dealt_is_refused_naming_why(options, message):
    with pytest.raises(OptionError, match=message):
        load(**options)
