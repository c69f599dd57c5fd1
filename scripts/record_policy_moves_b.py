"""Record a game's ``heuristic`` bot at many decision points, as a fixture for its compiled port.

    python scripts/record_policy_moves_b.py soldateska|1848|stratego [--points 2400] [--out PATH]

Plays games (random play, bot against bot, and mixed tables, over the game's option presets and
player counts), asks a fresh ``heuristic`` bot at every decision point with two legal actions or
more, and keeps the point only when its choice does not depend on the bot's seed: two seeds
must agree (for Stratego, whose bot adds up to 0.2 of random noise to every move's score, also
the worst-case noise for the chosen move; for its setup, whose layout the seed draws, eight). Each kept game is stored as its options, its history
(action ids, chance included) up to the last kept point, and the points ``[ply, seat, move]``
(``ply``: the history length at the decision). Written to
``tests/<game folder>/fixtures/policy_moves.json``.

The fixtures of the compiled policies were made with the Python bots of commit 5350637; run at
a later commit the script records whatever ``heuristic`` is then.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import garrison
from garrison.bots import make_bot
from garrison.core.chance import sample_chance

ROOT = Path(__file__).resolve().parent.parent
FOLDER = {"soldateska": "soldateska", "1848": "g1848", "stratego": "stratego"}

# (options, table) per game: ``table`` is "random" (every seat random), "bots" (every seat the
# heuristic) or "mixed" (the heuristic at even seats, random at odd ones).
CONFIGS: dict[str, list[tuple[dict[str, Any], str]]] = {
    "soldateska": [
        ({"players": p, "ducats_per_player": 8, **extra}, table)
        for p in (3, 4, 5, 6)
        for extra in ({}, {"deck": "full"} if p < 6 else {"duel_anytime": True},
                      {"deck": "five_suits", "tobacco_trump": True, "kokette_dice": 2} if p == 5
                      else {"deck": "five_suits", "tobacco_trump": True} if p < 5
                      else {"kokette_dice": 2, "returns": "win"})
        for table in ("random", "bots", "mixed")
    ],
    "1848": [
        ({"players": p, **extra}, table)
        for p in (2, 3, 4)
        for extra in ({}, {"rules": "base"} if p == 2 else {"patt_limit": 2})
        for table in ("random", "bots", "mixed")
    ],
    "stratego": [
        ({"rules": rules, **extra}, table)
        for rules in ("seed", "barrage", "duel", "isf")
        for extra in ({}, {"setup": "whole"}, {"army": "lightning", "setup_rows": 3})
        for table in ("random", "bots", "mixed")
    ],
}
# Stratego: at most this many plies of a game are looked at (a random game runs for thousands).
PLY_CAP = {"stratego": 700}


class _Noise:
    """A stand-in for ``random.Random`` that gives fixed values to ``random()`` in turn."""

    def __init__(self, values: list[float]) -> None:
        self.values = values
        self.i = 0

    def random(self) -> float:
        v = self.values[self.i] if self.i < len(self.values) else 0.0
        self.i += 1
        return v


def choice(game: garrison.Game, state: Any, seat: int, seed: int) -> int:
    return int(make_bot(game, "heuristic", seat, seed=seed).step(state))


def seed_free(name: str, game: garrison.Game, state: Any, seat: int) -> int | None:
    """The bot's move at ``state`` if two seeds (and, for Stratego's noise, the worst case for
    the move) agree on it, else None."""
    first = choice(game, state, seat, 1)
    # Stratego's setup draws its layout from the seed: eight seeds, so that no chance agreement
    # of two passes for a rule
    seeds = range(2, 9) if name == "stratego" and state.phase == 0 else (2,)
    if any(choice(game, state, seat, s) != first for s in seeds):
        return None
    if name == "stratego" and state.phase == 1:  # PLAY: noise 0 for the move, ~0.2 for others
        legal = state.legal_actions()
        noise = [0.0 if a == first else 1.0 - 1e-12 for a in legal]  # random() * 0.2 ~ 0.2
        bot = make_bot(game, "heuristic", seat, seed=3)
        bot.rng = _Noise(noise)  # type: ignore[assignment]
        if bot.step(state) != first:
            return None
    return first


def record(name: str, want: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    games: list[dict[str, Any]] = []
    total = 0
    configs = CONFIGS[name]
    per_game = max(20, want // (2 * len(configs)))
    cap = PLY_CAP.get(name, 10**9)
    round_no = 0
    while total < want:
        for options, table in configs:
            if total >= want:
                break
            game = garrison.load(name, **options)
            state = game.new_initial_state()
            n = game.num_players
            bots = {s: make_bot(game, "heuristic", s, seed=rng.randrange(2**31)) for s in range(n)
                    if table == "bots" or (table == "mixed" and s % 2 == 0)}
            decisions = 0
            points: list[list[int]] = []
            # look at about every k-th decision so that one game spreads over its whole length
            k = 1 + round_no % 3 + (2 if name == "stratego" else 0)
            while not state.is_terminal() and len(points) < per_game and len(state.history()) < cap:
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                seat = state.current_player()
                legal = state.legal_actions()
                if len(legal) > 1:
                    decisions += 1
                    # Soldateska: every declaration, pass and lay-aside (a few per round)
                    # and Stratego's setups
                    if decisions % k == 0 or (name == "soldateska" and state.phase != 5) or (
                            name == "stratego" and state.phase == 0):
                        move = seed_free(name, game, state, seat)
                        if move is not None:
                            points.append([len(state.history()), seat, move])
                action = bots[seat].step(state) if seat in bots else rng.choice(legal)
                state.apply_action(action)
            if points:
                end = points[-1][0]
                games.append({"options": options, "table": table,
                              "history": state.history()[:end], "points": points})
                total += len(points)
            print(f"{name} {options} {table}: {len(points)} points (total {total})",
                  file=sys.stderr)
        round_no += 1
    return {
        "header": {
            "made_by": "the Python heuristic bot of garrison commit 5350637 "
                       f"(games/{'revolution1848' if name == '1848' else name}/bots.py)",
            "script": "scripts/record_policy_moves_b.py",
            "game": name,
            "points": total,
            "format": "games: options, history (action ids, chance included, up to the last "
                      "point), points [ply, seat, move]: the bot's move for seat after "
                      "history[:ply]; seed-free (two seeds agree)",
        },
        "games": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(FOLDER))
    parser.add_argument("--points", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=5350637)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    data = record(args.game, args.points, args.seed)
    out = args.out or ROOT / "tests" / FOLDER[args.game] / "fixtures" / "policy_moves.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(g, separators=(",", ":")) for g in data["games"]]
    out.write_text('{"header":' + json.dumps(data["header"], indent=1) + ',\n"games":[\n'
                   + ",\n".join(lines) + "\n]}\n")
    print(f"{out}: {data['header']['points']} points, {out.stat().st_size} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
