"""Seed 001, army rules: the worked examples and the takeover rules as exact positions."""

from __future__ import annotations

import json

import pytest
from revolution1848_support import act, deal, idx, new_game

from garrison import IllegalActionError
from garrison.games.revolution1848.carddata import DEFAULT_PATH, PARTIES

R = PARTIES.index("R")


def test_example_1_gives_19_points_to_player_3():
    """Z33 + Wrangel at P1, Z29 + Windischgrätz at P3: (15+3+17+3)/2 = 19 Reaktionäre to P3."""
    _, s = new_game(4)
    deal(s, [["PE41", "PE01", "Z33", "Z01"], ["PE09", "PE02", "Z02", "Z03"],
             ["PE35", "PE19", "Z29", "Z04"], ["PE26", "PE20", "Z08", "Z14"]])
    act(s, "play PE41", "pass", "play PE35", "pass", "play Z33")
    assert s.passed == (False,) * 4, "an army card brings the passed players back"
    act(s, "pass", "play Z29", "pass", "pass", "pass", "pass")
    assert s.tally[2][R] == 19
    assert sum(map(sum, s.tally)) == 19
    assert s.won[2] == (0,)
    assert s.removed >> idx(s, "Z33") & 1 and s.removed >> idx(s, "Z29") & 1


def test_example_1_army_follows_its_own_flag_first():
    """Z33 played while only Windischgrätz lies out goes to him; Wrangel (Prussia) takes it over."""
    _, s = new_game(4)
    deal(s, [["PE01", "PE02", "Z33", "Z01"], ["PE41", "PE03", "Z02", "Z03"],
             ["PE35", "PE19", "Z29", "Z04"], ["PE26", "PE20", "Z08", "Z14"]])
    act(s, "play PE01", "pass", "play PE35", "pass", "play Z33")
    assert s.armies == ((idx(s, "Z33"), 2, (idx(s, "PE35"),)),)
    act(s, "play PE41")
    assert s.armies == ((idx(s, "Z33"), 1, (idx(s, "PE41"),)),)


def test_example_2_rot_card_leaves_3_points():
    """Z33 + Prinz Wilhelm (17) at P1, Z29 without commander at P3, Z13 (Rot 11) at P4:
    (17 - 11) / 2 = 3 Reaktionäre to P1."""
    _, s = new_game(4)
    deal(s, [["PE40", "PE01", "Z33", "Z01"], ["PE09", "PE02", "Z02", "Z03"],
             ["PE19", "PE20", "Z29", "Z04"], ["PE26", "PE21", "Z13", "Z14"]])
    act(s, "play PE40", "pass", "pass", "play Z13", "on side P4", "play Z33")
    act(s, "pass", "play Z29")
    armies = {a: (place, lead) for a, place, lead in s.armies}
    assert armies[idx(s, "Z29")] == (2, None), "no free commander: the army lies idle"
    act(s, "pass", "pass", "pass", "pass")
    assert s.tally[0][R] == 3
    assert s.won[0] == (0,)


def test_two_commanders_together_take_the_army_from_a_weaker_one():
    """Schwarzenberg + Windischgrätz (5 Austrian points) take the army from Radetzky (4)."""
    _, s = new_game(3)
    deal(s, [["PE37", "PE01", "Z28", "Z01"], ["PE36", "PE35", "Z02", "Z03"],
             ["PE09", "PE10", "Z04", "Z05"]])
    act(s, "play PE37", "play PE36", "pass", "play Z28")
    assert s.armies == ((idx(s, "Z28"), 0, (idx(s, "PE37"),)),), \
        "Radetzky (4) is stronger than Schwarzenberg (2)"
    act(s, "play PE35")
    assert s.armies == ((idx(s, "Z28"), 1, (idx(s, "PE35"), idx(s, "PE36"))),)
    assert idx(s, "PE37") in s.persons[0], "the deposed commander stays where he lies"
    act(s, "pass", "pass", "pass")
    assert s.tally[1][R] == (12 + 5) // 2


def test_kroatien_adds_5_to_an_austrian_commander_even_when_played_against_him():
    _, s = new_game(2)
    deal(s, [["PE35", "PE01", "Z28", "Z01"], ["PE41", "PE09", "Z15", "Z33"]])
    act(s, "play PE35", "play Z15", "on side P1")
    obs = s.observation(None)
    assert obs["military"][str(idx(s, "PE35"))] == 8


def test_equal_commanders_at_two_players_the_army_player_chooses():
    """The seed's Sonderfall: Z34 (Bund) with no Bund commander; Wrangel (3) and
    Windischgrätz (3) at two players: P1 chooses; a seat outside the choice is refused."""
    _, s = new_game(3)
    deal(s, [["PE01", "PE02", "Z34", "Z01"], ["PE41", "PE09", "Z02", "Z03"],
             ["PE35", "PE19", "Z04", "Z05"]])
    act(s, "play PE01", "play PE41", "play PE35", "play Z34")
    assert s.phase == "assign" and sorted(s.legal_actions()) == [s.parse_action("army to P2"),
                                                                 s.parse_action("army to P3")]
    before = s.fields()
    with pytest.raises(IllegalActionError, match="own flag first"):
        s.apply_action(s.parse_action("army to P2") - 1)
    assert s.fields() == before
    act(s, "army to P3")
    assert s.armies == ((idx(s, "Z34"), 2, (idx(s, "PE35"),)),)


def test_rot_can_make_the_result_negative():
    """Z30 + Prinz Wilhelm = 12 Reaktionäre against Rot 11 + 4: (12 - 15) / 2 rounded down = -2,
    noted at the player with the strongest reactionary army."""
    _, s = new_game(3)
    deal(s, [["PE40", "PE01", "Z30", "Z01"], ["PE09", "PE10", "Z13", "Z02"],
             ["PE19", "PE20", "Z11", "Z03"]])
    act(s, "play PE40", "play Z13", "on side P2", "play Z11", "play Z30")
    act(s, "pass", "pass", "pass")
    assert s.tally[0][R] == -2


def test_bundesfahne_commander_is_immune_to_rot(tmp_path):
    """With a card file where Becker (Bundesfahne) is a Reactionary, Rot does not touch his army."""
    data = json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))
    for card in data["cards"]:
        if card["id"] == "PE08":
            card["party"] = {"value": "R", "status": "reconstructed"}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _, s = new_game(2, cards=str(path))
    deal(s, [["PE08", "PE01", "Z34", "Z01"], ["PE09", "PE10", "Z13", "Z02"]])
    act(s, "play PE08", "play Z13", "on side P2", "play Z34", "pass", "pass")
    assert s.tally[0][R] == (11 + 2) // 2


def test_an_army_without_commander_does_not_decide():
    _, s = new_game(2)
    deal(s, [["PE01", "PE02", "Z28", "Z01"], ["PE09", "PE10", "Z02", "Z03"]])
    act(s, "play PE01", "play PE09", "play Z28", "pass", "pass")
    assert s.last_result[0] == "political"
    assert s.won[1] == (0,)


def test_two_armies_and_two_commanders_at_one_player_each_get_a_commander():
    """The seed merges only commanders "keiner Armeekarte zugeordnet": P1 lays Z29 and Z28, then
    Windischgrätz (3) and Schwarzenberg (2). The stronger commander chooses first and takes the
    stronger army; the other army gets the other commander: (17 + 3 + 12 + 2) / 2 = 17."""
    _, s = new_game(2)
    deal(s, [["PE35", "PE36", "Z29", "Z28"], ["PE09", "PE10", "Z02", "Z03"]])
    act(s, "play Z29", "push Z02", "play Z28", "push Z03", "play PE35")
    assert s.armies == ((idx(s, "Z29"), 0, (idx(s, "PE35"),)), (idx(s, "Z28"), 0, None))
    act(s, "pass", "play PE36")
    assert s.armies == ((idx(s, "Z29"), 0, (idx(s, "PE35"),)),
                        (idx(s, "Z28"), 0, (idx(s, "PE36"),)))
    act(s, "pass")
    assert s.tally[0][R] == 17


def test_a_second_commander_joins_the_army_and_leaves_it_for_a_new_one():
    """More commanders than armies: both lead the one army (3 + 2); when a second army comes,
    the second commander takes it."""
    _, s = new_game(2)
    deal(s, [["PE35", "PE36", "Z29", "Z28"], ["PE09", "PE10", "Z02", "Z03"]])
    act(s, "play PE35", "push Z02", "play PE36", "push Z03", "play Z29")
    assert s.armies == ((idx(s, "Z29"), 0, (idx(s, "PE35"), idx(s, "PE36"))),)
    act(s, "push PE09", "play Z28")
    assert s.armies == ((idx(s, "Z29"), 0, (idx(s, "PE35"),)),
                        (idx(s, "Z28"), 0, (idx(s, "PE36"),)))


def test_the_single_strongest_army_takes_its_partys_points():
    """All three armies are reactionary: P2 holds Z29 + Windischgrätz (17 + 3 = 20), P1 holds
    Z30 + Prinz Wilhelm (10 + 2) and Z28 + Schwarzenberg (12 + 2): more in sum (26), but the
    strongest single army is P2's, so P2 credits all of them: (12 + 14 + 20) / 2 = 23."""
    _, s = new_game(2)
    deal(s, [["PE40", "PE36", "Z30", "Z28"], ["PE35", "PE09", "Z29", "Z02"]])
    act(s, "play PE40", "play PE35", "play PE36", "play Z29", "play Z30", "push Z02", "play Z28")
    leads = {a: lead for a, _, lead in s.armies}
    assert leads == {idx(s, "Z29"): (idx(s, "PE35"),), idx(s, "Z30"): (idx(s, "PE40"),),
                     idx(s, "Z28"): (idx(s, "PE36"),)}
    act(s, "pass", "pass")
    assert s.tally[1][R] == 23 and s.tally[0][R] == 0
    # the halving said once, in the decision; the credit in its own line
    assert s.last_result[0] == "military" and s.last_result[-2:] == (
        "The Reactionaries are strongest (46 military points, counting half: 23); P2 holds "
        "their strongest army", "P2 credits 23 for the Reactionaries")
    assert s.won[1] == (0,)
