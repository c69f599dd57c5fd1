"""Leaf evaluation for search cut off early: the rollout horizon and Stratego's ``evaluate``."""

from __future__ import annotations

import math
import random

import pytest

import garrison
from garrison import CHANCE, OptionError
from garrison.bots import make_bot
from garrison.bots.search import Rollout
from garrison.games.gambit import evaluate as gev
from garrison.games.stratego import evaluate as ev
from garrison.games.stratego.bots import VALUE
from garrison.games.stratego.pieces import FLAG


def _stratego_play(seed, plies=0, until_fight=False):
    """A Stratego state in play after ``plies`` random moves (or the first fight)."""
    rng = random.Random(seed)
    state = garrison.load("stratego", setup="whole").new_initial_state()
    played = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        if state.phase == ev.PLAY and (
            (until_fight and state.revealed) or (not until_fight and played >= plies)
        ):
            break
        state.apply_action(rng.choice(state.legal_actions()))
        if state.phase == ev.PLAY:
            played += 1
    return state


def test_start_of_play_is_even_and_counts_every_hidden_piece():
    state = _stratego_play(seed=1)
    n = state.rules.n
    army = [state.rank[p] for p in range(n)]
    expected = sum(VALUE[r] for r in army if r != FLAG) * (1 + ev.HIDDEN_BONUS)
    assert ev.material(state, 0) == pytest.approx(expected)
    assert ev.material(state, 1) == pytest.approx(expected)
    assert ev.evaluate(state) == [0.0, 0.0]


@pytest.mark.parametrize("seed", range(4))
def test_value_is_the_squashed_material_difference_after_fights(seed):
    state = _stratego_play(seed, until_fight=True)
    assert state.revealed  # a fight happened
    diff = ev.material(state, 0) - ev.material(state, 1)
    value = ev.evaluate(state)
    assert value[0] == pytest.approx(math.tanh(diff / ev.SCALE))
    assert value[1] == pytest.approx(-value[0])
    assert -1 <= value[0] <= 1


def test_a_seen_piece_counts_less_than_a_hidden_one():
    state = _stratego_play(seed=2, until_fight=True)
    n = state.rules.n
    seen = [p for p in range(2 * n) if state.revealed >> p & 1 and state.pos[p] >= 0]
    hidden = [p for p in range(2 * n) if not state.revealed >> p & 1 and state.pos[p] >= 0
              and state.rank[p] != FLAG]
    for side in (0, 1):
        total = sum(VALUE[state.rank[p]] for p in seen if p // n == side)
        total += sum(VALUE[state.rank[p]] * (1 + ev.HIDDEN_BONUS) for p in hidden if p // n == side)
        assert ev.material(state, side) == pytest.approx(total)


def test_the_end_of_the_game_is_its_returns():
    rng = random.Random(3)
    state = _stratego_play(seed=3)
    while not state.is_terminal():
        state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    assert ev.evaluate(state) == state.returns()


def test_stratego_registers_the_hook_and_a_short_horizon():
    game = garrison.load("stratego")
    assert game.evaluator is ev.evaluate
    assert make_bot(game, "ismcts", 0).opts["horizon"] == "20"
    assert make_bot(game, "ismcts", 0).opts["widen"] == 1.0
    assert make_bot(game, "ismcts:widen=0", 0).opts["widen"] == 0.0
    assert make_bot(game, "ismcts:horizon=end", 0).opts["horizon"] == "end"
    assert make_bot(game, "pimc", 0).opts["horizon"] == "20"
    assert garrison.load("solo66").evaluator is None
    assert make_bot(garrison.load("solo66"), "ismcts", 0).opts["horizon"] == "score"


def test_scopa_search_rolls_out_about_one_hand_and_backs_up_the_lead():
    from garrison.games.scopa import evaluate as scopa_eval

    game = garrison.load("scopa", players=2)
    bot = make_bot(game, "ismcts", 0)
    assert bot.opts["horizon"] == "80" == str(scopa_eval.HAND_ACTIONS)
    assert bot.opts["value"] == "eval" and bot.opts["paired"] == 1
    assert make_bot(game, "ismcts:horizon=score", 0).opts["horizon"] == "score"
    # a hand of two players: 40 cards dealt (one chance action each) and 36 played
    state = game.new_initial_state()
    rng = random.Random(1)
    actions = 0
    while not state.is_terminal() and state.hand_no == 1:
        state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
        actions += 1
    assert actions == 40 + 36


def test_gambit_search_rolls_out_with_the_solver_to_the_end_of_the_round():
    game = garrison.load("gambit", players=3)
    assert game.evaluator is gev.evaluate
    assert make_bot(game, "ismcts", 0).rollout_name == "exact"
    assert make_bot(game, "ismcts", 0).opts["horizon"] == "eval"
    assert make_bot(game, "ismcts:rollout=greedy", 0).rollout_name == "greedy"
    assert make_bot(garrison.load("solo66"), "ismcts", 0).rollout_name == "heuristic"


def test_a_numeric_horizon_plays_that_many_actions_then_evaluates():
    game = garrison.load("stratego", setup="whole")
    state = _stratego_play(seed=5, plies=10)
    before = state.history()
    rollout = Rollout(game, "random", seed=1, max_steps=1000, horizon="6")
    value = rollout.run(state, random.Random(2))
    assert state.history() == before  # restored
    assert rollout.steps == 6
    # replay the same six moves to check the value is the evaluation there
    again = Rollout(game, "random", seed=1, max_steps=1000, horizon="end")
    again.max_steps = 6
    world = state.clone()
    for _ in range(6):
        world.apply_unchecked(again.choose(world, world.current_player()))
    assert value == ev.evaluate(world)


def test_without_an_evaluator_a_cut_off_rollout_reads_the_returns():
    game = garrison.load("gambit", players=2)
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_action(garrison.sample_chance(state, rng))
    rollout = Rollout(game, "random", seed=1, max_steps=1000, horizon="2")
    assert rollout.run(state, random.Random(1)) == state.returns()
    assert rollout.steps == 2


@pytest.mark.parametrize("bad", ["0", "-3", "soon"])
def test_bad_horizons_are_refused(bad):
    with pytest.raises(OptionError):
        Rollout(garrison.load("stratego"), "random", seed=1, max_steps=10, horizon=bad)


@pytest.mark.parametrize("sims", [1, 4, 9, 30])
def test_progressive_widening_limits_the_root_to_a_few_actions(sims):
    """With widen=1 at most ceil(sqrt(n)) root actions are tried after n simulations, and the
    rollout policy's move is the first."""
    game = garrison.load("stratego", setup="whole")
    state = _stratego_play(seed=6, plies=30)
    seat = state.current_player()
    assert len(state.legal_actions()) > 10
    bot = make_bot(game, f"ismcts:sims={sims}:widen=1", seat, seed=3)
    bot.step(state)
    root = bot.last_root
    assert sum(root.visits.values()) == sims
    assert len(root.visits) <= math.ceil(math.sqrt(sims))
    assert root.order[0] == root.hint and root.hint in root.visits
    wide = make_bot(game, f"ismcts:sims={sims}:widen=0", seat, seed=3)
    wide.step(state)
    assert len(wide.last_root.visits) == min(sims, len(state.legal_actions()))


def test_win_chances_of_the_lives_model():
    assert gev.win_chances((3, 3, 3)) == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert gev.win_chances((1, 1)) == pytest.approx((0.5, 0.5))
    assert gev.win_chances((2, 1, 0)) == pytest.approx((0.75, 0.25, 0.0))
    assert gev.win_chances((0, 4, 0)) == (0.0, 1.0, 0.0)
    for lives in [(3, 2, 1), (5, 1, 2, 3), (1, 1, 4)]:
        chances = gev.win_chances(lives)
        assert sum(chances) == pytest.approx(1.0)
        # more lives, better chances
        order = sorted(range(len(lives)), key=lambda s: lives[s])
        assert [chances[s] for s in order] == sorted(chances)


def test_gambit_value_is_zero_sum_and_follows_the_lives():
    game = garrison.load("gambit", players=3, lives=3)
    rng = random.Random(4)
    state = game.new_initial_state()
    seen = set()
    while not state.is_terminal():
        value = gev.evaluate(state)
        assert sum(value) == pytest.approx(0.0)
        lives = tuple(k if a else 0 for k, a in zip(state.lives, state.active))
        lose = -1 / 2
        assert value == pytest.approx([p + (1 - p) * lose for p in gev.win_chances(lives)])
        seen.add(lives)
        state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    assert gev.evaluate(state) == state.returns()
    assert len(seen) > 3
    coins = garrison.load("gambit", players=2, mode="coins").new_initial_state()
    assert gev.evaluate(coins) == coins.returns()


@pytest.mark.parametrize("seed", range(3))
def test_eval_horizon_stops_when_a_life_is_lost(seed):
    game = garrison.load("gambit", players=3, lives=2)
    state = game.new_initial_state()
    rollout = Rollout(game, "random", seed=seed, max_steps=1000, horizon="eval")
    value = rollout.run(state, random.Random(seed + 10))
    steps = rollout.steps
    assert state.history() == []  # restored
    # replay the same rollout by hand: the lives first change at its last action
    again = Rollout(game, "random", seed=seed, max_steps=1000, horizon="end")
    chance = random.Random(seed + 10)
    world = state.clone()
    start = world.lives
    for _ in range(steps):
        assert world.lives == start
        player = world.current_player()
        world.apply_unchecked(garrison.sample_chance(world, chance) if player == CHANCE
                              else again.choose(world, player))
    assert world.lives != start
    assert value == pytest.approx(gev.evaluate(world))


def test_eval_horizon_without_an_evaluator_is_the_score_horizon():
    game = garrison.load("solo66", deals=1)
    rollout = Rollout(game, "random", seed=1, max_steps=1000, horizon="eval")
    assert rollout.horizon == "score"


def _scopa_positions(seed, players=2, target=1):
    """Every decision point of one random Scopa game, and its end."""
    game = garrison.load("scopa", players=players, target=target)
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return game, out, state


@pytest.mark.parametrize("players", [2, 4])
def test_scopa_value_is_the_squashed_lead_in_points(players):
    from garrison.games.scopa import evaluate as sev
    from garrison.games.scopa.scoring import score_hand

    game, positions, end = _scopa_positions(seed=players, players=players)
    assert game.evaluator is sev.evaluate
    p = game.params
    for state in positions[::5]:
        hand = score_hand(state.piles, state.scope, napola=p.napola, re_bello=p.re_bello).points
        points = [s + h for s, h in zip(state.scores, hand)]
        value = sev.evaluate(state)
        for seat in range(players):
            side = p.side_of(seat)
            other = max(v for s, v in enumerate(points) if s != side)
            assert value[seat] == pytest.approx(math.tanh((points[side] - other) / sev.SCALE))
    final = sev.evaluate(end)
    returns = end.returns()
    for seat in range(players):
        # half the returns, half the squashed final lead: a win stays worth more than a loss
        assert (final[seat] > 0) == (returns[seat] > 0) or returns[seat] == 0
        assert abs(final[seat] - returns[seat] / 2) <= 0.5


def test_value_eval_backs_up_the_evaluator_at_the_end():
    from garrison.games.scopa import evaluate as sev

    game, positions, _ = _scopa_positions(seed=7)
    state = positions[-3]
    plain = Rollout(game, "greedy", seed=1, max_steps=1000)
    shaped = Rollout(game, "greedy", seed=1, max_steps=1000, value="eval")
    a = plain.run(state, random.Random(5))
    b = shaped.run(state, random.Random(5))
    # the same moves: replay them to read the end position
    world = state.clone()
    again = Rollout(game, "greedy", seed=1, max_steps=1000)
    chance = random.Random(5)
    while not world.is_terminal():
        world.apply_unchecked(garrison.sample_chance(world, chance) if world.is_chance_node()
                              else again.choose(world, world.current_player()))
    assert a == world.returns()
    assert b == pytest.approx(sev.evaluate(world))
    with pytest.raises(OptionError):
        Rollout(game, "greedy", seed=1, max_steps=10, value="margin")
    # a game without an evaluator: value=eval changes nothing
    solo = garrison.load("solo66", deals=1)
    assert not Rollout(solo, "random", seed=1, max_steps=10, value="eval").value_eval
