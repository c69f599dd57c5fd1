"""The text view a person plays from: hand by suit, trick, trump, ranks, ducats, settlement."""

from __future__ import annotations

import re

from soldateska_helpers import deal, play, play_recruitment_b, recruitment_b, rolls

import garrison
from random_play import prompted


def test_text_view_shows_what_a_player_needs():
    state = recruitment_b()
    play_recruitment_b(state)
    rolls(state, 0, 1, 3, 4)
    deal(state, {1: ["General", "Sabers 10", "Sabers 3", "Pistols 9", "Pistols 2", "Spy",
                     "Oberst", "Major", "Hauptman", "Lieutenant"]}, extra=["Duel 1", "Duel 2"])
    play(state, "trump Sabers")
    game = garrison.load("soldateska", players=3)
    text = game.render(state.observation(1))
    lines = text.splitlines()
    assert "round 2" in lines[0] and "you are P2 (General)" in lines[0]
    assert "trump: Sabers" in lines[0]
    assert any(line.strip().startswith("Sabers (trump): 10 3") for line in lines)
    assert any(line.strip() == "Pistols: 9 2" for line in lines)
    specials = next(line for line in lines if line.strip().startswith("Specials:"))
    assert specials.strip() == "Specials: General, Oberst, Major, Hauptman, Lieutenant, Spy"
    assert "Bonus cards you took: Duel 1, Duel 2" in text
    ranks = [line for line in lines if re.match(r" [ *] P\d", line)]
    assert len(ranks) == 3
    assert "General" in ranks[0] and "6 ducats" in ranks[0] and " 0 tricks" in ranks[0]
    assert "Deserter" in ranks[2] and " 1 ducat " in ranks[2]  # one ducat, not "1 ducats"
    assert len({line.index("tricks") for line in ranks}) == 1  # the columns line up
    settlement = text[text.index("Settlement"):]
    order = ["1. Bomb", "2. Deserter", "3. Kokette", "4. Medals", "5. Spy", "6. Ranks", "Wages"]
    positions = [settlement.index(step) for step in order]
    assert positions == sorted(positions)
    spectator = game.render(state.observation(None))
    assert "Your hand" not in spectator and "Duel 1" not in spectator
    for _ in range(6):  # passes and the aside: the lowest cards
        state.apply_action(state.legal_actions()[0])
    leader = state.current_player()
    card = state.legal_actions()[0]
    state.apply_action(card)
    view = game.render(state.observation(state.current_player()))
    assert f"Trick so far (P{leader + 1} leads): P{leader + 1} {state.action_to_string(card)[5:]}" in view


def test_the_view_ends_with_what_the_seat_to_move_is_asked():

    game = garrison.load("soldateska", players=4)
    asked = set()
    for seed in range(3):
        for state, obs, last, moves in prompted(game, seed):
            mover = state.current_player()
            phase = obs["phase"]
            asked.add(phase)
            verb = {"play": "play", "declare trump": "trump", "pass cards": "pass",
                    "lay aside": "lay aside"}[phase]
            assert all(m.startswith(verb + " ") for m in moves), (phase, moves)
            assert last.startswith("Your move: "), last
            if phase == "pass cards":
                down = obs["hierarchy"][obs["hierarchy"].index(mover) + 1]
                left = 2 - len(obs["passed"])
                assert f"pass {left} {'more ' if obs['passed'] else ''}card" in last
                assert f"to P{down + 1} ({obs['ranks'][down]})" in last
            elif phase == "lay aside":
                assert f"lay {2 - len(obs['aside'])} " in last
            other = next(s for s in range(4) if s != mover)
            assert game.render(state.observation(other)).splitlines()[-1] == f"Waiting for P{mover + 1} ({phase})."
        assert game.render(state.observation(0)).splitlines()[-1].startswith("Game over.")
    assert asked == {"play", "declare trump", "pass cards", "lay aside"}
