"""The observation gate, resample, tensor, action text and the text view."""

from __future__ import annotations

import json
import random

import numpy as np
from scopa_helpers import card, do, load, names, start

from garrison import sample_chance
from garrison.games.scopa import actions
from garrison.games.scopa.deck import DECK


def test_a_seat_sees_its_hand_the_table_and_captures_but_not_other_hands():
    state = start("2c 3s 4h qd", ("5h jc kh", "qc 4d 6s"), players=2)
    do(state, "play 5h")
    me, other, spectator = (state.observation(s) for s in (0, 1, None))
    assert me["hand"] == names("jc kh") and other["hand"] == names("qc 4d 6s")
    assert spectator["hand"] == []
    for obs in (me, other, spectator):
        assert obs["table"] == names("4h qd")
        assert obs["captured"] == [names("2c 3s 5h"), []]
        assert obs["hand_sizes"] == [2, 3] and obs["stock"] == 30
    text = json.dumps(me)
    for hidden in ("Clubs Q", "Diamonds 4", "Spades 6"):
        assert hidden not in text
    assert "Clubs Q" in json.dumps(other)


def test_stock_never_shows():
    state = start("2c 3s 4h qd", ("5h jc kh", "qc 4d 6s"), players=2)
    stock_cards = [DECK.name[c] for c in range(40)
                   if state.stock >> c & 1]
    text = json.dumps([state.observation(s) for s in (0, 1, None)])
    assert all(f'"{n}"' not in text for n in stock_cards)


def test_resample_keeps_what_the_seat_knows_and_varies_the_rest():
    state = start("2c 3s 4h qd", ("5h jc kh", "qc 4d 6s"), players=2)
    do(state, "play 5h")
    rng = random.Random(4)
    others = set()
    for _ in range(20):
        world = state.resample(0, rng)
        assert world.observation(0) == state.observation(0)
        assert np.array_equal(world.observation_tensor(0), state.observation_tensor(0))
        assert world.current_player() == state.current_player()
        world.check_invariants()
        others.add(world.hands[1])
        assert world.hands[1].bit_count() == 3
    assert len(others) > 10


def test_tensor_has_the_declared_shape_and_marks_the_hand():
    game = load(players=6)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    t = state.observation_tensor(3)
    assert t.shape == game.observation_tensor_shape and t.dtype == np.float32
    hand = [c for c in range(40) if state.hands[3] >> c & 1]
    assert [c for c in range(40) if t[c]] == hand


def test_every_action_id_reads_and_parses_back():
    assert load().num_distinct_actions == 120
    for a in range(120):
        text = actions.to_string(a)
        kind = actions.TAKE if text.startswith("take") else actions.PLAY
        assert actions.parse(text, kind) == a
    assert actions.parse("7d", actions.PLAY) == card("7d")
    assert actions.parse("7♦", actions.TAKE) == actions.take(card("7d"))
    assert actions.parse("lay ace of spades", actions.PLAY) == actions.lay(card("as"))


def test_short_card_codes_are_understood_at_the_prompt():
    state = start("ac 2c 3c 4c", ("5h 7d kh", "qc 4d 6s"), players=2)
    assert state.parse_action("5h") == state.parse_action("play Hearts 5") == card("5h")
    do(state, "5h")
    assert state.parse_action("4c") == actions.take(card("4c"))


def test_the_text_view_shows_table_hand_and_what_to_type():
    state = start("ac 2c 3c 4c", ("5h 7d kh", "qc 4d 6s"), players=2)
    text = load(players=2).render(state.observation(0))
    # Italian names, as on the table and in the log; no French marks
    assert "TABLE   Batons A, Batons 2, Batons 3, Batons 4   (sum 10)" in text
    assert "YOU     Coins 7, Cups 5, Cups K" in text and "Your move" in text
    assert "Batons Q" not in text  # seat 1's card
    # counts in words, seats named as everywhere else
    assert "this hand P1: 0 cards, 0 coins, 0 scopas" in text and "cards in hand: P1 3, P2 3" in text
    assert not set("♣♦♥♠") & set(text)
    # the example it gives is what the prompt understands
    example = text.split("e.g. '")[1].split("'")[0]
    assert state.parse_action(example) == state.parse_action("play Coins 7")
    do(state, "play 5h")
    text = load(players=2).render(state.observation(0))
    assert "Capturing with Cups 5" in text and "Batons 2 + Batons 3 | Batons A + Batons 4" in text
    example = text.split("e.g. '")[1].split("'")[0]
    assert state.parse_action(example) in state.legal_actions()


def test_a_person_can_play_a_team_game_against_bots_by_typing():
    from garrison.bots import make_bot

    game = load(players=4, target=3)
    bots = {s: make_bot(game, "greedy", s, seed=s) for s in (1, 2, 3)}
    state = game.new_initial_state()
    rng = random.Random(8)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif state.current_player() == 0:
            view = game.render(state.observation(0))
            assert "YOU" in view
            typed = state.action_to_string(rng.choice(state.legal_actions())).split(" ", 1)[1]
            state.apply_action(state.parse_action(typed), seat=0)  # just the card, e.g. "7d"
        else:
            seat = state.current_player()
            state.apply_action(bots[seat].step(state), seat=seat)
    assert "Game over" in game.render(state.observation(0))


def test_a_resampled_world_keeps_the_seats_view_and_pickles():
    import pickle

    game = load(players=4, target=6)
    rng = random.Random(12)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if rng.random() < 0.3 and not state.is_chance_node():
            seat = rng.randrange(4)
            world = state.resample(seat, random.Random(rng.random()))
            assert pickle.loads(pickle.dumps(world)) == world
            assert world.observation(seat) == state.observation(seat)
            world.check_invariants()
            checked += 1
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 20
