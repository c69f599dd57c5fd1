"""Train sb3-contrib's MaskablePPO on one seat of a Garrison game against a bot, then play it in
the arena (mirrored deals) against that bot and against random, next to the baselines.

    PYTHONPATH=src python scripts/train_maskable_ppo.py                 # Gambit, 2 players
    PYTHONPATH=src python scripts/train_maskable_ppo.py --timesteps 200000 --eval-games 1000
    PYTHONPATH=src python scripts/train_maskable_ppo.py --game scopa --options players=2 \
        --opponent greedy --reward score --curve 25000 --timesteps 200000

Prints one line per pairing: the first bot's mean return a game with its 95% interval and its
share of wins, over ``--eval-games`` games. With ``--curve N`` it first prints a learning curve:
every N training steps the policy as it stands plays ``--curve-games`` games (mirrored deals,
the same deals at every point) against the opponent. ``--reward score`` trains on the shaped
reward of the games that score hand by hand (the change of the seat's running score); the
evaluation always reports the game's return. Needs the ``learn`` extra (PyTorch, sb3-contrib).
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
    parser.add_argument("--reward", default="return", choices=("return", "score"),
                        help="train on the return (at the end) or the shaped running score")
    parser.add_argument("--curve", type=int, default=0,
                        help="evaluate every N training steps (0: only at the end)")
    parser.add_argument("--curve-games", type=int, default=200)
    args = parser.parse_args()

    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    options = parse_options(args.options)
    game = garrison.load(args.game, **options)
    env = gym_env.env(args.game, seat=0, opponents=args.opponent, reward=args.reward, **options)
    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, verbose=0)

    def act(tensor: np.ndarray, mask: np.ndarray) -> int:
        obs = {"observation": tensor, "action_mask": mask.astype(np.int8)}
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    register_policy("ppo", act)
    seats = game.num_players
    trained = [0.0]  # seconds of training so far (evaluations not counted)

    def evaluate(games: int) -> str:
        bots = ["ppo"] + [args.opponent] * (seats - 1)
        line = run_arena(args.game, options, bots, games=games, seed=args.seed + 1,
                         ratings=False).as_dict()["results"][0]
        return (f"{line['mean_return']:+.3f} ± {line['mean_return_ci95']:.3f}  "
                f"{line['win_rate']:6.1%}")

    class Curve(BaseCallback):
        """Every ``--curve`` steps: the policy against the opponent on the same deals."""

        def __init__(self) -> None:
            super().__init__()
            self.mark = time.perf_counter()
            self.next = 0

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next:
                trained[0] += time.perf_counter() - self.mark
                print(f"{self.num_timesteps:>9,}  {evaluate(args.curve_games)}  "
                      f"{trained[0]:7.0f}", flush=True)
                self.next += args.curve
                self.mark = time.perf_counter()
            return True

    start = time.perf_counter()
    if args.curve:
        print(f"{args.game} {options}, reward={args.reward}: against {args.opponent}, "
              f"{args.curve_games} games a point (mean return ± 95%, wins)")
        print("    steps  return vs bot     wins  train s")
        curve = Curve()
        model.learn(total_timesteps=args.timesteps, callback=curve)
        trained[0] += time.perf_counter() - curve.mark  # the last update, after the last point
        print(f"{'end':>9}  {evaluate(args.curve_games)}  {trained[0]:7.0f}")
    else:
        model.learn(total_timesteps=args.timesteps)
        trained[0] = time.perf_counter() - start
    print(f"{args.game} {options}: MaskablePPO, {args.timesteps:,} steps against "
          f"{args.opponent} (reward={args.reward}) in {trained[0]:.0f} s of training")

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
