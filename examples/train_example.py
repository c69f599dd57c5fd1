"""Train a small policy on one seat of a Garrison game through the Gymnasium adapter.

REINFORCE with a running-mean baseline and a linear softmax policy over the observation tensor,
restricted to legal actions by the mask: nothing but numpy. Seat 0 learns against a random
opponent; every ``--eval-every`` episodes the greedy policy plays ``--eval-games`` fixed-seed
games and the mean return is printed, so the learning curve is a column of numbers.

    python examples/train_example.py                               # Soldier's Gambit, 2 players
    python examples/train_example.py --game scopa --options players=2,target=3 --episodes 2000
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from garrison.interop import gymnasium as gym_env


class LinearPolicy:
    """Masked softmax over ``W @ x + b``."""

    def __init__(self, n_actions: int, n_features: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((n_actions, n_features))
        self.b = np.zeros(n_actions)
        self.rng = rng

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x + self.b
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        p = self.probabilities(x, mask)
        if greedy:
            return int(np.argmax(p))
        return int(self.rng.choice(len(p), p=p))

    def update(self, episode: list[tuple[np.ndarray, np.ndarray, int]], advantage: float, lr: float) -> None:
        for x, mask, action in episode:
            p = self.probabilities(x, mask)
            grad = -p
            grad[action] += 1.0  # d log p(action) / d logits
            self.w += lr * advantage * np.outer(grad, x)
            self.b += lr * advantage * grad


def parse_options(text: str) -> dict[str, str]:
    return dict(item.split("=", 1) for item in text.split(",") if item) if text else {}


def evaluate(env, policy: LinearPolicy, games: int, seed: int) -> float:
    total = 0.0
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            action = policy.act(obs["observation"], obs["action_mask"], greedy=True)
            obs, reward, done, _, info = env.step(action)
        total += reward
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="gambit")
    parser.add_argument("--options", default="players=2,lives=1", help="k=v,k=v game options")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--eval-every", type=int, default=500)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = gym_env.env(args.game, seat=0, opponents=args.opponents, **parse_options(args.options))
    eval_env = gym_env.env(args.game, seat=0, opponents=args.opponents, **parse_options(args.options))
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(env.action_space.n, env.observation_space["observation"].shape[0], rng)
    eval_seed = 10**6  # evaluation games never overlap training games
    print(f"{args.game} ({args.options}), seat 0 against {args.opponents}; "
          f"greedy policy's mean return over {args.eval_games} fixed games")
    print(f"{'episodes':>8s} {'eval return':>12s} {'train return (recent)':>22s} {'s':>6s}")
    start = time.perf_counter()
    print(f"{0:8d} {evaluate(eval_env, policy, args.eval_games, eval_seed):12.3f} {'-':>22s} {0.0:6.1f}")
    baseline, recent = 0.0, []
    for episode_no in range(1, args.episodes + 1):
        obs, info = env.reset(seed=args.seed * 10**7 + episode_no)
        steps, done, reward = [], False, 0.0
        while not done:
            x, mask = obs["observation"].astype(np.float64), obs["action_mask"]
            action = policy.act(x, mask)
            steps.append((x, mask, action))
            obs, reward, done, _, info = env.step(action)
        policy.update(steps, reward - baseline, args.lr)
        baseline += 0.01 * (reward - baseline)
        recent.append(reward)
        if episode_no % args.eval_every == 0:
            score = evaluate(eval_env, policy, args.eval_games, eval_seed)
            print(f"{episode_no:8d} {score:12.3f} {np.mean(recent):22.3f} {time.perf_counter() - start:6.1f}")
            recent = []


if __name__ == "__main__":
    main()
