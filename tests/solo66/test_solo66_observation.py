"""The one gate: what each seat sees, the tensor, and resampling that keeps known voids."""

from __future__ import annotations

import json
import random

import numpy as np
from solo66_helpers import C, calls, deal, new_state
from test_solo66_play import HANDS, TALON

import garrison
from garrison.games.solo66.deck import DECK, SUIT_MASK
from garrison.games.solo66.observe import OFFSET


def _after_first_trick():
    """Clubs trump; trick 1 Hearts: seat 3 shows no Hearts (trumps), seat 4 no Hearts and no
    Clubs (throws a Diamond)."""
    state = new_state(deals=2)
    deal(state, HANDS, TALON)
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass", "announce Clubs")
    calls(state, "discard Diamonds A", "discard Diamonds 10")
    calls(state, "Hearts 7", "Hearts K", "Clubs K", "Diamonds 9", "Hearts 8")
    return state


def test_no_seat_sees_another_hand_or_the_hidden_talon():
    state = new_state()
    deal(state, HANDS, TALON)
    for seat in range(5):
        text = json.dumps(state.observation(seat))
        for other, cards in HANDS.items():
            for name in cards:
                assert (name in text) == (other == seat), (seat, name)
        assert all(name not in text for name in TALON)
    assert all(n not in json.dumps(state.observation(None)) for h in HANDS.values() for n in h)


def test_only_the_soloist_sees_talon_and_discards_until_the_pile_is_counted():
    state = _after_first_trick()
    for seat in (0, 2, 3, 4, None):
        text = json.dumps(state.observation(seat))
        assert "Diamonds A" not in text and "Diamonds 10" not in text
    assert state.observation(1)["talon"] == ["Diamonds 10", "Diamonds A"]
    while state.observation(None)["deal"] == 1:
        state.apply_action(state.legal_actions()[0])
    assert "discards Diamonds 10, Diamonds A" in state.observation(3)["log"][1]


def test_card_points_per_side_as_the_table_shows_them():
    state = _after_first_trick()
    for seat in (0, 2, 3, 4):
        obs = state.observation(seat)
        assert obs["soloist_points"] == 0 and obs["defender_points"] == 8
    assert state.observation(1)["soloist_points"] == 21  # his own discards


def test_resample_keeps_the_view_and_every_known_void():
    state = _after_first_trick()
    seat = 0
    obs, tensor = state.observation(seat), state.observation_tensor(seat)
    rng = random.Random(3)
    seen_hands = set()
    for _ in range(200):
        world = state.resample(seat, rng)
        assert world.observation(seat) == obs
        assert np.array_equal(world.observation_tensor(seat), tensor)
        assert world.current_player() == state.current_player()
        world.check_invariants()
        assert not world.hands[3] & SUIT_MASK[1]  # seat 3: no Hearts
        assert not world.hands[4] & (SUIT_MASK[1] | SUIT_MASK[3])  # seat 4: no Hearts, Clubs
        seen_hands.add(world.hands[2])
        assert world.hands[1].bit_count() == 5 and world.discards.bit_count() == 2
    assert len(seen_hands) > 20  # the unseen cards really move


def test_resample_for_the_soloist_keeps_his_talon_and_discards():
    state = _after_first_trick()
    world = state.resample(1, random.Random(9))
    assert world.discards == state.discards and world.talon_seen == state.talon_seen
    assert world.hands[1] == state.hands[1]


def test_a_resampled_world_replays_from_its_own_record():
    state = _after_first_trick()
    for seed in range(20):
        world = state.resample(2, random.Random(seed))
        assert garrison.replay(world.to_record()) == world
        # only the deal and the discards (after 5 calls and the announcement) may change
        assert world.history()[32:38] == state.history()[32:38]
        assert world.history()[40:] == state.history()[40:]


def test_resample_during_the_deal_and_the_auction():
    state = new_state()
    for c in range(17):
        state.apply_action(c)
    world = state.resample(3, random.Random(1))
    assert world.observation(3) == state.observation(3)
    assert garrison.replay(world.to_record()) == world
    deal(state := new_state(), HANDS, TALON)
    calls(state, "bid Hearts", "pass")
    world = state.resample(0, random.Random(2))
    assert world.observation(0) == state.observation(0)
    assert world.legal_actions() == state.legal_actions()


def test_tensor_marks_hand_voids_and_trick():
    game = garrison.load("solo66")
    state = _after_first_trick()
    t = state.observation_tensor(0)
    assert t.shape == game.observation_tensor_shape
    for name in HANDS[0]:
        if name == "Hearts 8":  # played to trick 1
            continue
        assert t[OFFSET["hand"] + C(name)] == 1.0
    assert t[OFFSET["hand"] + C("Hearts 8")] == 0.0
    assert t[OFFSET["voids"] + 4 * 4 + 1] == 1.0 and t[OFFSET["voids"] + 4 * 4 + 3] == 1.0
    assert t[OFFSET["voids"] + 4 * 3 + 1] == 1.0 and t[OFFSET["voids"] + 4 * 3 + 3] == 0.0
    assert t[OFFSET["played_by"] + 32 * 3 + DECK.parse("Clubs K")] == 1.0
