"""How far could a search go if the hidden cards were no secret? An arena run with a peeking
ISMCTS, for measurement only.

``seeing`` is ISMCTS whose every world is the real state (``clone``) instead of a world drawn
with ``resample``: it knows every hand and the talon, though not the chance events still to
come (the next deals are drawn as in any simulation). Everything else is the ``ismcts`` bot
with the same settings, budget and the game's search defaults. Against the same opponents on
the same deals, its ahead share is what this search could reach with perfect knowledge of the
cards in play: an upper bound for the honest bot, which shows how much of a gap better worlds
(``infer``, a posterior of the hidden cards) could close and how much they could not
(docs/log/bots-history.md, "What a search that sees every card reaches").

``seeing_play`` sees only from the card play on (a game whose observation names its phase,
``"play"``: Solo 66): its calls in the auction, its announcement and its discards are the
honest bot's, from worlds drawn as the honest bot draws them. The two together split the bound
into what knowing the cards is worth in the auction (where the talon is no one's to know) and
what it is worth in the tricks, where reading the others' play could in principle get it.
``seeing_solo`` and ``seeing_defence`` split the tricks once more (a game whose observation
names its ``"soloist"``): they see in the card play only of the deals in which the bot is the
soloist, or only of those in which it defends. Knowing the defenders' cards is reading four
hands from their play; knowing the soloist's is reading one.

It is registered only in this script's process, as bots named ``seeing``, ``seeing_play``,
``seeing_solo`` and ``seeing_defence`` (never bots of the kernel, a level or the server: they
read hidden information by design)::

    python research/arena_ceiling.py solo66 --bots seeing:0.05s:clock=cpu,heuristic,heuristic,heuristic,heuristic --games 100 --seed 901
    python research/arena_ceiling.py solo66 --bots seeing_play:0.1s:clock=cpu:fallback=1.5,T,T,T,T --games 100 --seed 323   # T = ismcts:sims=398:infer=0:own=0
    python research/arena_ceiling.py solo66 --bots seeing_defence:0.1s:clock=cpu:fallback=1.5,T,T,T,T --games 100 --seed 323
    python research/arena_ceiling.py scopa -o players=2 --bots seeing:0.05s:clock=cpu:fallback=1.5:horizon=score,greedy --games 100 --seed 701

Every argument is ``garrison arena``'s (``--save``, ``--json`` ...): the same rotated seats,
duplicate deals and table. Keep ``--jobs 1``, the default: the name exists in this process
only.
"""

from __future__ import annotations

import sys
from typing import Any

from garrison.bots import GENERIC, ISMCTSBot
from garrison.core import State


class SeeingISMCTS(ISMCTSBot):
    """ISMCTS that searches the real state: every world is a copy of it (measurement only)."""

    name = "seeing"
    description = "ISMCTS on the real state (sees every card): an upper bound, not a player"

    def _world(self, state: State, rng: Any, rollout: Any, infer: int) -> State:
        return state.clone()


class SeeingPlayISMCTS(ISMCTSBot):
    """ISMCTS that searches the real state once the cards are played (the observation's phase
    is ``"play"``), and honest worlds before (measurement only)."""

    name = "seeing_play"
    description = "ISMCTS on the real state in the card play only: a bound, not a player"
    _sees: bool = False
    #: Which deals' card play it sees in: every deal, or only where it is the soloist or not.
    role: str = "any"

    def step(self, state: State) -> int:
        view = state.observation(self.seat)
        self._sees = view.get("phase") == "play" and (
            self.role == "any" or (view.get("soloist") == self.seat) == (self.role == "soloist"))
        return super().step(state)

    def _world(self, state: State, rng: Any, rollout: Any, infer: int) -> State:
        if self._sees:
            return state.clone()
        return super()._world(state, rng, rollout, infer)


class SeeingSoloISMCTS(SeeingPlayISMCTS):
    """``seeing_play`` in the deals in which it is the soloist only (measurement only)."""

    name = "seeing_solo"
    description = "ISMCTS on the real state in its own solos' card play: a bound, not a player"
    role = "soloist"


class SeeingDefenceISMCTS(SeeingPlayISMCTS):
    """``seeing_play`` in the deals in which it defends only (measurement only)."""

    name = "seeing_defence"
    description = "ISMCTS on the real state in the card play it defends: a bound, not a player"
    role = "defender"


BOUNDS = (SeeingISMCTS, SeeingPlayISMCTS, SeeingSoloISMCTS, SeeingDefenceISMCTS)


def register() -> None:
    """Make the bounds' names (``seeing``, ``seeing_play``, ``seeing_solo``, ``seeing_defence``)
    bot names in this process."""
    for bot in BOUNDS:
        GENERIC[bot.name] = bot


def main(argv: list[str] | None = None) -> None:
    """``garrison arena`` with the bounds among the bot names (in this process: ``--jobs 1``)."""
    from garrison.cli.main import app

    register()
    app(["arena", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    main()
