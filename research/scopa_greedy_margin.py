"""Greedy vs random at Scopa, hand by hand, with mirrored deals.

Each deal (a fixed order of the 40 cards) is played twice: once with the greedy bot on side 0
and random on the other side(s), once with the sides swapped. The figure is the greedy side's
hand points minus the random side's, averaged over all hands played, with a 95% interval over
the deal pairs.

    .venv/bin/python research/scopa_greedy_margin.py --deals 500 --players 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from garrison.bots import make_bot
from garrison.games.scopa import GAME


def play_hand(game, order: list[int], bots: list[str], seed: int) -> tuple[int, ...]:
    """One hand from the deal ``order``; seat s played by ``bots[s]``; the points per side."""
    players = [make_bot(game, name, seat, seed * 10 + seat) for seat, name in enumerate(bots)]
    state = game.new_initial_state()
    at = 0
    while state.last_score is None:
        if state.is_chance_node():
            while not state.stock >> order[at % 40] & 1:
                at += 1
            state.apply_action(order[at % 40])
            at += 1
        else:
            seat = state.current_player()
            state.apply_action(players[seat].step(state))
    return state.last_score.points


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    game = GAME(GAME.Params.from_options({"players": args.players, "target": 99}))
    sides = game.params.sides
    rng = random.Random(args.seed)
    pair_means, won, drawn, lost = [], 0, 0, 0
    start = time.time()
    for deal in range(args.deals):
        order = list(range(40))
        rng.shuffle(order)
        diffs = []
        for hero in range(sides):  # the greedy side; all other seats random
            bots = [args.bot if game.params.side_of(s) == hero else "random"
                    for s in range(args.players)]
            pts = play_hand(game, order, bots, seed=deal * sides + hero)
            best_other = max(p for side, p in enumerate(pts) if side != hero)
            diff = pts[hero] - best_other
            diffs.append(diff)
            won += diff > 0
            drawn += diff == 0
            lost += diff < 0
        pair_means.append(sum(diffs) / len(diffs))
    mean = statistics.fmean(pair_means)
    half = 1.96 * statistics.stdev(pair_means) / len(pair_means) ** 0.5
    hands = args.deals * sides
    print(f"{args.bot} vs random, {args.players} players, {args.deals} deals x {sides} seatings "
          f"= {hands} hands ({time.time() - start:.0f} s)")
    print(f"hands won/drawn/lost by {args.bot}: {won}/{drawn}/{lost}")
    print(f"{args.bot} side points minus best other side per hand: {mean:+.2f} +- {half:.2f}")


if __name__ == "__main__":
    main()
