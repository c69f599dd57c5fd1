"""CFR and CFR+ on Garrison's tiny variants (``garrison.interop.openspiel.tiny_games()``): NashConv
of each solver's average policy after 1, 2, 4, 8, ... iterations, and the NashConv of the
game's own deterministic bots played as a policy (both seats), where they can be read as one.

    PYTHONPATH=src python research/cfr_tiny.py --iterations 32
    PYTHONPATH=src python research/cfr_tiny.py --games scopa_hidden_6 --iterations 1024

Without ``--games`` it runs every tiny game but ``gambit_2_dice`` (minutes a checkpoint).
"""

from __future__ import annotations

import argparse
import os
import time

import pyspiel
from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import cfr, exploitability

import garrison
from garrison.bots import bot_names, make_bot
from garrison.interop.openspiel import garrison_state, tiny_games

SOLVERS = {"CFR": cfr.CFRSolver, "CFR+": cfr.CFRPlusSolver}


def bot_policy(game: pyspiel.Game, bot: str) -> spiel_policy.TabularPolicy:
    """Bot ``bot`` of the Garrison game as a tabular policy: at every decision of the tree, the
    action the bot (seeded 0) picks for the seat to move. Bots read the seat's observation only,
    so every history of an information state gets the same action."""
    garrison_game = garrison_state(game.new_initial_state()).game

    def act(state: pyspiel.State) -> dict[int, float]:
        seat = state.current_player()
        chosen = make_bot(garrison_game, bot, seat, seed=0).step(garrison_state(state))
        return {a: float(a == chosen) for a in state.legal_actions()}

    return spiel_policy.tabular_policy_from_callable(game, act)


def main() -> None:
    tiny = tiny_games()
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=[n for n in tiny if n != "gambit_2_dice"],
                        choices=list(tiny))
    parser.add_argument("--iterations", type=int, default=32, help="the last checkpoint")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg()[:2])}")
    for name in args.games:
        game = pyspiel.load_game(tiny[name])
        print(f"{name}: {tiny[name]}")
        garrison_game: garrison.Game = garrison_state(game.new_initial_state()).game
        uniform = exploitability.nash_conv(game, spiel_policy.UniformRandomPolicy(game))
        print(f"  bot random (uniform policy): NashConv {uniform:.4f}")
        for bot in bot_names(garrison_game):
            if bot in ("random", "ismcts", "pimc"):  # random is above; search bots are no policy
                continue
            value = exploitability.nash_conv(game, bot_policy(game, bot))
            print(f"  bot {bot}: NashConv {value:.4f}")
        for label, solver_class in SOLVERS.items():
            solver = solver_class(game)
            done, checkpoint, spent = 0, 1, 0.0
            while checkpoint <= args.iterations:
                start = time.perf_counter()
                while done < checkpoint:
                    solver.evaluate_and_update_policy()
                    done += 1
                spent += time.perf_counter() - start
                value = exploitability.nash_conv(game, solver.average_policy())
                print(f"  {label:4} {done:5d} iterations ({spent:7.1f} s): NashConv {value:.4f}",
                      flush=True)
                checkpoint *= 2


if __name__ == "__main__":
    main()
