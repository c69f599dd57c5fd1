"""Does Scopa's search play better for the game's win than for the lead in points?

The strong search values the end of every rollout (about one hand, ``horizon=80``) by the lead
of the seat's side in points, ``tanh(lead / 3)`` (``games/scopa/evaluate.py``). A game to 11 is
won by the first side to reach 11 at the end of a hand, so the same lead is worth more or less by
the score: 10 to 8 is nearly a win, 2 to 0 is not. This script learns what the score is worth
from self-play and lets the search play for it.

* ``data``: games of two players, the bot ``--bot`` in both seats (``greedy`` by default), and
  for each hand its dealer and the points each side made in it. Writes ``.npz``.
* ``table``: from those hands, the chance that side 0 wins from every score at the start of a
  hand (the dealer alternating), by exact recursion over the hands' points as observed: if a side
  has reached the target at the end of a hand, the higher score wins; equal scores play on.
  Prints a few values beside ``tanh(lead / 3)``.
* ``arena``: ``garrison arena`` with the bot ``winner`` in this process: ISMCTS whose rollouts'
  ends are valued by the table at the standings (the scores plus the hand so far as if it ended
  there), 2 W - 1 for the seat's side, instead of the squashed lead; the game's end by its
  returns. Keep ``--jobs 1``: the name exists in this process only.

::

    python research/scopa_winprob.py data --games 20000 --seed 1 --out hands.npz
    python research/scopa_winprob.py table --data hands.npz --out win.npz
    python research/scopa_winprob.py arena --table win.npz -- scopa -o players=2 --bots winner:0.05s:clock=cpu:fallback=1.5,S --games 200 --seed 41
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

import garrison
from garrison.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from valued_search import ValuedISMCTS, arena, command_line  # noqa: E402

#: Scores beyond the target that the table holds (equal scores past it play on).
SPAN = 40


def play_hands(games: int, seed: int, bot: str, target: int) -> np.ndarray:
    """Rows (dealer, points of side 0, points of side 1) of every hand of ``games`` games."""
    game = garrison.load("scopa", players=2, target=target)
    rows: list[tuple[int, int, int]] = []
    for g in range(games):
        state = game.new_initial_state()
        chance = random.Random(seed * 1_000_003 + g)
        bots = [make_bot(game, bot, s, seed=seed * 7919 + g * 2 + s) for s in range(2)]
        before = list(state.scores)
        dealer = int(state.dealer)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, chance))
            else:
                state.apply_action(bots[state.current_player()].step(state))
            if list(state.scores) != before:
                rows.append((dealer, state.scores[0] - before[0], state.scores[1] - before[1]))
                before = list(state.scores)
                dealer = int(state.dealer)
    return np.array(rows, dtype=np.int16)


def win_table(hands: np.ndarray, target: int) -> np.ndarray:
    """W[d, a, b]: the chance that the side with ``a`` points wins against ``b`` at the start of
    a hand whose dealer is that side (d = 0) or the other (d = 1)."""
    # each hand's points as (the dealer's side, the other side's), counted once per pair
    pairs: dict[tuple[int, int], int] = {}
    for dealer, p0, p1 in hands:
        mine, theirs = (p0, p1) if dealer == 0 else (p1, p0)
        pairs[(int(mine), int(theirs))] = pairs.get((int(mine), int(theirs)), 0) + 1
    total = sum(pairs.values())
    dist = [(m, t, n / total) for (m, t), n in pairs.items()]
    top = target + SPAN
    # filled from the highest scores down: every hand adds a point somewhere (the settebello)
    table = np.zeros((2, top + 1, top + 1))
    for a in range(top, -1, -1):
        for b in range(top, -1, -1):
            if max(a, b) >= target and a != b:
                table[:, a, b] = 1.0 if a > b else 0.0
                continue
            for d in (0, 1):
                value = 0.0
                for m, t, p in dist:  # the dealer's side makes m, the other t
                    na, nb = (a + m, b + t) if d == 0 else (a + t, b + m)
                    if max(na, nb) >= target and na != nb:
                        value += p * (1.0 if na > nb else 0.0)
                    elif max(na, nb) > top:
                        value += p * 0.5  # equal far past the target: the table's edge
                    else:
                        value += p * table[1 - d, na, nb]
                table[d, a, b] = value
    return table


class WinnerISMCTS(ValuedISMCTS):
    """ISMCTS whose rollouts' ends are valued by the chance of winning the game (measurement)."""

    name = "winner"
    description = "ISMCTS valuing a rollout's end by the chance of winning from its score"
    table: np.ndarray | None = None

    def value(self, state: Any) -> list[float]:
        """2 W - 1 for each seat's side at the standings; the returns at the end."""
        from garrison.games.scopa.evaluate import standings

        if state.is_terminal():
            return list(state.returns())
        table = type(self).table
        assert table is not None
        points = standings(state)
        top = table.shape[1] - 1
        # the next hand's dealer is the seat after this hand's dealer
        next_dealer = 1 - int(state.dealer)
        out = []
        for seat in range(2):
            a, b = min(points[seat], top), min(points[1 - seat], top)
            out.append(2.0 * float(table[0 if next_dealer == seat else 1, a, b]) - 1.0)
        return out


def main(argv: list[str] | None = None) -> None:
    """The three commands (see the module's docstring)."""
    parser, sub, d = command_line(__doc__, "--table")
    d.add_argument("--bot", default="greedy")
    d.add_argument("--target", type=int, default=11)
    t = sub.add_parser("table")
    t.add_argument("--data", nargs="+", required=True)
    t.add_argument("--target", type=int, default=11)
    t.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.command == "data":
        hands = play_hands(args.games, args.seed, args.bot, args.target)
        np.savez(args.out, hands=hands)
        mean = hands[:, 1:].mean(axis=0)
        print(f"{len(hands)} hands; points a hand, side 0 and 1: {mean[0]:.3f} {mean[1]:.3f}")
        dealer = np.where(hands[:, 0] == 0, hands[:, 1], hands[:, 2])
        other = np.where(hands[:, 0] == 0, hands[:, 2], hands[:, 1])
        print(f"the dealer's side {dealer.mean():.3f}, the other {other.mean():.3f}")
    elif args.command == "table":
        hands = np.concatenate([np.load(f)["hands"] for f in args.data])
        table = win_table(hands, args.target)
        np.savez(args.out, table=table)
        for a, b in ((0, 0), (2, 0), (4, 0), (5, 3), (8, 6), (9, 9), (10, 8), (10, 5), (6, 10)):
            w = table[:, a, b]
            print(f"{a:2d}-{b:2d}: W dealing {w[0]:.3f}, not {w[1]:.3f};  2W-1 {2 * w.mean() - 1:+.3f}; "
                  f"tanh(lead/3) {math.tanh((a - b) / 3):+.3f}")
    else:
        WinnerISMCTS.table = np.load(args.table)["table"]
        arena(WinnerISMCTS, args.rest)

if __name__ == "__main__":
    main()
