"""OpenSpiel's own search bots on every Garrison game, through ``garrison.interop.openspiel``.

Seat 0 is OpenSpiel's Python ``ISMCTSBot`` (imperfect-information games; it draws worlds with
our ``resample_from_infostate``) or its ``MCTSBot`` (perfect-information games, where ISMCTS
refuses to run); the other seats play uniformly at random. Chance is drawn with a seeded
generator, so a run repeats exactly.

    python examples/ismcts_openspiel_example.py                  # every game, short options
    python examples/ismcts_openspiel_example.py --game scopa --games 4 --sims 50
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import garrison
from garrison.interop import openspiel


def make_search_bot(game: pyspiel.Game, sims: int, seed: int) -> tuple[pyspiel.Bot, str]:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        return mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=np.random.RandomState(seed)), "MCTS"
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=np.random.RandomState(seed))
    worlds = random.Random(seed)
    # seeded worlds (the default sampler is seeded from the clock)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds))
    return bot, "ISMCTS"


def play(game: pyspiel.Game, sims: int, seed: int, search: bool = True) -> tuple[list[float], int, str]:
    """One game, seat 0 searching (or, with ``search=False``, random like the others)."""
    rng = random.Random(seed)
    bot, kind = make_search_bot(game, sims, seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.current_player() == 0 and search:
            state.apply_action(bot.step(state))
            decisions += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns(), decisions, kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="game name (repeat; default: every game)")
    parser.add_argument("--games", type=int, default=1, help="games per title")
    parser.add_argument("--sims", type=int, default=20, help="simulations per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = args.game or garrison.games()
    openspiel.register(names)
    print(f"{'game':12s} {'bot':7s} {'options':40s} {'seat 0 return':>13s} "
          f"{'if random':>9s} {'decisions':>9s} {'s':>6s}")
    for name in names:
        options = garrison.game_class(name).test_configs[0]
        game = openspiel.load_game(name, **options)
        start = time.perf_counter()
        results, baseline, decisions, kind = [], [], 0, ""
        for i in range(args.games):
            returns, d, kind = play(game, args.sims, args.seed + i)
            results.append(returns[0])
            decisions += d
        took = time.perf_counter() - start
        for i in range(args.games):  # the same seeds with seat 0 playing at random
            baseline.append(play(game, args.sims, args.seed + i, search=False)[0][0])
        opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        print(f"{name:12s} {kind:7s} {opts:40s} {np.mean(results):13.2f} {np.mean(baseline):9.2f} "
              f"{decisions:9d} {took:6.1f}")


if __name__ == "__main__":
    main()
