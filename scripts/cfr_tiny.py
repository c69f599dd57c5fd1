"""CFR on Garrison's tiny variants (``garrison.interop.openspiel.tiny_games()``): NashConv of the
average policy after 1, 2, 4, 8, ... iterations, one line per checkpoint.

    PYTHONPATH=src python scripts/cfr_tiny.py --iterations 32
    PYTHONPATH=src python scripts/cfr_tiny.py --games scopa_4_cards --iterations 1024
"""

from __future__ import annotations

import argparse
import os
import time

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

from garrison.interop.openspiel import tiny_games


def main() -> None:
    tiny = tiny_games()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(tiny), choices=list(tiny))
    parser.add_argument("--iterations", type=int, default=32, help="the last checkpoint")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg()[:2])}")
    for name in args.games:
        game = pyspiel.load_game(tiny[name])
        solver = cfr.CFRSolver(game)
        print(f"{name}: {tiny[name]}")
        print(f"  uniform policy: NashConv {exploitability.nash_conv(game, solver.average_policy()):.4f}")
        done, checkpoint, spent = 0, 1, 0.0
        while checkpoint <= args.iterations:
            start = time.perf_counter()
            while done < checkpoint:
                solver.evaluate_and_update_policy()
                done += 1
            spent += time.perf_counter() - start
            value = exploitability.nash_conv(game, solver.average_policy())
            print(f"  {done:5d} iterations ({spent:7.1f} s of CFR): NashConv {value:.4f}")
            checkpoint *= 2


if __name__ == "__main__":
    main()
