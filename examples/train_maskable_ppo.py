"""Train sb3-contrib's MaskablePPO on one seat of a Garrison game against a bot, then play it in
the arena (mirrored deals) against that bot and against random, next to the baselines.

    PYTHONPATH=src python examples/train_maskable_ppo.py                 # Gambit, 2 players
    PYTHONPATH=src python examples/train_maskable_ppo.py --timesteps 200000 --eval-games 1000
    PYTHONPATH=src python examples/train_maskable_ppo.py --game scopa --options players=2 \
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


def scopa_capture_features(state: garrison.State, seat: int) -> np.ndarray:
    """Scopa's captures spelled out (public: the seat's hand and the table): per card id, 1 if
    the seat holds it and it takes something, the most cards it may take (/4), 1 if it may clear
    the table (a scopa), and the most capture value it may take (/10): 160 floats."""
    from garrison.games.scopa.deck import VALUE
    from garrison.games.scopa.rules import capture_sets

    out = np.zeros(160, np.float32)
    params = state.game.params
    hand, table = state.hands[seat], state.table  # type: ignore[attr-defined]
    for card in range(40):
        if hand >> card & 1:
            sets = capture_sets(table, card, params.ace_takes_all, params.fewest_cards)
            if sets:
                out[card] = 1.0
                out[40 + card] = max(s.bit_count() for s in sets) / 4
                out[80 + card] = float(table in sets)
                out[120 + card] = max(sum(VALUE[k] for k in range(40) if s >> k & 1)
                                      for s in sets) / 10
    return out


#: Extra observation features a run may add (``--features``), by name.
FEATURES = {"scopa-captures": scopa_capture_features}


def with_features(env, features):  # noqa: ANN001, ANN201 - a gymnasium env and its wrapper
    """``env`` whose observation tensor has ``features(state, seat)`` appended."""
    import gymnasium
    from gymnasium import spaces

    class Features(gymnasium.ObservationWrapper):
        def __init__(self, inner) -> None:  # noqa: ANN001
            super().__init__(inner)
            space = inner.observation_space["observation"]
            extra = len(features(inner.unwrapped.game.new_initial_state(), 0))
            low = np.concatenate([space.low, np.zeros(extra, np.float32)])
            high = np.concatenate([space.high, np.ones(extra, np.float32)])
            self.observation_space = spaces.Dict({
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": inner.observation_space["action_mask"]})

        def observation(self, obs):  # noqa: ANN001, ANN201
            inner = self.env.unwrapped
            extra = features(inner.garrison_state, inner.seat)
            return {"observation": np.concatenate([obs["observation"], extra]),
                    "action_mask": obs["action_mask"]}

        def action_masks(self) -> np.ndarray:
            return self.env.unwrapped.action_masks()

    return Features(env)


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
    parser.add_argument("--features", default="", choices=("", *FEATURES),
                        help="extra observation features (the policy sees them too)")
    args = parser.parse_args()

    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    options = parse_options(args.options)
    game = garrison.load(args.game, **options)
    env = gym_env.env(args.game, seat=0, opponents=args.opponent, reward=args.reward, **options)
    extra = FEATURES.get(args.features)
    if extra is not None:
        env = with_features(env, extra)
    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, verbose=0)
    playing: list[tuple[garrison.State, int]] = []  # the state and seat the bot plays

    def act(tensor: np.ndarray, mask: np.ndarray) -> int:
        if extra is not None:
            tensor = np.concatenate([tensor, extra(*playing[-1])])
        obs = {"observation": tensor, "action_mask": mask.astype(np.int8)}
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    bot_class = register_policy("ppo", act)
    policy_step = bot_class.step

    def step(bot: garrison.Bot, state: garrison.State) -> int:
        playing.append((state, bot.seat))  # what the extra features are read from
        return policy_step(bot, state)

    bot_class.step = step  # type: ignore[method-assign]
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

    pairs = dict.fromkeys([("ppo", args.opponent), ("ppo", "random"),
                           (args.opponent, "random"), ("random", args.opponent)])
    for first, second in pairs:
        bots = [first] + [second] * (seats - 1)
        result = run_arena(args.game, options, bots, games=args.eval_games, seed=args.seed + 1,
                           ratings=False).as_dict()
        line = result["results"][0]
        print(f"  {first:>8} against {second:<8} {line['mean_return']:+.3f} "
              f"± {line['mean_return_ci95']:.3f} a game, wins {line['win_rate']:.1%}")


if __name__ == "__main__":
    main()
