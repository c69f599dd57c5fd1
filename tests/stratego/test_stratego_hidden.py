"""The observation gate: what each side may know, the tensor, the log, and resample."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from stratego_helpers import play, start

import garrison
from garrison.games.stratego.actions import CATALOGUE, RANDOM_SETUP
from garrison.games.stratego.pieces import BOMB, FLAG, SCOUT


def random_game(seed: int, plies: int, **options):
    game = garrison.load("stratego", setup="whole", **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    state.apply_action(RANDOM_SETUP)
    while state.current_player() == garrison.CHANCE:
        state.apply_action(garrison.sample_chance(state, rng))
    state.apply_action(CATALOGUE + rng.randrange(game.catalogue))
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_other_sides_setup_stays_behind_the_screen():
    game = garrison.load("stratego")
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(CATALOGUE + 0)
    b.apply_action(CATALOGUE + 5)
    assert a.board != b.board
    assert a.observation(1) == b.observation(1)
    assert np.array_equal(a.observation_tensor(1), b.observation_tensor(1))
    assert all(cell is None for cell in a.observation(1)["board"])
    assert sum(cell is not None for cell in a.observation(0)["board"]) == 40


def test_enemy_ranks_are_hidden_until_a_fight_but_moves_are_public():
    red = {"a1": "F", "j1": "B", "e2": "2", "a2": "3", "b2": "7"}
    blue = {"a10": "F", "j10": "B", "e9": "3", "j9": "2", "b9": "7"}
    state = start(red, blue)
    seen = state.observation(1)["board"]
    assert seen[11] == [0, None, 0, 0]  # Red's 7 on b2: position only
    assert state.observation(0)["board"][11] == [0, 7, 0, 0]  # its owner sees the rank
    play(state, "b2-b3", "j9-j8", "e2-e5")
    seen = state.observation(1)["board"]
    assert seen[21] == [0, None, 1, 0]  # b3: moved, rank unknown
    assert seen[44] == [0, SCOUT, 1, 1]  # e5: ran three squares: a Soldier
    play(state, "b9-b8", "e5xe9")  # the Soldier attacks Blue's Defuser and loses
    obs = state.observation(0)
    assert obs["board"][84] == [1, 3, 0, 1]  # e9: Blue's Defuser is now known
    assert obs["captured"] == [[SCOUT], []]
    # the log tells moves without ranks, fights with both ranks
    assert obs["log"][-3:] == ["Red e2-e5", "Blue b9-b8",
                               "Red e5xe9: Soldier attacks Defuser; the defender holds"]
    assert obs["log"][0] == "Red has set up"


def test_forget_revealed_hides_a_survivor_again_but_not_the_captured():
    red = {"a1": "F", "j1": "B", "e2": "2", "a2": "3"}
    blue = {"a10": "F", "j10": "B", "e9": "3", "j9": "2"}
    state = start(red, blue, forget_revealed=True)
    play(state, "e2xe9")
    obs = state.observation(0)
    assert obs["board"][84] == [1, None, 0, 1] and obs["captured"] == [[SCOUT], []]


def test_errors_never_name_a_hidden_enemy_rank():
    red = {"a1": "F", "j1": "B", "e4": "3", "a2": "7"}
    blue = {"a10": "F", "j10": "B", "e7": "7", "j9": "3"}
    state = start(red, blue)
    play(state, "e4-e5", "e7-e6")
    messages = []
    for text in ("e6-e7", "e6xe5", "a10-a9", "j10-j9"):
        with pytest.raises(garrison.IllegalActionError) as err:
            state.apply_action(state.parse_action(text))
        messages.append(str(err.value))
    assert all("Major" not in m and "Bomb" not in m and "Flag" not in m for m in messages)
    assert messages[0] == "the piece on e6 is not yours"


@pytest.mark.parametrize("seed", range(6))
def test_resample_keeps_everything_the_seat_knows(seed):
    state = random_game(seed, 120)
    if state.is_terminal():
        return
    n = state.rules.n
    for seat in (0, 1):
        other = 1 - seat
        worlds = [state.resample(seat, random.Random(k)) for k in range(4)]
        for world in worlds:
            assert world.observation(seat) == state.observation(seat)
            assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
            world.check_invariants()
            for p in range(other * n, other * n + n):
                if state.moved >> p & 1:
                    assert world.rank[p] not in (BOMB, FLAG), "a moved piece became immovable"
                if state.scouted >> p & 1 or state.revealed >> p & 1:
                    assert world.rank[p] == state.rank[p]
            for p in range(seat * n, seat * n + n):
                assert world.rank[p] == state.rank[p]
            assert Counter(world.rank) == Counter(state.rank)
        hidden = [p for p in range(other * n, other * n + n) if state.pos[p] >= 0
                  and not (state.revealed >> p & 1 or state.scouted >> p & 1)]
        if len({state.rank[p] for p in hidden}) > 1:
            assert any(w.rank != state.rank for w in worlds), "resample never varied the hidden ranks"


def test_a_world_in_play_forgets_the_true_history():
    state = random_game(3, 60)
    world = state.resample(1, random.Random(9))
    assert world.history() == [] and state.history() != []
    with pytest.raises(garrison.GameError):
        world.undo()
    world.apply_action(world.legal_actions()[0])  # a world plays on like any state


def test_resample_during_setup_moves_the_hidden_pieces_only():
    game = garrison.load("stratego", army="barrage")
    state = game.new_initial_state()
    state.apply_action(CATALOGUE + 2)  # Red sets up 8 pieces in 40 squares
    world = state.resample(1, random.Random(4))
    assert world.observation(1) == state.observation(1)
    assert world.current_player() == state.current_player() == 1
    assert world.board != state.board
    world.check_invariants()
    again = garrison.replay(world.to_record())
    assert again == world  # the rewritten history rebuilds the world exactly


def test_resample_while_blue_places_piece_by_piece_replays_exactly():
    game = garrison.load("stratego", army="duel", setup_rows=3)
    state = game.new_initial_state()
    state.apply_action(RANDOM_SETUP)
    rng = random.Random(2)
    while state.current_player() == garrison.CHANCE:
        state.apply_action(garrison.sample_chance(state, rng))
    play(state, "place j10", "place i10")
    world = state.resample(1, random.Random(8))
    assert world.board != state.board and world.observation(1) == state.observation(1)
    assert garrison.replay(world.to_record()) == world
