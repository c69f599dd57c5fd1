"""Compare two bots on the same deals from their saved arena runs (``garrison arena --save``).

Each run has one bot in slot 0 and the same opponents; the runs share their seeds, so deal k
is the same cards in both. Per deal the script takes slot 0's ahead share (the share of the
other slots it finished ahead of, ties half, over the deal's rotations, as the arena's
"ahead" column) and prints the mean difference B - A with its 95% normal interval over deals:
a paired comparison, far tighter than comparing the two runs' own intervals.

    python research/arena_paired.py A1.jsonl B1.jsonl [A2.jsonl B2.jsonl ...]

Pairs of files are matched deal by deal (give each run of A before the run of B on the same
seed). With ``--solo66`` it also splits the difference between slot 0 and the game's own bot
in the same seat of the same deal by what slot 0 did in the auction where the heuristic
would have called otherwise (docs/log/bots-history.md, "Where Solo 66's lead comes from"). With
``--solos`` it compares the hands declared in slot 0's seat, by slot 0 and by the bot in that
seat in the other rotations (docs/log/bots-history.md, "Solo 66's worlds in C": the size of ``ismcts:own``;
"The issue's-day code itself"); its files are runs to pool, one or more, not pairs. So are
``--totals``'s: slot 0's and the others' solos a match, the share won and the solo totals, by
which two seats' places in a match are decided ("What holds it level: reading players who
search").
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import defaultdict
from typing import Any

from garrison.arena.tournament import load_records


def ahead_by_deal(path: str) -> dict[int, float]:
    """Slot 0's ahead share per deal of a saved run."""
    shares: dict[int, list[float]] = defaultdict(list)
    for record in load_records(path):
        ret = record["returns"]  # per slot
        for other in range(1, len(ret)):
            shares[record["deal"]].append(_beats(ret[0], ret[other]))
    return {deal: statistics.mean(v) for deal, v in shares.items()}


def paired(files: list[str]) -> tuple[float, float, int]:
    """Mean per-deal difference B - A, its 95% half-width and the number of deals."""
    diffs: list[float] = []
    for a, b in zip(files[::2], files[1::2], strict=True):
        first, second = ahead_by_deal(a), ahead_by_deal(b)
        diffs += [second[deal] - first[deal] for deal in first if deal in second]
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    return statistics.mean(diffs), half, len(diffs)


def solo66_auction(path: str) -> dict[str, tuple[int, float]]:
    """Per kind of auction call where slot 0 differed from the heuristic in a deal: the number
    of deals and slot 0's mean deal score less the heuristic's in the same seat of that deal
    (the same cards: the k-th deal dealt with the same dealer, as ``_pair_solos`` pairs them;
    a thrown-in deal is a deal dealt)."""
    import garrison

    Dealt = tuple[int, frozenset[str], list[float]]  # dealer, slot 0's departures, deltas
    matches: dict[int, dict[int, tuple[int, list[Dealt]]]] = defaultdict(dict)
    for record in load_records(path, game="solo66"):
        seat = record["seats"][0]
        state = garrison.load("solo66", **record["options"]).new_initial_state()
        deals: list[Dealt] = []
        kinds: set[str] = set()
        before, events = list(state.returns()), state.event_count()
        for action in record["actions"]:
            if (not state.is_chance_node() and state.current_player() == seat
                    and state.phase == 1 and len(state.legal_actions()) > 1):  # the auction
                own = state.policy_action(0)
                if own != action:
                    pass_id = state.parse_action("pass")
                    kinds.add(("heuristic passes" if own == pass_id else "heuristic bids")
                              + ", slot 0 " + ("passes" if action == pass_id else "bids"))
            state.apply_action(action)
            if state.event_count() != events:  # a deal ended (its RESULT event)
                now = list(state.returns())
                deals.append((state.results[-1][1], frozenset(kinds),
                              [n - b for n, b in zip(now, before)]))
                before, events, kinds = now, state.event_count(), set()
        matches[record["deal"]][record["rotation"]] = (seat, deals)
    out: dict[str, list[float]] = defaultdict(list)
    for rotations in matches.values():
        for rotation, (seat, deals) in rotations.items():
            for k, (dealer, kinds_k, delta) in enumerate(deals):
                theirs = [d[k][2][seat] for r, (_, d) in rotations.items()
                          if r != rotation and k < len(d) and d[k][0] == dealer]
                if theirs:
                    key = "; ".join(sorted(kinds_k)) or "the same calls"
                    out[key].append(delta[seat] - statistics.mean(theirs))
    return {key: (len(v), statistics.mean(v)) for key, v in sorted(out.items())}


def solo66_solos(*paths: str) -> dict[str, tuple[int, float, float]]:
    """Hands declared in slot 0's seat, slot 0 against the other bot in the same seat of the
    same deal (the other rotations): ``"both declared"`` (the same hand played as soloist by
    each: the search's edge as soloist, what ``ismcts:own`` adds), ``"only slot 0"`` (slot 0
    bid where the other did not) and ``"only the other"`` (slot 0 did not), each as (pairs,
    slot 0's deal score less the other's, the 95% half-width of that mean), pooled over the
    runs ``paths``."""
    import garrison

    out: dict[str, list[float]] = defaultdict(list)
    for path in paths:
        deals: dict[int, dict[int, tuple[int, list[Any]]]] = defaultdict(dict)
        for record in load_records(path, game="solo66"):
            state = garrison.load("solo66", **record["options"]).new_initial_state()
            state.apply_legal_prefix(list(record["actions"]))
            deals[record["deal"]][record["rotation"]] = (record["seats"][0], list(state.results))
        _pair_solos(deals, out)
    return {key: (len(v), statistics.mean(v), _half_width(v)) for key, v in sorted(out.items())}


def solo66_totals(*paths: str) -> dict[str, float]:
    """Slot 0's and the other slots' solos over the runs ``paths``: solos a match, the share
    won, the mean of a seat's solo total (the sum of its scores as soloist in a match) and the
    share of matches in which that total is below zero; ``ahead`` is slot 0's ahead share and
    ``ahead_from_solos`` the same share read from the solo totals alone. Every deal is zero-sum
    and the four defenders share the soloist's score, so two seats' returns differ by 1.25
    times their solo totals' difference (a third seat's solos move both alike) and the two
    shares are equal (docs/log/bots-history.md, "What holds it level: reading players who search"). That
    holds with ``all_pass=redeal``, the default: a deal played for the last trick is no solo."""
    import garrison

    solos = {"slot 0": [0, 0], "others": [0, 0]}  # solos, won
    totals: dict[str, list[float]] = {"slot 0": [], "others": []}
    ahead: list[float] = []
    from_solos: list[float] = []
    games = 0
    for path in paths:
        for record in load_records(path, game="solo66"):
            state = garrison.load("solo66", **record["options"]).new_initial_state()
            state.apply_legal_prefix(list(record["actions"]))
            seat, games = record["seats"][0], games + 1
            total = [0.0] * len(state.returns())
            for result in state.results:
                if result[2] == "solo":
                    score = result[8][result[3]]
                    total[result[3]] += score
                    who = solos["slot 0" if result[3] == seat else "others"]
                    who[0], who[1] = who[0] + 1, who[1] + (score > 0)
            returns = state.returns()
            totals["slot 0"].append(total[seat])
            for other in range(len(total)):
                if other != seat:
                    totals["others"].append(total[other])
                    ahead.append(_beats(returns[seat], returns[other]))
                    from_solos.append(_beats(total[seat], total[other]))
    out: dict[str, float] = {}
    for who, (count, won) in solos.items():
        seats = len(totals[who]) / games if games else 1
        out[f"{who} solos a match"] = count / games / seats if games else math.nan
        out[f"{who} solos won"] = won / count if count else math.nan
        out[f"{who} solo total"] = statistics.mean(totals[who]) if totals[who] else math.nan
        out[f"{who} total below 0"] = (sum(t < 0 for t in totals[who]) / len(totals[who])
                                       if totals[who] else math.nan)
    out["ahead"] = statistics.mean(ahead) if ahead else math.nan
    out["ahead_from_solos"] = statistics.mean(from_solos) if from_solos else math.nan
    return out


def _beats(mine: float, theirs: float) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _pair_solos(deals: dict[int, dict[int, tuple[int, list[Any]]]],
                out: dict[str, list[float]]) -> None:
    """Add to ``out`` the pairs of one run's declared hands (``solo66_solos``). The k-th deal
    dealt in a game (thrown-in deals counted: each draws the whole pack from the deal's chance
    stream) holds the same cards in every rotation, and the same hands in the same seats when
    its dealer is the same; after a throw-in in one rotation only, the k-th deals differ and
    are not paired."""
    for rotations in deals.values():
        for rotation, (seat, dealt) in rotations.items():
            for k, result in enumerate(dealt):
                for other, (_, theirs) in rotations.items():
                    if other == rotation or k >= len(theirs) or theirs[k][1] != result[1]:
                        continue  # not the same cards in the same seats
                    mine = result[2] == "solo" and result[3] == seat
                    its = theirs[k][2] == "solo" and theirs[k][3] == seat
                    if not (mine or its):
                        continue
                    key = ("both declared" if mine and its
                           else "only slot 0" if mine else "only the other")
                    out[key].append(result[8][seat] - theirs[k][8][seat])


def _half_width(values: list[float]) -> float:
    """The 95% normal half-width of the mean of ``values`` (nan for fewer than two)."""
    return 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else math.nan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="saved runs: A1 B1 [A2 B2 ...]")
    parser.add_argument("--solo66", action="store_true", help="split each run by auction calls")
    parser.add_argument("--solos", action="store_true",
                        help="Solo 66: the hands declared in slot 0's seat, slot 0 against the "
                             "bot in that seat in the other rotations")
    parser.add_argument("--totals", action="store_true",
                        help="Solo 66: slot 0's and the others' solos, won and totals a match, "
                             "pooled over the runs")
    args = parser.parse_args()
    pooled = args.solos or args.totals  # the files are runs to pool, not A/B pairs
    if not pooled and len(args.files) % 2:
        parser.error(f"give the runs in pairs, A before B on each seed: {len(args.files)} files")
    if not pooled:
        mean, half, n = paired(args.files)
        print(f"{n} deals: B - A = {mean:+.3f} ± {half:.3f} (ahead share, 95%)")
    if args.solos:
        runs = [[path] for path in args.files] + ([args.files] if len(args.files) > 1 else [])
        for paths in runs:
            print(paths[0] if len(paths) == 1 else "all runs")
            for key, (n, diff, half) in solo66_solos(*paths).items():
                print(f"  {key}: {n} pairs, {diff:+.1f} ± {half:.1f} points a deal")
    if args.totals:
        for key, value in solo66_totals(*args.files).items():
            print(f"  {key}: {value:.3f}" if abs(value) < 2 else f"  {key}: {value:+.1f}")
    if args.solo66:
        for path in args.files:
            print(path)
            for key, (n, diff) in solo66_auction(path).items():
                print(f"  {key}: {n} deals, {diff:+.1f} points a deal")


if __name__ == "__main__":
    main()
