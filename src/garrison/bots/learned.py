"""Learned bots: a network (``garrison.core.net.Net``) playing its likeliest move.

``learned_bot(net)`` makes a bot class that plays ``net.best_action(state, seat)``: the legal
action of highest logit from its own seat's view (the observation tensor, the gate's encoding),
ties to the lowest id. The generic bot ``learned`` plays the net for the game and its options
(``garrison.learn.nets``: one's own in ``$GARRISON_NETS``, else the shipped one), loaded once per
process; a game or options with none refuses the name, listing those that have one (docs/bots.md,
"Learned bots: the network and its file").

>>> import garrison, numpy as np
>>> from garrison.core.net import Net
>>> game = garrison.load("gambit", players=2)
>>> size, actions = game.observation_tensor_shape[0], game.num_distinct_actions
>>> arrays = {"policy_w": np.zeros((size, actions), np.float32),
...           "policy_b": np.arange(actions, dtype=np.float32),
...           "value_w": np.zeros((size, 1), np.float32), "value_b": np.zeros(1, np.float32)}
>>> meta = {"format": 1, "game": "gambit", "options": {"players": 2}, "tensor_size": size,
...         "num_actions": actions, "value_scale": 1.0, "value_shift": 0.0, "trained": {}}
>>> bot = learned_bot(Net.from_arrays(arrays, meta))(game, seat=0)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(0)
>>> bot.step(state) == max(state.legal_actions())
True
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from garrison.core import Bot, Game, OptionError, State
from garrison.core.net import Net
from garrison.learn.nets import game_net, net_for

#: The generic bot's name.
NAME = "learned"


class LearnedBot(Bot):
    """Plays its net's likeliest legal move from its own seat's view (``Net.best_action``)."""

    name: ClassVar[str] = NAME
    description: ClassVar[str] = ("the network shipped with the game: its likeliest move from "
                                  "the seat's view")
    #: The network this class plays (``learned_bot`` sets it).
    net: ClassVar[Net]

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        """Raises ``GameError`` where the net does not fit ``game``, ``OptionError`` for this
        class itself (it has no net: ``bot_class(game, "learned")`` or ``learned_bot`` give one
        that has)."""
        super().__init__(game, seat, seed)
        net = getattr(type(self), "net", None)
        if net is None:
            raise OptionError("LearnedBot plays no net by itself: use bot_class(game, "
                              "'learned') or learned_bot(net)")
        net.check_game(game)

    def step(self, state: State) -> int:
        return self.net.best_action(state, self.seat)


def learned_bot(net: Net, name: str = NAME) -> type[Bot]:
    """A bot class playing ``net`` (its likeliest legal move from the bot's seat), called
    ``name``. Making one for a game the net does not fit raises ``GameError`` naming both."""
    return type(f"Learned_{name}", (LearnedBot,), {
        "name": name, "net": net,
        "description": f"the network {net.game_name} {net.sizes}: its likeliest move",
    })


@cache
def _class_of(net: Net) -> type[Bot]:
    return learned_bot(net)


def shipped_bot(game: Game) -> type[Bot] | None:
    """The ``learned`` bot class for ``game`` with its net (``garrison.learn.nets``: in
    ``$GARRISON_NETS`` or shipped; loaded once per process and version of the file), or None
    where there is none for the game and its options.

    Raises:
        RecordError: the file is broken (a packaging error, never hidden).
    """
    net = net_for(game)
    return None if net is None else _class_of(net)


def learned_class(game: Game | type[Game]) -> type[Bot]:
    """What ``bot_class(game, "learned")`` gives: the bot of the net for ``game``.

    Raises:
        OptionError: there is no net for this game and options (the message lists the games
            and options that have one).
        RecordError: the net's file is broken.
    """
    instance = game if isinstance(game, Game) else game()
    return _class_of(game_net(instance))


__all__ = ["LearnedBot", "NAME", "learned_bot", "learned_class", "shipped_bot"]
