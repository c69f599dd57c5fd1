"""How close the worlds a Solo 66 search draws come to the real hands, on saved arena runs.

At slot 0's card-play decisions in each saved game (``garrison arena solo66 ... --save``), the
script draws worlds for slot 0's seat with each world model and counts the cards the other
players hold that a world puts in the right hand: over all four other hands, and in the
soloist's hand alone when slot 0 defends. A world model is one of

* ``uniform``: ``state.resample(seat, rng)``, every placement that fits what the seat saw;
* ``infer=k``: ``state.resample_scored(seat, rng, back, k)``, the likeliest of up to k such
  worlds under the heuristic as the model of the others (ISMCTS ``infer``);
* ``walk=k``: k steps of ``state.world_chain(seat, rng, back)`` a world (ISMCTS ``walk``);
  ``walk=k@x`` the same chain with the weight ``x`` a disagreement instead of the game's
  ``CHAIN_NOISE`` (0.01: a larger ``x`` is a softer model of the others);
* ``truth``: the real state itself (a check of the count: 1.0).

The figures say how much a world model knows of the hidden cards against a given field; who sat
in the other slots is what the model has to read (docs/log/bots-history.md, "What holds it level: reading
players who search").
With ``--agreement`` the script also prints how often the heuristic, which ``infer`` and
``walk`` take as the model of every other player, makes the decision each player was seen to
make in the real state, by slot (slot 0 or the others) and by step of the deal.

    python research/world_accuracy.py run.jsonl [more.jsonl ...] \\
        --models uniform,infer=16,walk=16@0.1 --share 0.25 --worlds 20 --seed 1 [--agreement]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Iterator
from typing import Any

from garrison.bots.ismcts import MAX_BACK as BACK  # the decisions infer and walk look back at

#: A world model: for a decision (the state, the seat, a generator), its source of worlds (as
#: ISMCTS draws them for one move: a ``walk`` chain is made once and walked on).
World = Callable[[Any, int, random.Random], Callable[[], Any]]


def model(spec: str) -> World:
    """The world model named ``spec`` (see the module's text). Raises ``ValueError`` for
    another name or a count below 1."""
    name, _, arg = spec.partition("=")
    if name in ("uniform", "truth") and not arg:
        if name == "uniform":
            return lambda state, seat, rng: lambda: state.resample(seat, rng)
        return lambda state, seat, rng: state.clone
    steps, _, weight = arg.partition("@")
    noise = _noise(weight) if name == "walk" and weight else None
    if name in ("infer", "walk") and steps.isdigit() and int(steps) >= 1 and (
            not weight or noise is not None):
        from garrison.games.solo66.state import WORLD_TRIES  # a chain's tries for its first world

        k = int(steps)
        if name == "infer":
            return lambda state, seat, rng: lambda: state.resample_scored(seat, rng, BACK, k)[0]

        def walked(state: Any, seat: int, rng: random.Random) -> Callable[[], Any]:
            if noise is None:
                chain = state.world_chain(seat, rng, BACK)
            else:
                chain = state.make_world_chain(seat, rng.getrandbits(64), BACK, noise,
                                               WORLD_TRIES)
            if chain is None:  # as ISMCTS: no chain here, worlds drawn afresh
                return lambda: state.resample(seat, rng)
            return lambda: chain.walk(k)[0]
        return walked
    raise ValueError(f"unknown world model {spec!r}: give uniform, truth, infer=K or walk=K "
                     "(K a whole number from 1), or walk=K@X (X a weight above 0, at most 1)")


def _noise(text: str) -> float | None:
    """The weight of ``walk=K@X``, or None where it is not a number in (0, 1]."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0.0 < value <= 1.0 else None


def _steps(paths: list[str]) -> Iterator[tuple[int, Any, int]]:
    """Every move of the saved Solo 66 games in ``paths``: (slot 0's seat, the state before the
    move, the move), the state replayed as it goes (so it is only good until the next step).
    Raises ``ValueError`` for a run of another game."""
    import garrison
    from garrison.arena.tournament import load_records

    for path in paths:
        for record in load_records(path, game="solo66"):
            state = garrison.load("solo66", **record["options"]).new_initial_state()
            for action in record["actions"]:
                yield record["seats"][0], state, action
                state.apply_action(action)


def accuracy(paths: list[str], models: list[str], share: float = 0.25, worlds: int = 20,
             seed: int = 1) -> dict[str, tuple[float, float, int]]:
    """Per model: (the share of the other players' cards its worlds put in the right hand, the
    same for the soloist's hand when slot 0 defends, the decisions measured). A share
    ``share`` of slot 0's card-play decisions is measured, ``worlds`` worlds each. Raises
    ``ValueError`` for an unknown model or a run of another game."""
    from garrison.games.solo66.rules import PLAY

    drawn = {spec: model(spec) for spec in models}
    pick = random.Random(seed)
    rngs = {spec: random.Random(seed) for spec in models}
    right: dict[str, list[float]] = {spec: [] for spec in models}
    soloist: dict[str, list[float]] = {spec: [] for spec in models}
    for seat, state, _ in _steps(paths):
        if (not state.is_chance_node() and state.current_player() == seat
                and state.phase == PLAY and pick.random() < share):
            _measure(state, seat, drawn, rngs, worlds, right, soloist)
    return {spec: (statistics.mean(right[spec]) if right[spec] else float("nan"),
                   statistics.mean(soloist[spec]) if soloist[spec] else float("nan"),
                   len(right[spec])) for spec in models}


def agreement(paths: list[str]) -> dict[tuple[str, str], tuple[int, float]]:
    """Per (``"slot 0"`` or ``"others"``, step of the deal): the decisions with a choice made at
    that step in the runs ``paths`` and the share of them the heuristic would have made the
    same in the real state (the card play split by the soloist and the defenders). Raises
    ``ValueError`` for a run of another game."""
    from garrison.games.solo66.rules import PHASE_NAMES

    made: dict[tuple[str, str], list[bool]] = {}
    for seat, state, action in _steps(paths):
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            player = state.current_player()
            step = PHASE_NAMES[state.phase]
            if step == "play":
                step += ", soloist" if player == state.soloist else ", defender"
            key = ("slot 0" if player == seat else "others", step)
            made.setdefault(key, []).append(state.policy_action(0) == action)
    return {key: (len(v), sum(v) / len(v)) for key, v in sorted(made.items())}


def _measure(state: Any, seat: int, drawn: dict[str, World], rngs: dict[str, random.Random],
             worlds: int, right: dict[str, list[float]], soloist: dict[str, list[float]]) -> None:
    """One decision: each model's worlds against the real hands."""
    truth = state.hands
    others = [p for p in range(len(truth)) if p != seat]
    held = sum(truth[p].bit_count() for p in others)
    for spec, source in drawn.items():
        hits = solo_hits = 0
        draw = source(state, seat, rngs[spec])
        for _ in range(worlds):
            hands = draw().hands
            hits += sum((hands[p] & truth[p]).bit_count() for p in others)
            if state.soloist in others:
                solo_hits += (hands[state.soloist] & truth[state.soloist]).bit_count()
        if held:
            right[spec].append(hits / (worlds * held))
        if state.soloist in others and truth[state.soloist]:
            soloist[spec].append(solo_hits / (worlds * truth[state.soloist].bit_count()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="saved Solo 66 arena runs (--save)")
    parser.add_argument("--models", default="uniform,infer=16",
                        help="world models, comma-separated: uniform, truth, infer=K, walk=K, "
                             "walk=K@X")
    parser.add_argument("--share", type=float, default=0.25,
                        help="share of slot 0's card-play decisions measured (default 0.25)")
    parser.add_argument("--worlds", type=int, default=20, help="worlds a decision (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agreement", action="store_true",
                        help="also: how often the heuristic makes the decisions seen")
    args = parser.parse_args()
    models = [m.strip() for m in args.models.split(",") if m.strip()]
    try:
        figures = accuracy(args.files, models, args.share, args.worlds, args.seed)
    except ValueError as err:
        parser.error(str(err))
    print(f"{'model':>10}  others' cards  soloist's cards  decisions")
    for spec, (others, solo, n) in figures.items():
        print(f"{spec:>10}  {others:13.3f}  {solo:15.3f}  {n:9d}")
    if args.agreement:
        print("the heuristic's agreement with the decisions made")
        for (who, step), (n, share) in agreement(args.files).items():
            print(f"{who:>8}  {step:<20}  {share:.3f} of {n}")


if __name__ == "__main__":
    main()
