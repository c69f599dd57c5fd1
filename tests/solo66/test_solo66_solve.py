"""Exact endings (solve.pxi): the solved value of a deal's last tricks equals full enumeration
(the soloist maximising his score, each defender minimising it, every legal card tried) on
random positions with one to three tricks left, mid-trick included; before that the compiled
heuristic plays on; nothing to solve gives None; the state is left as it was."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.games.solo66.rules import AUCTION, PLAY, solve_nodes

OPTIONS = ({"deals": 1}, {"deals": 1, "scoring": "points"}, {"deals": 2})


def brute_force(state: garrison.State) -> list[float]:
    """The returns at the end of the current deal with every card tried at every turn: the
    soloist takes the best for him, a defender the worst for the soloist (the defenders share
    one result, so this is max^n)."""
    sol, deal = state.soloist, state.deal_no
    if state.is_terminal() or state.deal_no != deal or state.phase != PLAY:
        return list(state.returns())
    best: list[float] | None = None
    for action in state.legal_actions():
        child = state.child(action)
        value = (list(child.returns()) if child.is_terminal() or child.deal_no != deal
                 else brute_force(child))
        if best is None or (value[sol] > best[sol] if state.current_player() == sol
                            else value[sol] < best[sol]):
            best = value
    assert best is not None
    return best


def positions(options: dict[str, object], left: int, count: int, seed: int) -> list[garrison.State]:
    """Random deals played at random up to a random point with at most ``left`` tricks left."""
    game = garrison.load("solo66", **options)
    rng = random.Random(seed)
    out: list[garrison.State] = []
    while len(out) < count:
        state = game.new_initial_state()
        stop = rng.randrange(5 * (6 - left), 30)  # cards played in the deal before stopping
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            if state.phase == PLAY and state.soloist >= 0 and (
                    5 * len(state.tricks) + len(state.trick) >= stop):
                out.append(state)
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("left", [1, 2, 3])
def test_the_solved_ending_equals_full_enumeration(options: dict[str, object], left: int) -> None:
    for state in positions(options, left, 12 if left < 3 else 5, seed=100 * left + len(options)):
        assert 6 - len(state.tricks) <= left
        assert state.exact_returns(6) == pytest.approx(brute_force(state))


def test_solving_leaves_the_state_as_it_was() -> None:
    for state in positions({"deals": 2}, 3, 6, seed=7):
        before = (state.history(), state.observation_key(None), state.hands, state.change_count)
        state.exact_returns(3)
        assert (state.history(), state.observation_key(None), state.hands,
                state.change_count) == before


def test_before_the_last_tricks_the_heuristic_plays_on() -> None:
    for state in positions({"deals": 1}, 6, 8, seed=11):
        for n in (1, 2, 3):
            world = state.clone()
            while 6 - len(world.tricks) > n:
                world.apply_action(world.policy_action(0))
            assert state.exact_returns(n) == pytest.approx(brute_force(world))


def test_four_tricks_are_solved_in_few_nodes() -> None:
    """Alpha-beta with the table and merged cards: a four-trick ending (full enumeration: up to
    4^5 * 3^5 * 2^5 * 1 card sequences) in well under 200,000 nodes."""
    solved = 0
    for state in positions({"deals": 1}, 6, 30, seed=5):
        if len(state.tricks) >= 2:
            continue
        while len(state.tricks) < 2:
            state.apply_action(state.policy_action(0))
        if not state.trick:
            state.exact_returns(4)
            assert 0 < solve_nodes() < 200_000
            solved += 1
    assert solved >= 10


def test_from_the_auction_the_deal_is_played_then_solved() -> None:
    game = garrison.load("solo66", deals=1)
    rng = random.Random(3)
    solved = 0
    for _ in range(20):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        assert state.phase == AUCTION
        value = state.exact_returns(3)
        world = state.clone()
        while not world.is_chance_node() and not (world.phase == PLAY and len(world.tricks) >= 3):
            world.apply_action(world.policy_action(0))
        if world.is_chance_node() or world.soloist < 0:  # everyone passed: nothing to solve
            assert value is None
            continue
        solved += 1
        assert value == pytest.approx(brute_force(world))
        assert sum(value) == pytest.approx(0.0)
    assert solved >= 5


def test_nothing_to_solve_gives_none() -> None:
    state = garrison.load("solo66", deals=1).new_initial_state()
    assert state.exact_returns(3) is None  # the cards are being dealt
    rng = random.Random(1)
    game = garrison.load("solo66", deals=1, all_pass="last_trick")
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal() and not (state.phase == PLAY and not state.is_chance_node()):
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
            elif state.phase == AUCTION:
                state.apply_action(state.parse_action("pass") if state.soloist < 0 and
                                   state.high_bid < 0 else rng.choice(state.legal_actions()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if state.phase == PLAY and state.soloist < 0:  # the last-trick game: no soloist
            assert state.exact_returns(6) is None
            return
    pytest.fail("no all-pass deal in 30")


def test_fewer_than_one_trick_is_refused() -> None:
    state = positions({"deals": 1}, 3, 1, seed=2)[0]
    with pytest.raises(ValueError, match="at least 1"):
        state.exact_returns(0)


def test_the_ending_names_the_soloist_of_the_solved_deal():
    """``exact_ending`` is ``exact_returns`` with the seat that played the solved deal alone,
    also when the auction was still open (the heuristic plays it out first)."""
    game = garrison.load("solo66", deals=1)
    seen = 0
    for seed in range(40):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        ending = state.exact_ending(3)
        if ending is None:
            continue  # the heuristic passed all round
        returns, soloist = ending
        assert returns == state.exact_returns(3)
        assert returns[soloist] == -4 * returns[(soloist + 1) % 5] != 0
        played = state.clone()
        while played.soloist < 0:
            played.apply_action(played.policy_action(0))
        assert soloist == played.soloist
        seen += 1
    assert seen >= 10
