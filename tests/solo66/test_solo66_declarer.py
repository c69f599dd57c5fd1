"""Solo 66's ``declarer`` hook (the soloist of a finished deal) and ISMCTS's ``own``, which adds
the search's edge as soloist over its rollout bot to the simulations in which it declares."""

from __future__ import annotations

import random

import pytest
from solo66_helpers import calls, deal, new_state
from test_solo66_play import HANDS, TALON

import garrison
from garrison.bots import make_bot
from garrison.games.solo66.log import declarer


def _played_out(state, seed=1):
    rng = random.Random(seed)
    while not state.is_terminal() and state.deal_no == 0:
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(state.policy_action(0))
    return state


def test_the_declarer_is_the_soloist_of_the_first_deal_finished_since():
    state = new_state(deals=2)
    deal(state, HANDS, TALON)
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass", "announce Clubs")
    assert declarer(state, 0) is None  # no deal finished yet
    since = state.event_count()
    _played_out(state)
    assert state.results[0][2] == "solo"
    assert declarer(state, since) == state.results[0][3] == 1  # forehand bid Hearts
    assert declarer(state, state.event_count()) is None
    assert garrison.load("solo66").declarer is declarer


@pytest.mark.parametrize("all_pass, kind", [("redeal", "redeal"), ("last_trick", "last_trick")])
def test_a_deal_nobody_declared_has_no_declarer(all_pass, kind):
    state = new_state(deals=2, all_pass=all_pass)
    deal(state, HANDS, TALON)
    calls(state, "pass", "pass", "pass", "pass", "pass")
    _played_out(state)
    assert state.results[0][2] == kind
    assert declarer(state, 0) is None


def _auctions_the_heuristic_passes(count):
    game = garrison.load("solo66", deals=1)
    out = []
    for seed in range(60):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        if state.policy_action(0) == state.parse_action("pass"):
            out.append(state)
        if len(out) == count:
            break
    return game, out


@pytest.mark.parametrize("more", ["", ":exact=3"])
def test_own_play_makes_the_search_bid_where_its_heuristic_passes(more):
    """Forehand's first call on hands its heuristic passes: the search without the edge
    (``own=0``) passes (mostly); with a large edge for its own solos it takes the solo (and the
    move stays seeded). Solo 66's default edge is 65 (``search_defaults``). With exact endings
    the edge goes to the soloist of the solved deal (``exact_ending``)."""
    game, states = _auctions_the_heuristic_passes(6)
    passes = 0
    for state in states:
        seat, pass_id = state.current_player(), state.parse_action("pass")
        plain = make_bot(game, f"ismcts:sims=200:own=0{more}", seat, seed=1).step(state)
        eager = make_bot(game, f"ismcts:sims=200:own=1000{more}", seat, seed=1)
        move = eager.step(state)
        assert move != pass_id and move in state.legal_actions()
        assert move == make_bot(game, f"ismcts:sims=200:own=1000{more}", seat, seed=1).step(state)
        passes += plain == pass_id
    assert passes >= 4
    assert make_bot(game, "ismcts", 0).opts["own"] == 65.0


def test_own_play_is_zero_sum_and_changes_nothing_in_a_game_without_a_declarer():
    bot = make_bot(garrison.load("solo66"), "ismcts:sims=5:own=40", 2, seed=1)
    bot._own = 40.0
    assert bot._with_own_play([10.0, -2.5, -2.5, -2.5, -2.5]) == [0.0, -12.5, 37.5, -12.5, -12.5]
    scopa = garrison.load("scopa", players=2)
    state = scopa.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))
    seat = state.current_player()
    a = make_bot(scopa, "ismcts:sims=60", seat, seed=2)
    b = make_bot(scopa, "ismcts:sims=60:own=500", seat, seed=2)
    assert a.step(state) == b.step(state)
    assert a.last_root.value == b.last_root.value


def test_scored_by_points_the_search_has_no_card_point_edge():
    """``own`` is an edge in card points (65 by default): scored by points, where a deal is
    worth 1, it would make the search declare every deal, so there it is 0
    (``Solo66Game.search_settings``); a name may still give one."""
    assert make_bot(garrison.load("solo66"), "ismcts", 0, seed=1).opts["own"] == 65.0
    points = garrison.load("solo66", scoring="points")
    assert make_bot(points, "ismcts", 0, seed=1).opts["own"] == 0.0
    assert make_bot(points, "ismcts:own=0.5", 0, seed=1).opts["own"] == 0.5
    assert make_bot(points, "ismcts", 0, seed=1).opts["infer"] == 16
