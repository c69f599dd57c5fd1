"""Any OpenSpiel game's tree as a :class:`~garrison.core.cfr.GameTree`, so that the native
solver runs on OpenSpiel's own games (Kuhn, Leduc) beside OpenSpiel's solvers.

>>> import pyspiel
>>> tree = tree_from_openspiel(pyspiel.load_game("kuhn_poker"))
>>> tree.num_nodes, tree.num_infosets
(58, 12)
"""

from __future__ import annotations

from typing import Any

from garrison.core.cfr import GameTree

from .cfr import MAX_NODES


def tree_from_openspiel(game: Any, max_nodes: int = MAX_NODES) -> GameTree:
    """The whole tree of the OpenSpiel game ``game`` (sequential, with chance or not), its
    decision nodes keyed by ``information_state_string`` of the seat to move.

    Raises ``ValueError`` for a game with simultaneous moves or a tree larger than
    ``max_nodes``.
    """
    import pyspiel

    if game.get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        raise ValueError(f"{game.get_type().short_name} has simultaneous moves: the tree takes "
                         "sequential games")
    tree = GameTree(game.num_players(), max_nodes)
    tree.add_root()
    stack = [(0, game.new_initial_state())]
    while stack:
        node, state = stack.pop()
        if state.is_terminal():
            tree.set_terminal(node, state.returns())
            continue
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            first = tree.set_chance(node, outcomes)
            actions = [a for a, _ in outcomes]
        else:
            seat = state.current_player()
            actions = state.legal_actions()
            key = bytes([seat]) + state.information_state_string(seat).encode()
            first = tree.set_decision(node, seat, key, actions)
        for i, action in enumerate(actions):
            stack.append((first + i, state.child(action)))
    tree.seal()
    return tree


__all__ = ["tree_from_openspiel"]
