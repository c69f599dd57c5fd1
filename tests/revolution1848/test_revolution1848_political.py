"""Political decision, negative values, Patt, cards leaving the game, bad targets."""

from __future__ import annotations

import pytest
from revolution1848_support import act, deal, draw, idx, new_game, side_values

from garrison import CHANCE, GameError, IllegalActionError, InvalidActionError, NotYourTurnError
from garrison.games.revolution1848.carddata import PARTIES
from garrison.games.revolution1848.rules import PATT_HORIZON

RR, DL, L, R = (PARTIES.index(p) for p in ("RR", "DL", "L", "R"))


def test_louis_napoleon_brings_hecker_sigel_herweghs_to_zero():
    """Seed: 6-3 (Hecker) + 1-3 (Sigel) + 2-3 (Herweghs) = 0."""
    _, s = new_game(2)
    deal(s, [["PE01", "PE07", "Z01", "Z03"], ["PE09", "PE10", "Z09", "Z02"]])
    act(s, "pass", "pass")  # an empty Stich: Patt, P2 (left of the first passer) opens
    draw(s, ["PE11", "Z04", "PE04", "Z05"])
    assert s.to_move == 1
    act(s, "play Z09", "on side P1", "play PE01", "pass", "play PE07", "play PE04")
    assert side_values(s, 0) == {"PE01": 3, "PE07": -2, "PE04": -1}
    assert s.observation(None)["party_totals"][RR] == 0


def test_strongest_party_majority_holder_credits_the_whole_party_total():
    _, s = new_game(3)
    deal(s, [["PE09", "PE01", "Z08", "Z01"], ["PE10", "PE19", "Z02", "Z03"],
             ["PE20", "PE21", "Z04", "Z05"]])
    act(s, "play PE09", "play PE10", "play PE20", "play Z08", "pass", "pass", "pass")
    # DL: Blum 8 + 2 (Proklamation) at P1, Fröbel 5 at P2 = 15; L 4
    assert s.tally[0][DL] == 15 and s.tally[1] == (0, 0, 0, 0)
    assert s.won[0] == (0,) and s.opener == 0


def test_patt_two_strongest_parties_equal():
    _, s = new_game(2)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE29", "PE20", "Z02", "Z04"]])
    act(s, "play PE01", "play PE29", "pass", "pass")
    assert s.tally[0][RR] == 6 and s.tally[1][L] == 6
    assert s.won == ((), ()) and s.patt_count == 1 and s.ablauf_pos == 0
    while s.current_player() == CHANCE:
        s.apply_action(s.legal_actions()[0])
    assert s.to_move == 1, "left of the player who passed first"
    assert s.current_ablauf() == 0, "the same Ablaufkarte is played again"


def test_patt_no_single_majority_holder():
    _, s = new_game(2)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE06", "PE20", "Z02", "Z04"]])
    act(s, "play PE01", "play PE06", "pass", "pass")  # P1 passes first
    assert s.tally[0][RR] == 6 and s.tally[1][RR] == 6
    assert s.won == ((), ()) and s.ablauf_pos == 0
    while s.current_player() == CHANCE:
        s.apply_action(s.legal_actions()[0])
    assert s.to_move == 1


def test_patt_limit_sets_the_card_aside():
    _, s = new_game(2, patt_limit=1)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE06", "PE20", "Z02", "Z04"]])
    act(s, "pass", "pass")
    assert s.set_aside == (0,) and s.ablauf_pos == 1


def test_pairs_that_meet_leave_the_game():
    _, s = new_game(2)
    deal(s, [["PE19", "PE20", "Z06", "Z01"], ["PE09", "PE10", "Z07", "Z02"]])
    act(s, "play Z06", "play Z07", "on side P1", "pass", "pass")
    assert s.removed >> idx(s, "Z06") & 1 and s.removed >> idx(s, "Z07") & 1


def test_lola_montez_removes_even_a_commander_for_good():
    _, s = new_game(2)
    deal(s, [["PE35", "PE01", "Z01", "Z03"], ["PE09", "PE10", "Z10", "Z02"]])
    act(s, "play PE35", "play PE09", "play PE01", "play Z10")
    assert s.phase == "target"
    act(s, "on PE35")
    assert s.removed >> idx(s, "PE35") & 1 and idx(s, "PE35") not in s.persons[0]


def test_bad_targets_are_refused_in_words_and_change_nothing():
    _, s = new_game(2)
    deal(s, [["PE35", "PE01", "Z03", "Z01"], ["PE09", "PE10", "Z26", "Z02"]])
    act(s, "play PE35", "play PE09", "play PE01", "play PE10")
    before = s.fields()
    with pytest.raises(IllegalActionError, match="The Belgian example needs a person card of the Liberals that is not a commander, only on your own side; there is none"):
        s.apply_action(idx(s, "Z03"))  # no Liberal on the table
    assert s.fields() == before
    act(s, "pass", "play Z26")
    with pytest.raises(IllegalActionError, match="never act on a commander"):
        s.apply_action(idx(s, "PE35") + 153)
    assert s.phase == "target"
    act(s, "on PE01")
    assert side_values(s, 0)["PE01"] == 3


def test_a_card_without_train_only_goes_on_the_own_side():
    _, s = new_game(2)
    deal(s, [["PE09", "PE01", "Z08", "Z01"], ["PE10", "PE11", "Z02", "Z03"]])
    act(s, "play PE09", "play PE10", "play PE01", "play PE11", "play Z08")
    assert s.phase == "target"
    with pytest.raises(IllegalActionError, match="only on your own side"):
        s.apply_action(idx(s, "PE10") + 153)
    act(s, "on PE09")
    assert side_values(s, 0)["PE09"] == 10


def test_a_patt_is_replayed_for_the_same_card_however_often_by_default():
    """"Bei einem Patt wird erneut um dieselbe Ablaufkarte gespielt": when everyone passes at
    once every time, the first Ablaufkarte is never won nor set aside; the game ends only at our
    horizon, within the declared maximum length."""
    game, s = new_game(2)
    assert game.params.patt_limit == 0
    decisions = 0
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_action(s.legal_actions()[0])
            continue
        legal = s.legal_actions()
        s.apply_action(s.parse_action("pass") if s.phase == "play" else legal[0])
        decisions += 1
    assert s.ablauf_pos == 0 and s.set_aside == () and s.patts == PATT_HORIZON
    assert s.won == ((), ())
    assert decisions <= game.max_game_length
    assert any("ends here and is scored as it stands" in line
               for line in s.observation(None)["log"])


def test_a_card_with_the_reentry_symbol_brings_passed_players_back():
    """Army cards bring passed players back "genauso wie ... bei den Karten mit dem Symbol": the
    cards whose data say reenter (our reading: the locomotive symbol), e.g. Irische Hungersnot."""
    game, s = new_game(2)
    assert game.cards.reenter[idx(s, "Z05")] and not game.cards.reenter[idx(s, "Z01")]
    deal(s, [["PE01", "PE02", "Z05", "Z01"], ["PE06", "PE20", "Z02", "Z04"]])
    act(s, "play PE01", "pass")
    assert s.passed == (False, True) and s.current_player() == 0
    act(s, "play Z05", "on side P2")
    assert s.passed == (False, False) and s.current_player() == 1
    assert "Famine in Ireland is out: every player who passed is back in the round" in \
        s.observation(None)["log"]
    act(s, "pass", "play Z01")
    assert s.passed == (False, True), "a card without the symbol brings nobody back"


def test_typed_text_is_the_notation_only_and_names_the_step():
    _, s = new_game(2)
    deal(s, [["PE01", "PE02", "Z05", "Z01"], ["PE06", "PE20", "Z02", "Z04"]])
    with pytest.raises(InvalidActionError, match="'0' is not an action here; you may: play Friedrich Hecker"):
        s.parse_action("0")
    act(s, "play Z05")
    assert s.phase == "target"
    before = s.fields()
    with pytest.raises(InvalidActionError, match="while placing an event card you do not play; "
                                                 "now you on"):
        s.parse_action("play PE02")
    assert s.fields() == before
    with pytest.raises(InvalidActionError, match="out of range for 1848"):
        s.action_to_string(-1)


def test_errors_name_seats_p1_to_p4():
    _, s = new_game(3)
    deal(s, [["PE01", "PE02", "Z05", "Z01"], ["PE06", "PE20", "Z02", "Z04"],
             ["PE09", "PE10", "Z03", "Z06"]])
    with pytest.raises(NotYourTurnError, match="it is not P2's turn; P1 is to move"):
        s.apply_action(s.parse_action("pass"), seat=1)
    with pytest.raises(GameError, match=r"there is no seat 9 \(seats 0–2"):
        s.apply_action(s.parse_action("pass"), seat=9)


def test_the_decision_says_once_what_it_credits_and_the_last_round_shows_it():
    """A line for the decision, a line for each credit: the points are said once in the log, and
    the table's "Last round" (``last_result``) ends with what was credited."""
    _, s = new_game(3)
    deal(s, [["PE09", "PE01", "Z08", "Z01"], ["PE10", "PE19", "Z02", "Z03"],
             ["PE20", "PE21", "Z04", "Z05"]])
    act(s, "play PE09", "play PE10", "play PE20", "play Z08", "pass", "pass", "pass")
    assert s.last_result[0] == "political"
    assert s.last_result[-2:] == ("The Democrats are strongest; P1 holds most of them",
                                  "P1 credits 15 for the Democrats")
    assert sum("credits" in line for line in s.log_lines(None)) == 1


def test_a_tie_shows_what_each_top_holder_credits():
    """Two top holders of the strongest party: a tie, each credits his own points, and the
    "Last round" names both credits."""
    _, s = new_game(2)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE06", "PE20", "Z02", "Z04"]])
    act(s, "play PE01", "play PE06", "pass", "pass")
    credits = [line for line in s.last_result[1:] if " credits " in line]
    assert credits == ["P1 credits 6 for the Republicans", "P2 credits 6 for the Republicans"]
