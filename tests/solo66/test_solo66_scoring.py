"""Play ¶4-¶5: counting to 66 and the grupp / points scoring, case by case."""

from __future__ import annotations

import pytest
from solo66_helpers import deal, new_state, play

from garrison.games.solo66.deck import CARD_POINTS, DECK
from garrison.games.solo66.rules import soloist_score


@pytest.mark.parametrize(
    "points, tricks, expected, case",
    [
        (80, 4, 80, "win: his card points"),
        (66, 3, 66, "66 exactly wins"),
        (97, 5, 97, "defenders on 33 are not schneider"),
        (98, 5, 196, "win schneider: defenders under 33, doubled"),
        (130, 6, 390, "win schwarz: defenders took no trick, tripled"),
        (65, 3, -130, "65 loses: twice the defenders' 65"),
        (40, 2, -180, "loss: twice the defenders' 90"),
        (33, 2, -194, "33 is not schneider: twice 97"),
        (32, 1, -294, "loss under 33: three times the defenders' 98"),
        (0, 0, -520, "loss with no trick: four times 130"),
        (21, 0, -436, "no trick but discards counted: four times 109"),
    ],
)
def test_grupp_scoring_of_every_case(points, tricks, expected, case):
    assert soloist_score(points, tricks, "grupp") == expected, case


@pytest.mark.parametrize("points, expected", [(130, 1), (66, 1), (65, -1), (0, -1)])
def test_points_scoring_is_plus_or_minus_one(points, expected):
    assert soloist_score(points, 6 if points == 130 else 0, "points") == expected


def _clubs_solo(state, discards=("Clubs 7", "Clubs 8")):
    """Seat 1 (forehand) holds the top six Clubs, the talon the two lowest: a sure schwarz."""
    deal(
        state,
        {1: ["Clubs A", "Clubs 10", "Clubs K", "Clubs Q", "Clubs J", "Clubs 9"]},
        talon=["Clubs 8", "Clubs 7"],
    )
    play(state, "bid Clubs")  # Clubs ends the auction at once
    play(state, "announce Clubs")
    for c in discards:
        play(state, f"discard {c}")


def test_schwarz_deal_scores_triple_with_discards_and_last_trick():
    state = new_state(deals=1)
    _clubs_solo(state)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1 if state.current_player() == 1 else 0])
    obs = state.observation(0)
    assert obs["tricks_won"] == [0, 6, 0, 0, 0]
    # 120 card points + 10 for the last trick = 130, schwarz: x3; four defenders share it
    assert state.returns() == [-97.5, 390.0, -97.5, -97.5, -97.5]
    assert "wins with 130 card points" in obs["log"][1]


def test_points_scoring_of_a_whole_deal():
    state = new_state(deals=1, scoring="points")
    _clubs_solo(state)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [-0.25, 1.0, -0.25, -0.25, -0.25]


def _weak_solo(state, discards):
    """Seat 1 bids Diamonds holding no trump and only low Hearts and Spades: the talon gives him
    two Diamonds he may throw away or keep."""
    deal(
        state,
        {1: ["Hearts 7", "Hearts 8", "Hearts 9", "Spades 7", "Spades 8", "Spades 9"]},
        talon=list(discards),
    )
    play(state, "bid Diamonds")
    for _ in range(4):
        play(state, "pass")
    play(state, "announce Diamonds")
    for c in discards:
        play(state, f"discard {c}")


def _play_lowest_for_soloist(state, soloist=1):
    while not state.is_terminal():
        legal = state.legal_actions()
        # the soloist sheds his lowest card, the defenders play their highest
        state.apply_action(legal[0] if state.current_player() == soloist else legal[-1])


def test_loss_with_no_trick_is_four_times_and_discards_still_count():
    state = new_state(deals=1)
    _weak_solo(state, ("Diamonds A", "Diamonds 10"))
    _play_lowest_for_soloist(state)
    obs = state.observation(2)
    assert obs["tricks_won"][1] == 0
    # he keeps 21 points from his discards; the defenders have 109; four times 109
    assert state.returns()[1] == -436.0
    assert state.returns()[2] == 109.0
    assert "loses with 21 card points (discards Diamonds 10, Diamonds A)" in obs["log"][1]


def test_discards_count_for_the_soloist_during_play_only_in_his_own_view():
    state = new_state(deals=1)
    _weak_solo(state, ("Diamonds A", "Diamonds 10"))
    assert state.observation(1)["soloist_points"] == 21
    assert state.observation(2)["soloist_points"] == 0
    assert state.observation(1)["discards"] == ["Diamonds 10", "Diamonds A"]
    assert state.observation(2)["discards"] == []
    assert state.observation(None)["discards"] == []
    assert all("Diamonds A" not in line for line in state.observation(3)["log"])


def test_last_trick_bonus_goes_to_the_taker():
    state = new_state(deals=1)
    _weak_solo(state, ("Diamonds 7", "Diamonds 8"))
    _play_lowest_for_soloist(state)
    obs = state.observation(0)
    last = obs["tricks"][-1]
    taker = last["winner"]
    assert taker != 1
    # defenders' card points: all 120 (the soloist's discards are worth 0) plus the 10 bonus
    assert state.returns()[1] == -4 * 130
    assert sum(obs["trick_points"]) == 120


SIXTY_SIX = (
    {
        1: ["Spades 8", "Clubs A", "Diamonds 8", "Clubs 8", "Spades Q", "Clubs 9"],
        2: ["Clubs K", "Clubs Q", "Spades 7", "Diamonds 9", "Diamonds Q", "Clubs 10"],
        3: ["Diamonds 10", "Diamonds A", "Hearts 9", "Spades A", "Diamonds 7", "Spades J"],
        4: ["Hearts 8", "Diamonds J", "Diamonds K", "Hearts 7", "Spades K", "Hearts Q"],
        0: ["Hearts J", "Spades 9", "Hearts A", "Hearts 10", "Clubs 7", "Spades 10"],
    },
    ["Clubs J", "Hearts K"],
    ("Diamonds 8", "Hearts K"),
)
SIXTY_FIVE = (
    {
        1: ["Diamonds Q", "Clubs 9", "Clubs 7", "Diamonds A", "Diamonds 9", "Diamonds J"],
        2: ["Hearts A", "Diamonds 7", "Spades J", "Diamonds K", "Hearts J", "Spades Q"],
        3: ["Spades 10", "Hearts K", "Hearts 7", "Clubs 8", "Hearts 9", "Hearts 8"],
        4: ["Clubs Q", "Diamonds 10", "Clubs J", "Hearts Q", "Spades 7", "Spades 8"],
        0: ["Spades A", "Clubs K", "Clubs A", "Hearts 10", "Spades K", "Spades 9"],
    },
    ["Clubs 10", "Diamonds 8"],
    ("Diamonds 8", "Diamonds 9"),
)


@pytest.mark.parametrize(
    "setup, points, score",
    [(SIXTY_SIX, 66, 66.0), (SIXTY_FIVE, 65, -130.0)],
    ids=["66-wins", "65-loses"],
)
def test_sixty_six_exactly_wins_and_sixty_five_loses_in_a_deal(setup, points, score):
    hands, talon, discards = setup
    state = new_state(deals=1)
    deal(state, hands, talon)
    play(state, "bid Clubs")
    play(state, "announce Clubs")
    for c in discards:
        play(state, f"discard {c}")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    obs = state.observation(0)
    # count it again from what the table shows: the soloist's tricks, discards, last trick
    counted = sum(CARD_POINTS[DECK.parse(c)] for c in discards)
    for trick in obs["tricks"]:
        if trick["winner"] == 1:
            counted += sum(CARD_POINTS[DECK.parse(c)] for c in trick["cards"])
    counted += 10 if obs["tricks"][-1]["winner"] == 1 else 0
    assert counted == points
    assert f"with {points} card points" in obs["log"][1]
    assert state.returns()[1] == score
    assert state.returns()[0] == -score / 4
