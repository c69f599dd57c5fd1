"""Drive Gambit turns with fixed dice through the public API."""

from garrison.core.dice import roll_id
from garrison.games.gambit import actions


def turn(state, *steps):
    """Play one turn: each step is (faces rolled, faces set aside from that roll)."""
    for rolled, kept in steps:
        assert state.is_chance_node(), "expected a roll"
        state.apply_action(roll_id(tuple(rolled)))
        for face in kept:
            state.apply_action(actions.keep(face))
        if not state.is_chance_node() and state.current_player() >= 0 and state.taken:
            state.apply_action(actions.ROLL)


def score_turn(state, faces):
    """A one-roll turn that sets every die aside: the hand is exactly ``faces``."""
    turn(state, (faces, faces))


def play_round(state, hands):
    """Every player still in plays one turn with the given hands, in turn order."""
    for faces in hands:
        score_turn(state, faces)
