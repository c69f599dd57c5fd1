"""OpenSpiel's Python search bots, ready for ``evaluate_bots``.

``open_spiel.python.algorithms.evaluate_bots.evaluate_bots`` calls ``restart_at(state)`` on every
bot before the game and ``inform_action(state, player, action)`` after every move the bot did
not make. OpenSpiel's Python ``ISMCTSBot`` implements neither, and the base class's
``restart_at`` raises ``SpielError: RestartAt(state) not implemented`` (OpenSpiel's side: its
C++ bots implement it). The bot keeps nothing between its moves (each ``step`` searches afresh
from the state it is given), so restarting only clears its last tree and being told of a move
changes nothing. :class:`ISMCTSBot` adds exactly that, and can seed the worlds it samples:

>>> import numpy as np
>>> import pyspiel
>>> from open_spiel.python.algorithms import mcts
>>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
>>> from garrison.interop.openspiel import tiny_games
>>> from garrison.interop.openspiel_bots import ISMCTSBot
>>> game = pyspiel.load_game(tiny_games()["scopa_hidden_5"])
>>> evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
>>> bots = [ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(seat),
...                   worlds=seat) for seat in range(2)]
>>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
>>> len(returns), sum(returns)
(2, 0.0)
"""

from __future__ import annotations

import random
from typing import Any

from open_spiel.python.algorithms import ismcts


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel has no stubs
    """OpenSpiel's Python ``ISMCTSBot`` with ``restart_at`` and ``inform_action``, so that
    ``evaluate_bots`` can run it; the same arguments, and ``worlds``.

    ``worlds`` (an int seed or a ``random.Random``) seeds the worlds the search samples
    (``state.resample_from_infostate(player, worlds)``); without it OpenSpiel's default
    sampler is used, seeded from the clock.
    """

    def __init__(self, game: Any, evaluator: Any, uct_c: float, max_simulations: int,
                 *args: Any, worlds: int | random.Random | None = None, **kwargs: Any) -> None:
        """Raises ``TypeError`` for a ``worlds`` that is neither an int nor a ``random.Random``."""
        super().__init__(game, evaluator, uct_c, max_simulations, *args, **kwargs)
        if worlds is None:
            return
        if isinstance(worlds, bool) or not isinstance(worlds, (int, random.Random)):
            raise TypeError(f"worlds must be an int seed or a random.Random (got {worlds!r})")
        sampler = worlds if isinstance(worlds, random.Random) else random.Random(worlds)
        self.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))

    def restart_at(self, state: Any) -> None:
        """Start afresh at ``state``: the bot keeps no state between moves but its last tree,
        which is dropped."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Another player's move: nothing to update (each step searches afresh)."""


__all__ = ["ISMCTSBot"]
