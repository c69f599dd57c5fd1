"""Gambit bots: legal, deterministic for a seed, and exact is stronger than greedy."""

import garrison
from garrison.arena import run_matches
from garrison.bots import make_bot
from garrison.core.dice import roll_id
from garrison.games.gambit import actions


def test_greedy_keeps_the_blessing_it_rolled():
    game = garrison.load("gambit", players=2)
    state = game.new_initial_state()
    state.apply_action(roll_id((2, 3, 4, 5, 6)))
    bot = make_bot(game, "greedy", 0)
    kept = []
    while state.current_player() == 0:
        action = bot.step(state)
        assert action != actions.ROLL
        kept.append(actions.face_of(action))
        state.apply_action(action)
    assert sorted(kept) == [2, 3, 4, 5, 6]


def test_exact_last_player_stops_once_safe():
    """Last to roll against a posted 8: setting the 6 aside makes any final score at least 10,
    so the exact bot (maximising P(score > 8)) takes it first."""
    game = garrison.load("gambit", players=2)
    state = game.new_initial_state()
    state.apply_action(roll_id((1, 1, 2, 2, 2)))
    for face in (1, 1, 2, 2, 2):
        state.apply_action(actions.keep(face))
    state.apply_action(roll_id((1, 1, 1, 1, 6)))
    bot = make_bot(game, "exact", 1)
    action = bot.step(state)
    # exact keeps the 6 first (any final score with a 6 beats 8)
    assert action == actions.keep(6)


def test_exact_beats_greedy_over_many_games():
    result = run_matches("gambit", {"players": 2}, ["exact", "greedy"], games=600, seed=3)
    exact, greedy = result.slots
    assert exact.mean_return()[0] > greedy.mean_return()[0]
