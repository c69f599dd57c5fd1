"""The heuristic bot and the text view."""

from __future__ import annotations

import random

from stratego_helpers import play, start

import garrison
from garrison.bots import make_bot
from garrison.games.stratego.pieces import BOMB, FLAG


def play_out(game, names, seed):
    bots = [make_bot(game, names[s], seat=s, seed=seed * 2 + s) for s in (0, 1)]
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(garrison.sample_chance(state, rng) if player < 0 else bots[player].step(state))
    return state


def test_heuristic_beats_random_from_either_chair():
    game = garrison.load("stratego", max_plies=3000)
    wins = 0
    for seed in range(6):
        seat = seed % 2
        names = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        wins += play_out(game, names, seed).returns()[seat] > 0
    assert wins >= 5


def test_heuristic_spy_strikes_a_revealed_marshal():
    state = start({"a1": "F", "e4": "S", "f4": "4", "j2": "10"},
                  {"a10": "F", "f7": "10", "j9": "S", "i9": "4"})
    play(state, "f4-f5", "f7-f6", "e4-e5", "f6xf5")  # Blue's Marshal shows itself on f5
    bot = make_bot(state.game, "heuristic", seat=0, seed=1)
    assert state.action_to_string(bot.step(state)) == "e5xf5"


def test_heuristic_takes_a_revealed_weaker_piece():
    state = start({"a1": "F", "e4": "7", "f4": "2", "j2": "4"},
                  {"a10": "F", "e7": "4", "j9": "7", "i9": "2"})
    play(state, "f4-f5", "e7-e6", "f5-e5", "e6xe5")  # Blue's Sergeant beats the Soldier: known
    bot = make_bot(state.game, "heuristic", seat=0, seed=3)
    assert state.action_to_string(bot.step(state)) == "e4xe5"


def test_heuristic_places_piece_by_piece_with_its_flag_at_the_back():
    game = garrison.load("stratego", setup="pieces")
    state = game.new_initial_state()
    bot = make_bot(game, "heuristic", seat=0, seed=4)
    while state.current_player() == 0:
        state.apply_action(bot.step(state))
    flag = state.pos[0]
    assert state.rank[0] == FLAG and flag < 10
    bombs = [state.rank[state.board[s]] for s in (flag - 1, flag + 1, flag + 10)
             if 0 <= s < 40 and (s // 10 == flag // 10 or s == flag + 10)]
    assert all(rank == BOMB for rank in bombs)


def test_view_shows_own_ranks_and_enemy_pieces_as_unknown_moved_or_revealed():
    state = start({"a1": "F", "e2": "2", "b2": "7"}, {"a10": "F", "e9": "7", "j9": "2"})
    game = state.game
    play(state, "b2-b3", "j9-j8")
    text = game.render(state.observation(0))
    assert "you play Red" in text
    row10 = next(line for line in text.splitlines() if line.startswith("10 "))
    assert "[ ?]" in row10  # Blue's Flag and Major: unknown, never moved
    row8 = next(line for line in text.splitlines() if line.startswith(" 8 "))
    assert "[?m]" in row8  # Blue's piece that moved
    play(state, "e2xe9")  # the Soldier runs into the Major: both shown
    text = game.render(state.observation(0))
    assert "[ 7]" in text and "Red has lost: Soldier (2)" in text
    assert "Red e2xe9: Soldier attacks Major; the defender holds" in text
    blue = game.render(state.observation(1))
    lines = blue.splitlines()
    assert lines[1].startswith(" 1 ") and lines[10].startswith("10 ")  # Blue sits at the bottom
    assert "  7*" in blue  # Blue's own Major, known to Red
    assert "Your move" in blue


def test_view_during_setup_hides_the_other_side_and_explains_the_choices():
    game = garrison.load("stratego")
    state = game.new_initial_state()
    state.apply_action(state.parse_action("setup 1"))
    text = game.render(state.observation(1))
    assert "'random setup'" in text and "'setup 31'" in text
    assert "[" not in text.split("Marshal")[0]  # no Red piece on the board


def test_view_names_lost_pieces_once_a_rank_and_keys_its_symbols_within_a_terminal():
    state = start({"a1": "F", "e2": "2", "b2": "2", "c2": "7"},
                  {"a10": "F", "e9": "7", "j9": "2", "i9": "2"})
    game = state.game
    # Both Red Soldiers run into Blue's Major.
    play(state, "e2-e8", "j9-j8", "e8xe9", "j8-j7", "b2-b9", "j7-j6", "b9-d9", "i9-i8", "d9xe9")
    text = game.render(state.observation(0))
    assert "Red has lost: Soldier (2) ×2" in text
    red = text.splitlines()
    assert "Ranks: 10 Marshal  9 General  8 Colonel  7 Major  6 Captain  5 Lieutenant" in red
    assert "       4 Sergeant  3 Defuser  2 Soldier  S Spy  B Bomb  F Flag" in red
    assert "Key: [ ?] an enemy piece  [?m] one that has moved  [ 7] one revealed" in red
    spectator = game.render(state.observation(None)).splitlines()
    assert "Key: r Red's, b Blue's  ? not yet revealed  ?m has moved" in spectator
    for line in red + spectator:
        if line.startswith(("Ranks:", "Key:", "     ")):
            assert len(line) <= 76, line
