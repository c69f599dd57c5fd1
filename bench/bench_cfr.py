"""The native CFR solver (``garrison.solve``) beside OpenSpiel's, in one run.

    PYTHONPATH=src python bench/bench_cfr.py [--seconds 5]
    PYTHONPATH=src python bench/bench_cfr.py --validate gambit_2_dice --iterations 2
    PYTHONPATH=src python bench/bench_cfr.py --curves scopa_hidden_6 scopa_hidden_7
    PYTHONPATH=src python bench/bench_cfr.py --sampled scopa_hidden_6 --iterations 100000
    PYTHONPATH=src python bench/bench_cfr.py --halve soldateska_hidden_6

The speed run times CFR iterations on OpenSpiel's Leduc poker with OpenSpiel's C++
``pyspiel.CFRSolver`` and with the native solver over the same tree
(``garrison.solve.openspiel_tree``), then the native solver on Garrison's tiny games, and
OpenSpiel's Python ``cfr.CFRSolver`` on one of them for scale. Nodes per second are the tree's
nodes times iterations over CPU seconds (``time.process_time``; each CFR iteration walks the
whole tree once per seat in both solvers), so the figures compare like for like; the native
solver's own count of visited nodes (it skips subtrees no seat reaches) is printed beside.

``--validate NAME`` runs OpenSpiel's Python CFR and the native one side by side on a tiny game
and prints both NashConvs after each iteration. ``--curves`` prints NashConv after 1, 2, 4, ...
iterations of CFR and CFR+ (native) on tiny games and the larger variants of ``LARGER``;
``--sampled`` NashConv after 10, 100, ... iterations of the two MCCFRs from ``--seed``;
``--halve`` the CPU seconds OpenSpiel's Python CFR takes to halve NashConv on tiny games.
"""

from __future__ import annotations

import argparse
import os
import time

import pyspiel

import garrison
from garrison.core.cfr import Solver
from garrison.interop.openspiel import TINY_GAMES, tiny_game, tiny_games
from garrison.solve import cfr, game_tree
from garrison.solve.openspiel_tree import tree_from_openspiel

#: Variants too large for OpenSpiel's Python CFR (minutes to hours a pass), solved natively:
#: name -> (game, options).
LARGER = {
    # Scopa, six cards (Ace to 3 of two suits), three each: nothing hidden but the order
    "scopa_6_cards": ("scopa", dict(players=2, deal="all", hand_limit=1, suits=2, values=3)),
    # 1848_hidden_5 with up to two Patts before the game ends (patt_limit=2): two Stiche
    "1848_patt_2": ("1848", dict(players=2, rules="base", patt_limit=2,
                                 pack="A01+PE04+PE13+PE21+PE26+PE33")),
    # Scopa, the Diamonds Ace to 7, one card set aside face down, three each
    "scopa_hidden_7": ("scopa", dict(players=2, deal="all", hand_limit=1, suits=1, values=7,
                                     aside=1)),
    # Scopa, Ace to 4 of two suits, two set aside face down, three each
    "scopa_hidden_8": ("scopa", dict(players=2, deal="all", hand_limit=1, suits=2, values=4,
                                     aside=2)),
}


def game_of(name: str) -> garrison.Game:
    if name in TINY_GAMES:
        return tiny_game(name)
    game, options = LARGER[name]
    return garrison.load(game, **options)


def timed(step, seconds: float) -> tuple[int, float]:
    """Call ``step()`` until ``seconds`` of CPU time have passed; (calls, CPU seconds)."""
    step()  # warm-up
    calls, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        step()
        calls += 1
    return calls, time.process_time() - start


def speed(seconds: float) -> None:
    leduc = pyspiel.load_game("leduc_poker")
    tree = tree_from_openspiel(leduc)
    print(f"Leduc poker: {tree.num_nodes:,} nodes, {tree.num_infosets:,} information states")
    cpp = pyspiel.CFRSolver(leduc)
    calls, cpu = timed(cpp.evaluate_and_update_policy, seconds)
    cpp_rate = calls * tree.num_nodes / cpu
    print(f"  OpenSpiel C++ CFRSolver   {calls / cpu:12,.1f} it/s {cpp_rate:14,.0f} nodes/s")
    native = Solver(tree, "cfr")
    calls, cpu = timed(lambda: native.run(10), seconds)
    rate = 10 * calls * tree.num_nodes / cpu
    visited = native.nodes_touched / native.iterations * 10 * calls / cpu
    print(f"  native CFR                {10 * calls / cpu:12,.1f} it/s {rate:14,.0f} nodes/s "
          f"({visited:,.0f} visited/s)  {rate / cpp_rate:.1f}x OpenSpiel C++")
    for name in TINY_GAMES:
        tree = game_tree(tiny_game(name))
        native = Solver(tree, "cfr")
        steps = max(1, 200_000 // tree.num_nodes)
        calls, cpu = timed(lambda native=native, steps=steps: native.run(steps), seconds / 2)
        rate = steps * calls * tree.num_nodes / cpu
        print(f"{name:16} {tree.num_nodes:9,} nodes {tree.num_infosets:7,} infosets: native "
              f"{steps * calls / cpu:10,.1f} it/s {rate:14,.0f} nodes/s")
    from open_spiel.python.algorithms import cfr as spiel_cfr

    name = "scopa_hidden_6"
    spiel = pyspiel.load_game(tiny_games()[name])
    python = spiel_cfr.CFRSolver(spiel)
    calls, cpu = timed(python.evaluate_and_update_policy, seconds)
    nodes = game_tree(tiny_game(name)).num_nodes
    print(f"{name:16} OpenSpiel Python CFRSolver {calls / cpu:8,.2f} it/s "
          f"{calls * nodes / cpu:12,.0f} nodes/s ({cpu / calls / nodes * 1e6:,.0f} µs a node)")


def validate(name: str, iterations: int) -> None:
    from open_spiel.python.algorithms import cfr as spiel_cfr
    from open_spiel.python.algorithms import exploitability

    spiel = pyspiel.load_game(tiny_games()[name])
    tree = game_tree(tiny_game(name))
    for label, cls, algorithm in (("CFR", spiel_cfr.CFRSolver, "cfr"),
                                  ("CFR+", spiel_cfr.CFRPlusSolver, "cfr+")):
        reference, native = cls(spiel), Solver(tree, algorithm)
        print(f"{name} {label}: {len(reference._info_state_nodes):,} information states "
              f"(native {tree.num_infosets:,})")
        for done in range(1, iterations + 1):
            reference.evaluate_and_update_policy()
            native.run(1)
            theirs = exploitability.nash_conv(spiel, reference.average_policy())
            ours = tree.nash_conv(native.average_policy())
            print(f"  {done:4}  OpenSpiel {theirs:.15f}  native {ours:.15f}  "
                  f"difference {abs(theirs - ours):.1e}", flush=True)


def halve(names: list[str]) -> None:
    """CPU seconds OpenSpiel's Python CFR takes to halve NashConv: its solver and its
    ``exploitability.nash_conv`` after every iteration, from loading the game."""
    from open_spiel.python.algorithms import cfr as spiel_cfr
    from open_spiel.python.algorithms import exploitability

    for name in names:
        start = time.process_time()
        spiel = pyspiel.load_game(tiny_games()[name])
        solver = spiel_cfr.CFRSolver(spiel)
        solver.evaluate_and_update_policy()
        first = now = exploitability.nash_conv(spiel, solver.average_policy())
        done = 1
        while now > first / 2 and done < 50:
            solver.evaluate_and_update_policy()
            done += 1
            now = exploitability.nash_conv(spiel, solver.average_policy())
        print(f"{name}: NashConv {first:.4f} -> {now:.4f} after {done} iterations of OpenSpiel's "
              f"Python CFR, {time.process_time() - start:.1f} CPU s", flush=True)


def curves(names: list[str], iterations: int) -> None:
    marks = [2**k for k in range(iterations.bit_length()) if 2**k <= iterations]
    print("| game | nodes | information states | solver | "
          + " | ".join(str(m) for m in marks) + " | s |")
    print("| --- | ---: | ---: | --- | " + " | ".join("---:" for _ in marks) + " | ---: |")
    for name in names:
        start = time.process_time()
        tree = game_tree(game_of(name))
        built = time.process_time() - start
        for algorithm in ("cfr", "cfr+"):
            result = cfr(tree, marks[-1], algorithm, checkpoints=marks)
            print(f"| `{name}` | {tree.num_nodes:,} | {tree.num_infosets:,} | {algorithm} | "
                  + " | ".join(f"{v:.4f}" if v >= 1e-3 else f"{v:.1e}" for _, v in result.curve)
                  + f" | {result.seconds:.2f} |", flush=True)
        print(f"  (tree built in {built:.2f} CPU s)", flush=True)


def sampled(names: list[str], iterations: int, seed: int) -> None:
    marks = [10**k for k in range(1, len(str(iterations))) if 10**k <= iterations]
    print("| game | solver | " + " | ".join(f"{m:,}" for m in marks) + " | nodes visited | s |")
    print("| --- | --- | " + " | ".join("---:" for _ in marks) + " | ---: | ---: |")
    for name in names:
        tree = game_tree(game_of(name))
        for algorithm in ("es-mccfr", "os-mccfr"):
            result = cfr(tree, marks[-1], algorithm, seed, checkpoints=marks)
            print(f"| `{name}` | {algorithm} | "
                  + " | ".join(f"{v:.4f}" if v >= 1e-3 else f"{v:.1e}" for _, v in result.curve)
                  + f" | {result.nodes_touched:,} | {result.seconds:.2f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds a figure")
    parser.add_argument("--validate", choices=list(TINY_GAMES))
    parser.add_argument("--curves", nargs="+", choices=[*TINY_GAMES, *LARGER])
    parser.add_argument("--sampled", nargs="+", choices=[*TINY_GAMES, *LARGER],
                        help="ES and OS MCCFR: NashConv after 10, 100, ... iterations")
    parser.add_argument("--seed", type=int, default=0, help="the sampling variants' seed")
    parser.add_argument("--halve", nargs="+", choices=list(TINY_GAMES),
                        help="CPU seconds OpenSpiel's Python CFR takes to halve NashConv")
    parser.add_argument("--iterations", type=int, default=1024)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    if args.validate:
        validate(args.validate, args.iterations)
    elif args.curves:
        curves(args.curves, args.iterations)
    elif args.sampled:
        sampled(args.sampled, args.iterations, args.seed)
    elif args.halve:
        halve(args.halve)
    else:
        speed(args.seconds)


if __name__ == "__main__":
    main()
