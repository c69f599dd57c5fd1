"""Train sb3-contrib's MaskablePPO on one seat of a Garrison game against a bot, then play it in
the arena (mirrored deals) against that bot and against random, next to the baselines.

    PYTHONPATH=src python scripts/train_maskable_ppo.py                 # Gambit, 2 players
    PYTHONPATH=src python scripts/train_maskable_ppo.py --timesteps 200000 --eval-games 1000

Prints one line per pairing: the first bot's mean return a game with its 95% interval and its
share of wins, over ``--eval-games`` games. Needs the ``learn`` extra (PyTorch, sb3-contrib).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import garrison
from garrison.arena import run_arena
from garrison.bots import register_policy
from garrison.interop import gymnasium as gym_env


def parse_options(text: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        out[key] = int(value) if value.lstrip("-").isdigit() else value
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gambit")
    parser.add_argument("--options", default="players=2", help="name=value,...")
    parser.add_argument("--opponent", default="greedy", help="the bot it trains and plays against")
    parser.add_argument("--timesteps", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    from sb3_contrib import MaskablePPO

    options = parse_options(args.options)
    game = garrison.load(args.game, **options)
    env = gym_env.env(args.game, seat=0, opponents=args.opponent, **options)
    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    print(f"{args.game} {options}: MaskablePPO, {args.timesteps:,} steps against "
          f"{args.opponent} in {time.perf_counter() - start:.0f} s")

    def act(tensor: np.ndarray, mask: np.ndarray) -> int:
        obs = {"observation": tensor, "action_mask": mask.astype(np.int8)}
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    register_policy("ppo", act)
    seats = game.num_players
    for first, second in (("ppo", args.opponent), ("ppo", "random"),
                          (args.opponent, "random"), ("random", args.opponent)):
        bots = [first] + [second] * (seats - 1)
        result = run_arena(args.game, options, bots, games=args.eval_games, seed=args.seed + 1,
                           ratings=False).as_dict()
        line = result["results"][0]
        print(f"  {first:>8} against {second:<8} {line['mean_return']:+.3f} "
              f"± {line['mean_return_ci95']:.3f} a game, wins {line['win_rate']:.1%}")


if __name__ == "__main__":
    main()
