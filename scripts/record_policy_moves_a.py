"""Record a game's rule-of-thumb bot at many decision points, as a fixture for its compiled port.

    python scripts/record_policy_moves_a.py scopa     # -> tests/scopa/fixtures/policy_moves.json

Games are played across the game's option presets, each seat played at random or by the bot
(the mix changes from game to game, so that the positions are both typical and odd). At every
decision with more than one legal action the bot is asked for its move with two seeds; a point
whose move depends on the seed is dropped. The fixture keeps, per game, the options, the whole
history (action ids, chance included) and the points as ``[ply, seat, move]``: the bot to move
after ``history[:ply]`` plays ``move``. It was made with the Python bots of commit 5350637, before
Scopa's greedy, Solo 66's heuristic and Gambit's greedy were compiled (``policy.pxi``); the tests
hold the compiled bots to it (``tests/<game>/test_<game>_policy.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import garrison
from garrison.core import Bot

#: Per game: the bot recorded, and the option presets the games cycle through.
PRESETS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "scopa": ("greedy", [
        {"players": 2, "target": 11},
        {"players": 2, "target": 6, "must_capture": False},
        {"players": 3, "target": 4, "napola": True, "re_bello": True},
        {"players": 4, "target": 4},
        {"players": 4, "deal": "scopone", "target": 3, "must_capture": False},
        {"players": 4, "deal": "scopone10", "target": 3, "ace_takes_all": True},
        {"players": 6, "target": 3, "fewest_cards": True},
        {"players": 2, "target": 4, "ace_takes_all": True, "ace_scopa": True, "napola": True},
        {"players": 3, "target": 2, "must_capture": False, "fewest_cards": True,
         "re_bello": True},
        {"players": 6, "target": 2, "ace_takes_all": True, "must_capture": False},
        {"players": 3, "deal": "all", "values": 4, "suits": 3, "target": 3},
        {"players": 2, "deal": "all", "values": 5, "suits": 4, "aside": 4, "target": 2},
        {"players": 3, "target": 6, "must_capture": False},
        {"players": 2, "target": 6, "must_capture": False, "fewest_cards": True},
    ]),
    "solo66": ("heuristic", [
        {"deals": 5},
        {"deals": 3, "all_pass": "last_trick"},
        {"deals": 3, "scoring": "points"},
        {"deals": 3, "scoring": "points", "all_pass": "last_trick"},
    ]),
    "gambit": ("greedy", [
        {"players": p, "dice": d, "lives": 2}
        for p in range(2, 7) for d in (2, 3, 4, 5, 6)
    ] + [
        {"players": 4, "mode": "trader", "rounds": 3, "stake": 2},
        {"players": 3, "mode": "treasure", "coins": 2, "rounds": 4, "prize": "minor blessing"},
        {"players": 3, "dice": 6, "mode": "coins", "lives": 2},
    ]),
}


def bot_at(name: str, bot: str, commit: str) -> type[Bot]:
    """The class of bot ``bot`` in ``games/<name>/bots.py`` of ``commit`` (its relative imports
    read today's package)."""
    source = subprocess.run(
        ["git", "show", f"{commit}:src/garrison/games/{name}/bots.py"],
        capture_output=True, text=True, check=True).stdout
    module = types.ModuleType(f"garrison.games.{name}._bots_{commit}")
    module.__package__ = f"garrison.games.{name}"
    sys.modules[module.__name__] = module
    exec(compile(source, f"{commit}:bots.py", "exec"), module.__dict__)  # noqa: S102
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, Bot) and value.name == bot:
            return value
    raise SystemExit(f"no bot {bot!r} in {name}'s bots.py of {commit}")


def play(name: str, cls: type[Bot], options: dict[str, Any], rng: random.Random,
         limit: int) -> dict[str, Any]:
    """One game; the recorded points of it (at most ``limit``, spread over the game)."""
    game = garrison.load(name, **options)
    n = game.num_players
    by_bot = [rng.random() < 0.5 for _ in range(n)]
    players = [cls(game, s, seed=rng.getrandbits(32)) for s in range(n)]
    state = game.new_initial_state()
    points: list[list[int]] = []
    keep = rng.uniform(0.3, 1.0)  # the share of decisions recorded in this game
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            seat = state.current_player()
            legal = state.legal_actions()
            action = -1
            if len(legal) > 1 and len(points) < limit and rng.random() < keep:
                first = cls(game, seat, seed=1).step(state.clone())
                second = cls(game, seat, seed=2).step(state.clone())
                if first == second:
                    points.append([len(state.history()), seat, first])
            if by_bot[seat]:
                action = players[seat].step(state)
            else:
                action = rng.choice(legal)
        state.apply_action(action)
    return {"options": options, "history": state.history(), "points": points}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(PRESETS))
    parser.add_argument("--points", type=int, default=3000, help="decision points to record")
    parser.add_argument("--per-game", type=int, default=120, help="most points from one game")
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--commit", default="5350637", help="the commit of the bot recorded")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    bot, presets = PRESETS[args.game]
    cls = bot_at(args.game, bot, args.commit)
    rng = random.Random(args.seed)
    games, total, i = [], 0, 0
    while total < args.points:
        record = play(args.game, cls, presets[i % len(presets)], rng, args.per_game)
        i += 1
        if record["points"]:
            games.append(record)
            total += len(record["points"])
    out = args.out or Path("tests") / args.game / "fixtures" / "policy_moves.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    header = (f"The moves of {args.game}'s '{bot}' bot, written in Python, at commit {args.commit} "
              f"(scripts/record_policy_moves_a.py {args.game} --seed {args.seed} --points "
              f"{args.points}): per game the "
              "options, the history (action ids, chance included) and the points [ply, seat, "
              "move], the move the bot for seat plays after history[:ply] (the same for two seeds)")
    text = json.dumps({"made_by": header, "game": args.game, "bot": bot, "games": games},
                      separators=(",", ":"))
    out.write_text(text.replace('{"options"', '\n{"options"') + "\n")
    print(f"{out}: {total} points in {len(games)} games, {len(text) // 1024} KB")


if __name__ == "__main__":
    main()
