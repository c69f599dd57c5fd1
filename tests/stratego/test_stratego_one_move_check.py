"""Stratego decides one move without listing the node (``may_move``, the move generator's own ray
rule; docs/rules/stratego.md, "Movement Rules"): at positions where the two-square rule or the
more-squares rule forbids a move, the check refuses exactly what ``legal_actions()`` leaves out.
A piece is walked back and forth on purpose, so the repetition rules really bite."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.games.stratego.board import RAYS

MOVES = range(3600)  # every move id: square * 36 + direction * 9 + distance - 1


def _checked(state) -> set[int]:
    """The move ids a copy of ``state`` applies one at a time through the one-move check."""
    return {a for a in MOVES if state.clone().apply_legal_prefix([a]) == 1}


@pytest.mark.parametrize("rules", ["isf", "gravon"])
@pytest.mark.parametrize("seed", range(3))
def test_the_one_move_check_is_the_move_list_where_repetition_rules_bite(rules, seed):
    game = garrison.load("stratego", rules=rules, max_plies=400)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or state.phase == 0:  # setups (phase 0), then play
        action = (garrison.sample_chance(state, rng) if state.is_chance_node()
                  else rng.choice(state.legal_actions()))
        state.apply_action(action)
    last: dict[int, int] = {}
    forbidden_back = 0
    for ply in range(160):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if ply % 4 == 0:
            assert _checked(state) == set(legal)
        side = state.current_player()
        back = last.get(side)
        if back is not None and back not in legal:
            forbidden_back += 1
            assert state.clone().apply_legal_prefix([back]) == 0
        # walk the same piece back where it came from when it can, else any move
        action = back if back in legal and rng.random() < 0.9 else rng.choice(legal)
        frm, d, k = action // 36, action % 36 // 9, action % 9
        state.apply_action(action)
        last[side] = _reverse(action, RAYS[frm][d][k])
    assert forbidden_back > 0  # a repetition rule refused the way back at least once


def _reverse(action: int, to: int) -> int:
    """The id of the move straight back (from ``to`` the other way)."""
    d, k = action % 36 // 9, action % 9
    return to * 36 + (d + 2) % 4 * 9 + k
