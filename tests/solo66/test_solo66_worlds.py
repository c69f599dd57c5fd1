"""The worlds of search drawn in C (``draw_world``, worlds.pxi): the same re-deal as the counting
reference ``observe.resample``, each world replayed from its own record, with the heuristic's
agreement with the others' decisions counted on the way (ISMCTS's ``infer``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_solo66_observation import _after_first_trick

import garrison
from garrison.bots import make_bot
from garrison.bots.ismcts import MAX_BACK, _agreement
from garrison.games.solo66 import state as state_module
from garrison.games.solo66.deck import SUIT_MASK
from garrison.games.solo66.observe import resample as counting_resample


class _Compiled:
    compiled = True


def _positions(seed: int, count: int) -> list:
    """Positions of heuristic bots' matches (one move in five random), at every phase."""
    game = garrison.load("solo66")
    rng = random.Random(seed)
    bots = [make_bot(game, "heuristic", p, seed=p) for p in range(5)]
    out = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if rng.random() < 0.2:
                out.append(state.clone())
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            p = state.current_player()
            legal = state.legal_actions()
            state.apply_action(bots[p].step(state) if rng.random() < 0.8 else rng.choice(legal))
    return out


def _decisions(seed: int, count: int) -> list:
    """The positions of ``_positions`` where a player is to move."""
    return [s for s in _positions(seed, count) if not s.is_chance_node() and not s.is_terminal()]


def _count_places(world, counts: Counter) -> None:
    """Count where each card of ``world`` lies: each hand, the discards, the talon he found."""
    for i, mask in enumerate([*world.hands, world.discards, world.talon_seen]):
        for card in range(32):
            if (mask >> card) & 1:
                counts[(i, card)] += 1


def test_every_world_keeps_the_seats_view_and_replays_from_its_record():
    rng = random.Random(1)
    for state in _positions(seed=2, count=120):
        for seat in range(5):
            world, agree, checked = state.resample_scored(seat, rng, MAX_BACK)
            assert world.observation_key(seat) == state.observation_key(seat)
            assert world.observation(seat) == state.observation(seat)
            assert world.legal_actions() == state.legal_actions() or world.current_player() != seat
            world.check_invariants()
            assert garrison.replay(world.to_record()) == world
            stepped = _agreement(world, seat, _Compiled())
            assert (agree, checked) == (stepped if stepped is not None else (0, 0))


def test_worlds_in_c_are_dealt_as_the_counting_reference_deals_them():
    """Where each unseen card goes, over 3,000 worlds each: the same shares within 0.05 (about
    four standard errors of the difference), voids held in both."""
    state = _after_first_trick()
    seat = 0
    rng = random.Random(4)
    where: dict[str, Counter] = {"c": Counter(), "reference": Counter()}
    draws = 3000
    for way in where:
        for _ in range(draws):
            world = (state.resample(seat, rng) if way == "c"
                     else counting_resample(state, seat, rng))
            assert not world.hands[3] & SUIT_MASK[1]
            assert not world.hands[4] & (SUIT_MASK[1] | SUIT_MASK[3])
            _count_places(world, where[way])
    keys = set(where["c"]) | set(where["reference"])
    assert len(keys) > 60
    worst = max(abs(where["c"][k] - where["reference"][k]) / draws for k in keys)
    assert worst < 0.05, worst


def test_the_counting_deal_takes_over_when_every_random_deal_breaks_a_void(monkeypatch):
    state = _after_first_trick()
    assert state.draw_world(0, 7, 0, 0) is None  # no try left: C gives up
    monkeypatch.setattr(state_module, "WORLD_TRIES", 0)
    rng = random.Random(5)
    for seat in (0, 2):
        world, agree, checked = state.resample_scored(seat, rng, MAX_BACK)
        assert world.observation(seat) == state.observation(seat)
        assert not world.hands[4] & (SUIT_MASK[1] | SUIT_MASK[3])
        assert (agree, checked) == _agreement(world, seat, _Compiled())
        assert garrison.replay(world.to_record()) == world


def test_of_several_worlds_the_one_the_heuristic_agrees_with_most_is_kept():
    rng = random.Random(8)
    better = 0
    for state in _decisions(seed=3, count=60):
        seat = state.current_player()
        seed = rng.getrandbits(64)
        one = state.draw_world(seat, seed, 400, MAX_BACK, 1)
        many = state.draw_world(seat, seed, 400, MAX_BACK, 8)
        if one is None or one[2] == 0:
            continue
        assert many[2] > 0
        assert many[1] / many[2] >= one[1] / one[2]  # the first of the eight is the one world
        better += many[1] / many[2] > one[1] / one[2]
        assert many[1] == many[2] or many[1] < many[2]
    assert better > 5


def test_a_seat_not_at_the_table_is_refused():
    state = _after_first_trick()
    with pytest.raises(ValueError, match="seat must be 0 to 4, not 5"):
        state.draw_world(5, 1, 10, 0)
    with pytest.raises(garrison.GameError):
        state.resample_scored(-1, random.Random(1), 0)


# -- the chain over worlds (WorldChain, ISMCTS's ``walk``) ---------------------------------------
def test_every_world_of_the_chain_keeps_the_view_and_its_counts_are_the_replayed_ones():
    game = garrison.load("solo66")
    rng = random.Random(3)
    walked = 0
    for state in _decisions(seed=5, count=60):
        seat = state.current_player()
        chain = state.world_chain(seat, rng, MAX_BACK)
        if chain is None:
            continue
        for _ in range(5):
            world, agree, checked = chain.walk(4)
            walked += 1
            assert world.observation(seat) == state.observation(seat)
            assert world.observation_key(seat) == state.observation_key(seat)
            world.check_invariants()
            assert garrison.replay(world.to_record()) == world
            assert (agree, checked) == game.new_initial_state().replay_agreement(
                world.history(), seat, MAX_BACK)
    assert walked > 150
    assert chain.proposed > 0


def test_with_no_weight_on_the_others_play_the_chain_deals_as_the_counting_reference():
    """noise = 1: every world weighs the same, so the chain's worlds (one every 25 steps, after
    500) are spread as the counting re-deal spreads them, the talon the soloist found and his
    discards' order included: the proposals are as likely as their ways back."""
    state = _after_first_trick()
    seat = 2  # not the soloist: the talon he found is unseen
    rng = random.Random(6)
    chain = state.make_world_chain(seat, 11, MAX_BACK, 1.0, 400)
    chain.walk(500)
    draws = 3000
    where: dict[str, Counter] = {"chain": Counter(), "reference": Counter()}
    for way in where:
        for _ in range(draws):
            world = (chain.walk(25)[0] if way == "chain"
                     else counting_resample(state, seat, rng))
            _count_places(world, where[way])
            where[way][("first discard", world.discard_order[0])] += 1
    keys = set(where["chain"]) | set(where["reference"])
    worst = max(abs(where["chain"][k] - where["reference"][k]) / draws for k in keys)
    assert worst < 0.05, worst
    assert 0.2 < chain.moved / chain.proposed < 1


def test_the_chain_finds_worlds_the_heuristic_agrees_with_more_than_the_best_of_eight():
    rng = random.Random(9)
    chain_share, drawn_share = [], []
    for state in _decisions(seed=7, count=200):
        if state.phase != 4:  # the trick play
            continue
        seat = state.current_player()
        chain = state.world_chain(seat, rng, MAX_BACK)
        drawn = state.draw_world(seat, rng.getrandbits(64), 400, MAX_BACK, 8)
        if chain is None or drawn is None or drawn[2] == 0:
            continue
        world, agree, checked = chain.walk(32)
        chain_share.append(agree / checked)
        drawn_share.append(drawn[1] / drawn[2])
    assert len(chain_share) > 20
    assert sum(chain_share) / len(chain_share) > sum(drawn_share) / len(drawn_share) + 0.03


def test_the_chain_refuses_bad_arguments():
    state = _after_first_trick()
    with pytest.raises(ValueError, match="seat must be 0 to 4, not 7"):
        state.make_world_chain(7, 1, MAX_BACK, 0.1, 10)
    with pytest.raises(ValueError, match="back must be 1 or more actions, not 0"):
        state.make_world_chain(0, 1, 0, 0.1, 10)
    with pytest.raises(ValueError, match="noise must be from 0 to 1, not 1.5"):
        state.make_world_chain(0, 1, MAX_BACK, 1.5, 10)
    assert state.make_world_chain(0, 1, MAX_BACK, 0.1, 0) is None  # no random deal tried
    chain = state.make_world_chain(0, 1, MAX_BACK, 0.1, 10)
    with pytest.raises(ValueError, match="steps must be 1 or more, not 0"):
        chain.walk(0)


def test_ismcts_walk_plays_legal_seeded_moves_from_the_chains_worlds():
    game = garrison.load("solo66", deals=1)
    decisions = [s for s in _decisions(seed=8, count=150) if len(s.legal_actions()) > 1]
    tried = walked = 0
    for state in decisions[::8]:
        tried += 1
        seat = state.current_player()
        before = state.fields()
        bot = make_bot(game, "ismcts:sims=30:walk=8", seat, seed=4)
        move = bot.step(state)
        assert move in state.legal_actions()
        assert bot._chain is None  # not kept past the move
        # a step for every world, unless nobody else has decided since the deal: then each
        # world is drawn afresh
        proposed, moved = bot.last_walk
        walked += proposed >= 30 * 8 and 0 < moved <= proposed
        assert move == make_bot(game, "ismcts:sims=30:walk=8", seat, seed=4).step(state)
        assert state.fields() == before
    assert tried >= 4 and walked >= 2
