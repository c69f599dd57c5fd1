"""The greedy bot: takes the best capture, guards the 7 of Diamonds, avoids leaving a sweep;
and it beats random play on the same deals."""

from __future__ import annotations

import random

from scopa_helpers import card, do, load, start

from garrison.bots import make_bot
from garrison.games.scopa import actions


def greedy(state, seat=0):
    return make_bot(state.game, "greedy", seat, seed=1).step(state)


def test_greedy_sweeps_when_it_can():
    state = start("2c 3s 4h ad", ("kh 4c 5h", "qc 4d 6s"), players=2)
    assert greedy(state) == card("kh")  # 2 + 3 + 4 + A = 10: a scopa


def test_greedy_takes_the_seven_of_diamonds():
    state = start("7d 2c jh qs", ("7c 2d kc", "qc 4d 6s"), players=2)
    assert greedy(state) == card("7c")


def test_greedy_chooses_the_set_with_the_seven_of_diamonds():
    state = start("3c 7d 4s 6h", ("kh jc 2s", "qc 4d 6s"), players=2)
    # K = 10: 3c + 7d or 4s + 6h
    do(state, "play kh")
    choice = greedy(state)
    assert choice in (actions.take(card("3c")), actions.take(card("7d")))
    state.apply_action(choice)
    state.apply_action(greedy(state))
    assert "Diamonds 7" in state.observation(0)["captured"][0]


def test_greedy_does_not_leave_an_easy_sweep():
    state = start("2c 3s 4h qd", ("5h 3d kh", "qc 4d 6s"), players=2)
    do(state, "play 5h", "play qc")  # the table is down to the Hearts 4
    # laying the 3 leaves 4 + 3 = 7, a sweep for any unseen 7; the King leaves 14
    assert greedy(state) == card("kh")


def test_greedy_beats_random_on_mirrored_deals():
    game = load(players=2, target=99)
    margin = []
    for deal in range(30):
        order = list(range(40))
        random.Random(deal).shuffle(order)
        for hero in (0, 1):
            bots = [make_bot(game, "greedy" if s == hero else "random", s, seed=deal)
                    for s in (0, 1)]
            state = game.new_initial_state()
            at = 0
            while state.observation(None)["last_hand"] is None:
                if state.is_chance_node():
                    while not state.stock >> order[at % 40] & 1:
                        at += 1
                    state.apply_action(order[at % 40])
                else:
                    state.apply_action(bots[state.current_player()].step(state))
            points = state.observation(None)["last_hand"]["points"]
            margin.append(points[hero] - points[1 - hero])
    assert sum(margin) / len(margin) > 0.8
