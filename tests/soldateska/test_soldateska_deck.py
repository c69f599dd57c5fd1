"""Seed "Card Distribution", "Money", "Game Personalities", "Game Variants": decks, deals and
options for every player count."""

from __future__ import annotations

import pytest
from soldateska_helpers import auto_finish_round, deal, new_state, rolls

import garrison
from garrison import OptionError
from garrison.core.cards import cards_in, count
from garrison.games.soldateska import deck as K
from garrison.games.soldateska import rules as R

STANDARD = {3: (32, {"Pistols", "Sabers"}), 4: (42, {"Pistols", "Sabers", "Tobacco"}),
            5: (52, {"Pistols", "Rapiers", "Sabers", "Tobacco"}), 6: (62, set(K.SUITS))}


def _dealt(players, **options):
    state = new_state(players=players, **options)
    rolls(state, *([4] + [0] * (players - 1)))
    deal(state, {})
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_standard_deck_bank_and_deal(players):
    size, suits = STANDARD[players]
    state = _dealt(players)
    assert count(state.in_play) == size
    assert {K.SUITS[s] for s in K.suits_in(state.in_play)} == suits
    assert state.in_play >> 50 == (1 << 12) - 1  # all ten specials and both Duels
    assert [count(h) for h in state.hands] == [10] * players
    assert count(state.stock) == 2
    assert state.bank == 10 * players and state.ducats == (0,) * players
    assert [K.RANK_NAMES[r] for r in K.personalities(players)] == {
        3: ["General", "Major", "Deserter"],
        4: ["General", "Major", "Hauptman", "Deserter"],
        5: ["General", "Oberst", "Hauptman", "Lieutenant", "Deserter"],
        6: ["General", "Oberst", "Major", "Hauptman", "Lieutenant", "Deserter"],
    }[players]


@pytest.mark.parametrize("players, lowest", [(3, 7), (4, 5), (5, 3)])
def test_five_suits_variant_drops_the_low_cards(players, lowest):
    state = _dealt(players, deck="five_suits")
    weapons = [c for c in cards_in(state.in_play) if c < K.GENERAL]
    assert {K.SUIT_OF[c] for c in weapons} == set(range(5))
    assert min(K.FACE[c] for c in weapons) == lowest
    assert count(state.in_play) == 10 * players + 2
    assert count(state.stock) == 2


@pytest.mark.parametrize("players", [3, 4, 5])
def test_full_deck_variant_leaves_cards_unused_and_unseen(players):
    state = _dealt(players, deck="full")
    assert count(state.in_play) == 62
    assert count(state.stock) == 62 - 10 * players
    for seat in range(players):
        obs = state.observation(seat)
        assert len(obs["hand"]) == 10 and "stock" not in obs
    auto_finish_round(state)
    assert state.round == 2
    deal(state, {})
    assert count(state.stock) == 62 - 10 * players - 2  # bonus cards to the General
    assert count(state.hands[state.order[0]]) == 12


def test_full_deck_without_the_deserter_card_uses_one_more_officer():
    state = new_state(players=3, deck="full")
    rolls(state, 4, 0, 0)
    deal(state, {}, keep_out=["Deserter"])
    auto_finish_round(state)
    assert state.round == 2
    assert sorted(K.RANK_NAMES[r] for r in state.ranks) == ["General", "Major", "Oberst"]
    general, oberst, major = state.order
    assert [state.ranks[s] for s in state.order] == [K.G, K.O, K.M]
    wages = f"Wages: General P{general + 1} +5, Oberst P{oberst + 1} +4, Major P{major + 1} +3. Bank: "
    assert any(line.startswith(wages) for line in state.observation(None)["settlement"])
    deal(state, {}, keep_out=["Deserter"])
    state.apply_action(state.legal_actions()[0])  # the General declares officers only
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.phase == R.ASIDE and state.current_player() == major
    for _ in range(2):
        state.apply_action(state.legal_actions()[0])
    assert state.phase == R.PLAY and state.current_player() == major  # the last rank leads
    assert [count(h) for h in state.hands] == [10, 10, 10]


def test_tobacco_trump_only_with_the_option():
    for allowed in (False, True):
        state = new_state(players=4, tobacco_trump=allowed)
        rolls(state, 4, 0, 0, 0)
        deal(state, {})
        auto_finish_round(state)
        deal(state, {})
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        assert texts == ["trump officers only", "trump Pistols", "trump Sabers"] + (
            ["trump Tobacco"] if allowed else [])


def test_variant_options_are_checked():
    with pytest.raises(OptionError, match="3-5 players"):
        garrison.load("soldateska", players=6, deck="full")
    with pytest.raises(OptionError, match="5 or 6 players"):
        garrison.load("soldateska", players=4, kokette_dice=2)
    with pytest.raises(OptionError):
        garrison.load("soldateska", players=7)
    game = garrison.load("soldateska", players=5, kokette_dice=2, deck="five_suits")
    assert game.num_players == 5 and game.num_distinct_actions == 68
