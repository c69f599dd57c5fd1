"""Scopa's worlds keep a history that holds only what their seat has seen: the game replayed with
the current deal's cards to the other hands rewritten (docs/rules/scopa.md, "Bots"), so that a
world steps back to the deal and ``ismcts:infer`` can read the other players' decisions."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.bots import make_bot
from garrison.games.scopa.actions import NUM_ACTIONS
from random_play import play_randomly, random_step


def _position(players: int, seed: int) -> garrison.State:
    """A random decision node of a random game."""
    rng = random.Random(seed)
    state = garrison.load("scopa", players=players).new_initial_state()
    play_randomly(state, rng, rng.randrange(8, 160))
    while state.is_chance_node():
        random_step(state, rng)
    return state


def _deal_start(state: garrison.State) -> int:
    """Where the current deal's run of chance actions begins in the history."""
    walk = state.game.new_initial_state()
    chance = []
    for action in state.history():
        chance.append(walk.is_chance_node())
        walk.apply_action(action)
    end = len(chance)
    while end and not chance[end - 1]:
        end -= 1
    while end and chance[end - 1]:
        end -= 1
    return end


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", range(12))
def test_a_world_is_the_game_with_only_the_unseen_cards_rewritten(players, seed):
    state = _position(players, seed)
    if state.is_terminal():
        return
    seat = state.current_player()
    start = _deal_start(state)
    for k in range(4):
        world = state.resample(seat, random.Random(k))
        world.check_invariants()
        assert world.observation(seat) == state.observation(seat)
        assert world.observation_key(seat) == state.observation_key(seat)
        history, true = world.history(), state.history()
        assert len(history) == len(true) and history[:start] == true[:start]
        # only chance actions (card ids below 40) of the current deal differ
        assert all(a == b or (i >= start and a < 40 and b < 40)
                   for i, (a, b) in enumerate(zip(history, true)))
        for other in range(players):
            if other != seat:
                assert world.hands[other].bit_count() == state.hands[other].bit_count()
        unseen = state.stock | sum(state.hands[s] for s in range(players) if s != seat)
        assert world.stock | sum(world.hands[s] for s in range(players) if s != seat) == unseen
        # it steps back to the deal, every position on the way a legal one
        for _ in range(len(history) - start):
            world.undo()
            world.check_invariants()
        assert world.history() == true[:start]


@pytest.mark.parametrize("seed", range(8))
def test_two_positions_a_seat_cannot_tell_apart_give_it_the_same_worlds(seed):
    state = _position(2, 100 + seed)
    if state.is_terminal():
        return
    seat = state.current_player()
    other = state.resample(seat, random.Random(seed))  # the same for this seat, other cards
    for k in range(3):
        mine, theirs = state.resample(seat, random.Random(k)), other.resample(seat, random.Random(k))
        assert mine.fields() == theirs.fields() and mine.history() == theirs.history()


def test_a_seat_out_of_range_is_refused():
    state = _position(2, 1)
    with pytest.raises(garrison.GameError, match="no seat 2"):
        state.resample(2, random.Random(0))
    assert max(state.history()) < NUM_ACTIONS


def test_infer_reads_the_greedy_opponents_decisions_in_scopa():
    """With worlds that step back, ``infer`` weighs them by the opponent's decisions since the
    deal: against ``greedy`` (the rollout model) nearly every chosen world repeats them all."""
    game = garrison.load("scopa", players=2)
    bot = make_bot(game, "ismcts:sims=60:infer=8", 0, seed=1)
    greedy = make_bot(game, "greedy", 1, seed=2)
    rng = random.Random(4)
    state = game.new_initial_state()
    agreement, worlds = 0.0, 0
    while not state.is_terminal() and worlds < 400:
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        if state.current_player() == 0:
            action = bot.step(state)
            agreement += bot.last_agreement[0]
            worlds += bot.last_agreement[1]
        else:
            action = greedy.step(state)
        state.apply_action(action)
    assert worlds > 100 and agreement / worlds > 0.9
