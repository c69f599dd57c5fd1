"""Whole hands: sweeps on the last card, the last capture takes the rest, team piles, game end
and ties (checklist items 4 and 9; seed "For the final score ... 11, 16 or 21 points")."""

from __future__ import annotations

import random

from scopa_helpers import deal, do, load

from garrison import sample_chance

FACES = "a 2 3 4 5 6 7 j q k".split()


def suited_deal(**options):
    """Scopone a 10: seat 0 holds every Diamond, seat 1 Hearts, seat 2 Clubs, seat 3 Spades."""
    state = load(players=4, deal="scopone10", **options).new_initial_state()
    for suit in "dhcs":
        deal(state, " ".join(f + suit for f in FACES))
    assert state.current_player() == 0
    return state


def pairs_round(state, face, last=False):
    """Seats 0 and 2 lay a card; seats 1 and 3 take it with the same face: two sweeps."""
    do(state, f"play {face}d", f"play {face}h", f"play {face}c", f"play {face}s")


def test_sweep_with_the_last_card_of_the_hand_scores_nothing():
    state = suited_deal(target=11)
    for face in FACES:
        pairs_round(state, face)
    obs = state.observation(0)
    assert obs["log"][-3] == "P4 plays Swords K and takes Batons K (table cleared, no scopa)"
    last = obs["last_hand"]
    assert last["scope"] == [0, 19]  # 10 by seat 1, 9 by seat 3 (not the last)
    assert last["cards"] == [0, 40] and last["diamonds"] == [0, 10]
    assert last["primiera"] == [None, 84]
    assert last["points"] == [0, 19 + 4]
    assert state.is_terminal() and obs["winners"] == [1]
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_partners_share_one_pile():
    state = suited_deal()
    pairs_round(state, "a")
    captured = state.observation(2)["captured"]
    assert captured == [[], ["Diamonds A", "Hearts A", "Clubs A", "Spades A"]]
    assert state.observation(None)["scope"] == [0, 2]


def test_last_capture_takes_the_rest_without_a_scopa():
    state = suited_deal(must_capture=False, target=99)
    for face in FACES[:-1]:
        pairs_round(state, face)
    do(state, "play kd", "lay kh", "play kc")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "take Coins K", "take Cups K"]
    do(state, "take kd", "lay ks")  # seat 2 captured last; Kh and Ks are left on the table
    obs = state.observation(0)
    assert "P3 captured last and takes the rest: Cups K, Swords K" in obs["log"]
    last = obs["last_hand"]
    assert last["cards"] == [4, 36] and last["scope"] == [0, 18]
    assert last["points"] == [0, 18 + 4]  # side 1: scope, cards, Diamonds, First, 7 of Diamonds
    assert obs["hand_no"] == 2 and not state.is_terminal()


def test_napoleone_wins_the_game_outright():
    state = suited_deal(napola=True, target=99)
    for face in FACES:
        pairs_round(state, face)
    obs = state.observation(0)
    assert state.is_terminal() and obs["winners"] == [1]
    assert "Napoleone" in obs["log"][-1]
    assert obs["last_hand"]["napola"] == [0, 10]


def test_re_bello_adds_a_point():
    state = suited_deal(re_bello=True)
    for face in FACES:
        pairs_round(state, face)
    assert state.observation(0)["last_hand"]["points"] == [0, 19 + 5]


def random_hands(options, games, seed=0):
    """Yield (scores before, scores after, state) at the end of every hand of random games."""
    rng = random.Random(seed)
    for _ in range(games):
        state = load(**options).new_initial_state()
        while not state.is_terminal():
            before = state.observation(None)
            hand = before["hand_no"]
            while not state.is_terminal() and state.observation(None)["hand_no"] == hand:
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            yield before["scores"], state.observation(None), state


def test_scores_add_up_hand_by_hand():
    checked = 0
    for before, after, _ in random_hands({"players": 2, "target": 21}, games=3):
        points = after["last_hand"]["points"]
        assert after["scores"] == [b + p for b, p in zip(before, points)]
        checked += 1
    assert checked >= 6


def test_level_over_the_target_plays_another_hand_and_higher_wins():
    level = higher = 0
    for _, after, state in random_hands({"players": 2, "target": 2}, games=150, seed=3):
        a, b = after["scores"]
        if min(a, b) >= 2 and a == b:
            assert not state.is_terminal() and after["hand_no"] >= 2
            assert "another hand" in " ".join(after["log"][-3:])
            level += 1
        elif state.is_terminal():
            assert after["winners"] == [0 if a > b else 1] and max(a, b) >= 2
            if min(a, b) >= 2:
                higher += 1
    assert level >= 1 and higher >= 1


def test_team_game_ends_when_a_team_reaches_the_target():
    for _, after, state in random_hands({"players": 6, "target": 3}, games=5, seed=9):
        if state.is_terminal():
            (winner,) = after["winners"]
            assert after["scores"][winner] >= 3
            assert after["scores"][winner] > max(
                s for i, s in enumerate(after["scores"]) if i != winner)
            ret = state.returns()
            assert [ret[s] for s in after["sides"][winner]] == [1.0, 1.0]
            assert abs(sum(ret)) < 1e-9


def test_hand_limit_ends_the_game_with_the_leaders_sharing():
    for _, after, state in random_hands({"players": 3, "target": 99, "hand_limit": 1}, games=5):
        assert state.is_terminal()
        top = max(after["scores"])
        leaders = [s for s, v in enumerate(after["scores"]) if v == top]
        assert after["winners"] == leaders
        assert abs(sum(state.returns())) < 1e-9
