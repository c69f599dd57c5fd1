"""The heuristic bot: legal, blind to hidden cards, and clearly better than random."""

from __future__ import annotations

import random
import statistics

from solo66_helpers import calls, deal, new_state

import garrison
from garrison.bots import make_bot
from garrison.games.solo66.bots import suit_value
from garrison.games.solo66.deck import DECK, HEARTS, SPADES, mask_of
from random_play import decisions


def test_suit_value_prefers_long_high_trumps():
    hand = mask_of(DECK.parse(n) for n in (
        "Hearts A", "Hearts 10", "Hearts K", "Hearts 7", "Spades 8", "Clubs 9"))
    assert suit_value(hand, HEARTS) > 9 > suit_value(hand, SPADES)


def test_the_bot_bids_a_strong_hand_and_passes_a_weak_one():
    state = new_state()
    deal(state, {
        1: ["Hearts A", "Hearts 10", "Hearts K", "Hearts 7", "Spades A", "Clubs 9"],
        2: ["Spades 7", "Spades 8", "Diamonds 7", "Diamonds 8", "Clubs 7", "Clubs 8"],
    })
    game = state.game
    action = make_bot(game, "heuristic", 1, seed=0).step(state)
    assert state.action_to_string(action) == "bid Diamonds"  # lowest bid; may announce higher
    state.apply_action(action)
    assert state.action_to_string(make_bot(game, "heuristic", 2, seed=0).step(state)) == "pass"


def test_the_bot_banks_a_bare_ten_when_discarding():
    state = new_state()
    deal(
        state,
        {1: ["Hearts A", "Hearts 10", "Hearts K", "Hearts Q", "Spades 10", "Spades 7"]},
        talon=["Hearts 7", "Clubs 8"],
    )
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass", "announce Hearts")
    bot = make_bot(state.game, "heuristic", 1, seed=0)
    first = bot.step(state)
    state.apply_action(first)
    second = bot.step(state)
    assert {DECK.name[first], DECK.name[second]} & {"Spades 10"}


def test_the_bot_decides_the_same_in_any_world_it_cannot_tell_apart():
    game = garrison.load("solo66", deals=1)
    rng = random.Random(5)
    checked = 0
    for _ in range(10):
        state = game.new_initial_state()
        for _ in decisions(state, rng):
            seat = state.current_player()
            world = state.resample(seat, random.Random(rng.random()))
            a = make_bot(game, "heuristic", seat, seed=1).step(state)
            b = make_bot(game, "heuristic", seat, seed=1).step(world)
            assert a == b and a in state.legal_actions()
            checked += 1
            state.apply_action(a)
    assert checked > 150


def test_heuristic_beats_random():
    game = garrison.load("solo66", deals=5)
    rng = random.Random(2)
    mine, theirs = [], []
    for g in range(40):
        me = g % 5
        bots = [
            make_bot(game, "heuristic" if p == me else "random", p, seed=rng.randrange(10**6))
            for p in range(5)
        ]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        returns = state.returns()
        mine.append(returns[me])
        theirs.extend(r for p, r in enumerate(returns) if p != me)
    assert statistics.mean(mine) > 150 > statistics.mean(theirs) + 150
