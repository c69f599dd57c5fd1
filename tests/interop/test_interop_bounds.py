"""``max_game_length`` (decisions), ``max_chance_nodes`` and ``max_move_number`` (every move) are
true upper bounds: the worst cases are built on purpose (pieces walking in circles, roll-offs
tied at every roll, everyone passing at every deal), not met by random play. Every loop here is
guarded by the bound it checks, so a game that runs past it fails instead of running for ever."""

from __future__ import annotations

import random
from collections.abc import Callable

import pyspiel
import pytest

import garrison
from garrison.core import CHANCE
from garrison.games.soldateska import rules as soldateska_rules
from garrison.games.stratego.board import RAYS
from garrison.games.stratego.params import PLY_LIMIT
from garrison.interop import openspiel

Policy = Callable[[garrison.State, list[int]], int]


def _play(game: garrison.Game, decide: Policy, chance: Policy) -> tuple[int, int, garrison.State]:
    """Play to the end (or one move past the bound), counting decisions and chance moves."""
    state = game.new_initial_state()
    decisions = chances = 0
    while not state.is_terminal() and decisions + chances <= game.max_move_number:
        legal = state.legal_actions()
        if state.current_player() == CHANCE:
            state.apply_action(chance(state, legal))
            chances += 1
        else:
            state.apply_action(decide(state, legal))
            decisions += 1
    return decisions, chances, state


def _within(game: garrison.Game, decisions: int, chances: int, state: garrison.State) -> None:
    assert state.is_terminal(), f"still going after {decisions} decisions and {chances} chance moves"
    assert decisions <= game.max_game_length
    assert chances <= game.max_chance_nodes
    assert len(state.history()) == decisions + chances <= game.max_move_number


def _first(state: garrison.State, legal: list[int]) -> int:
    return legal[0]


# -- Stratego: two armies walking in circles -------------------------------------------------------


def _stratego_walk(state: garrison.State, legal: list[int]) -> int:
    """A step onto an empty square whenever there is one (never an attack), the first such."""
    if state.phase != 1:  # setup: the first legal placement
        return legal[0]
    board = state.board
    for action in legal:
        frm, direction, distance = action // 36, (action % 36) // 9, action % 9 + 1
        to = RAYS[frm][direction][distance - 1]
        if board[to] == -1:
            return action
    return legal[0]


def test_stratego_without_a_cap_ends_at_the_ply_limit():
    game = garrison.load("stratego", setup="pieces")
    assert game.options["max_plies"] == 0
    decisions, chances, state = _play(game, _stratego_walk, _first)
    _within(game, decisions, chances, state)
    assert state.ply == PLY_LIMIT and state.returns() == [0.0, 0.0]  # drawn at the limit
    assert game.max_game_length == 2 * 40 + PLY_LIMIT


def test_stratego_with_a_cap_ends_there():
    game = garrison.load("stratego", setup="whole", max_plies=300)
    decisions, chances, state = _play(game, _stratego_walk, _first)
    _within(game, decisions, chances, state)
    assert state.ply == 300 and game.max_game_length == 80 + 300


# -- Soldateska: roll-offs tied at every roll, a Bomb rolling 0 for ever ---------------------------


def _tie_every_roll(state: garrison.State, legal: list[int]) -> int:
    """At a roll-off every die shows 4 (all tie); the Bomb always shows 0 (roll again)."""
    if state.phase == soldateska_rules.ROLLOFF:
        return 4
    if state.phase == soldateska_rules.BOMB_ROLL:
        return 0
    return legal[0]


def test_soldateska_a_first_roll_off_tied_at_every_roll_ends():
    game = garrison.load("soldateska", players=6)
    state = game.new_initial_state()
    rolls = 0
    while state.phase == soldateska_rules.ROLLOFF and rolls <= game.max_chance_nodes:
        state.apply_action(4)
        rolls += 1
    assert state.phase != soldateska_rules.ROLLOFF
    assert rolls == soldateska_rules.ROLL_LIMIT * 6  # every roll of the six seats tied
    assert state.dealer == 0  # settled in place order


@pytest.mark.parametrize("options", [{"players": 3, "max_rounds": 4}, {"players": 6, "max_rounds": 2},
                                     {"players": 4}])
def test_soldateska_ties_and_bombs_for_ever_stay_within_the_bounds(options):
    game = garrison.load("soldateska", **options)
    _within(game, *_play(game, _first, _tie_every_roll))


def test_soldateska_a_bomb_rolling_zero_is_a_dud_at_the_limit():
    game = garrison.load("soldateska", players=3, max_rounds=1)
    state = game.new_initial_state()
    zeros = 0
    while not state.is_terminal() and len(state.history()) <= game.max_move_number:
        if state.phase == soldateska_rules.BOMB_ROLL:
            zeros += 1
            state.apply_action(0)
        elif state.current_player() == CHANCE and state.phase == soldateska_rules.ROLLOFF:
            state.apply_action(state.legal_actions()[0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    if zeros:  # the Bomb was dealt to a player this time
        assert zeros == soldateska_rules.ROLL_LIMIT


# -- Solo 66: everyone passes at every deal ---------------------------------------------------------


def _everyone_passes(state: garrison.State, legal: list[int]) -> int:
    from garrison.games.solo66.actions import PASS

    return PASS if PASS in legal else legal[0]


@pytest.mark.parametrize("deals", [1, 5])
def test_solo66_throw_ins_stay_within_the_bounds(deals):
    game = garrison.load("solo66", deals=deals)
    decisions, chances, state = _play(game, _everyone_passes, _first)
    _within(game, decisions, chances, state)
    assert state.throw_ins == 20 and state.deal_no <= 1


# -- the other games: the longest choices ------------------------------------------------------------


def _gambit_longest(state: garrison.State, legal: list[int]) -> int:
    """Set aside one die, then roll the rest again: the most decisions a turn."""
    from garrison.games.gambit.actions import ROLL

    return ROLL if ROLL in legal else legal[0]


@pytest.mark.parametrize("options", [{"players": 2, "max_rounds": 30}, {"players": 5, "dice": 6, "mode": "coins",
                                                                        "lives": 3, "max_rounds": 20},
                                     {"players": 3, "mode": "treasure", "coins": 1, "rounds": 4, "rebuy": True}])
def test_gambit_longest_turns_and_equal_rolls_stay_within_the_bounds(options):
    # every roll the same outcome: every round a tie, nobody out before the round limit
    game = garrison.load("gambit", **options)
    _within(game, *_play(game, _gambit_longest, _first))


def _scopa_longest(state: garrison.State, legal: list[int]) -> int:
    """Choose captures card by card (``take``) whenever there is a choice; else the last id."""
    takes = [a for a in legal if 40 <= a < 80]
    return takes[0] if takes else legal[-1]


@pytest.mark.parametrize("options", [{"players": 2, "target": 3}, {"players": 4, "deal": "scopone", "target": 2}])
def test_scopa_stays_within_the_bounds(options):
    game = garrison.load("scopa", **options)
    _within(game, *_play(game, _scopa_longest, _first))


@pytest.mark.parametrize("name", sorted(garrison.games()))
def test_random_play_of_every_test_config_stays_within_the_bounds(name):
    rng = random.Random(7)
    for options in garrison.game_class(name).test_configs:
        game = garrison.load(name, **options)
        for _ in range(2):
            _within(game, *_play(game, lambda s, legal: rng.choice(legal),
                                 lambda s, legal: rng.choice(legal)))


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"players": 2, "rules": "base"}])
def test_1848_passing_and_last_choices_stay_within_the_bounds(options):
    game = garrison.load("1848", **options)
    for policy in (_first, lambda s, legal: legal[-1]):
        _within(game, *_play(game, policy, _first))


# -- what OpenSpiel reads -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(garrison.games()))
def test_openspiel_declares_the_same_bounds(name):
    openspiel.register([name])
    game = pyspiel.load_game(f"garrison_{name}")
    ours = game.garrison_game
    assert game.max_game_length() == ours.max_game_length
    assert game.max_chance_nodes_in_history() == ours.max_chance_nodes
    assert game.max_move_number() == ours.max_move_number == ours.max_game_length + ours.max_chance_nodes
