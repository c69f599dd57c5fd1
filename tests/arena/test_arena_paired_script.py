"""``research/arena_paired.py``: the paired comparison of two saved arena runs, and Solo 66's split
of the search's result by its auction calls (docs/log/bots-history.md, "Where Solo 66's lead comes from")."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

import garrison
from garrison.arena.tournament import play_one
from script_module import load_script


@pytest.fixture(scope="module")
def script():
    return load_script("arena_paired")


def _save(path: Path, bots: list[str], deals: int) -> Path:
    with path.open("w") as out:
        for deal in range(deals):
            for rotation in range(len(bots)):
                record = play_one("solo66", {"deals": 1}, bots, 3, deal, rotation,
                                  keep_actions=True)
                out.write(json.dumps(record) + "\n")
    return path


def _synthetic(path: Path, returns_by_deal: dict[int, list[list[float]]]) -> Path:
    with path.open("w") as out:
        for deal, games in returns_by_deal.items():
            for rotation, returns in enumerate(games):
                out.write(json.dumps({"deal": deal, "rotation": rotation, "returns": returns,
                                      "seats": [0, 1]}) + "\n")
    return path


def test_the_paired_difference_is_per_deal(script, tmp_path):
    # deal 0: A ahead in 1 of 2 games, B in 2 of 2; deal 1: A ahead in both, B in none
    a = _synthetic(tmp_path / "a.jsonl", {0: [[1, 0], [0, 1]], 1: [[2, 1], [3, 0]]})
    b = _synthetic(tmp_path / "b.jsonl", {0: [[1, 0], [2, 1]], 1: [[0, 1], [1, 1]]})
    mean, half, n = script.paired([str(a), str(b)])
    assert n == 2
    assert mean == pytest.approx(((1.0 - 0.5) + (0.25 - 1.0)) / 2)
    assert half > 0
    assert script.paired([str(a), str(a)])[:1] == (0.0,)


def test_solo66_split_compares_the_same_seat_of_the_same_deal(script, tmp_path):
    saved = _save(tmp_path / "run.jsonl", ["random"] + ["heuristic"] * 4, 2)
    split = script.solo66_auction(str(saved))
    assert sum(n for n, _ in split.values()) == 2 * 5  # one deal per game, every rotation
    # a random caller differs from the heuristic in some auction, and the differences are read
    assert any(key != "the same calls" for key in split)
    assert all(key == "the same calls" or "slot 0" in key for key in split)


def test_solo66_solos_compare_the_same_hand_declared_in_the_same_seat(script, tmp_path):
    saved = _save(tmp_path / "run.jsonl", ["heuristic"] * 5, 2)
    solos = script.solo66_solos(str(saved))
    # the same bot in every seat declares the same hands and scores the same on them
    assert set(solos) == {"both declared"}
    n, diff, half = solos["both declared"]
    assert n > 0 and diff == 0.0 and half == 0.0
    mixed = script.solo66_solos(str(_save(tmp_path / "mixed.jsonl",
                                          ["random"] + ["heuristic"] * 4, 2)))
    assert sum(n for n, _, _ in mixed.values()) > 0
    # a random bot in slot 0 bids at random: the hands only one of the two declared are split
    # by who did, and every pair compares slot 0 with the heuristic in the same seat
    assert set(mixed) <= {"both declared", "only slot 0", "only the other"}
    assert len(set(mixed) - {"both declared"}) >= 1
    # several runs are pooled
    twice = script.solo66_solos(str(saved), str(saved))
    assert twice["both declared"][:2] == (2 * n, 0.0)


def _main(script, monkeypatch, *argv: str) -> None:
    monkeypatch.setattr("sys.argv", ["arena_paired.py", *argv])
    script.main()


def test_files_come_in_pairs_unless_they_are_runs_to_pool(script, tmp_path, monkeypatch,
                                                           capsys):
    a = _synthetic(tmp_path / "a.jsonl", {0: [[1, 0], [0, 1]]})
    with pytest.raises(SystemExit) as bad:
        _main(script, monkeypatch, str(a), str(a), str(a))
    assert bad.value.code == 2
    assert "in pairs" in capsys.readouterr().err
    saved = _save(tmp_path / "run.jsonl", ["heuristic"] * 5, 1)
    _main(script, monkeypatch, "--solos", str(saved), str(saved))
    out = capsys.readouterr().out
    assert "B - A" not in out  # pooled runs are not an A/B pair
    assert "all runs" in out and "both declared" in out


def test_the_solo66_splits_refuse_a_run_of_another_game(script, tmp_path):
    other = _synthetic(tmp_path / "scopa.jsonl", {0: [[1, 0], [0, 1]]})
    lines = [json.loads(line) for line in other.read_text().splitlines()]
    other.write_text("".join(json.dumps({**r, "game": "scopa"}) + "\n" for r in lines))
    with pytest.raises(ValueError, match="scopa"):
        script.solo66_solos(str(other))
    with pytest.raises(ValueError, match="scopa"):
        script.solo66_auction(str(other))


def _hands_dealt(record: dict, seat: int) -> list[tuple[int, int, bool]]:
    """Per deal dealt in a saved game (throw-ins included): the dealer, the hand dealt to
    ``seat`` and whether ``seat`` declared it, read from the cards (the test's oracle)."""
    state = garrison.load("solo66", **record["options"]).new_initial_state()
    out: list[tuple[int, int, bool]] = []
    for action in record["actions"]:
        state.apply_action(action)
        if not state.is_chance_node() and state.phase == 1 and not state.calls:
            out.append((state.dealer, state.hands[seat], False))  # the deal is complete
        if out and state.soloist == seat and not out[-1][2]:
            out[-1] = (*out[-1][:2], True)
    return out


def test_solos_pair_the_same_hands_after_a_throw_in(script, tmp_path):
    # seed 13: a random bot among four heuristic ones throws a deal in in two rotations only
    records = [play_one("solo66", {"deals": 2}, ["random"] + ["heuristic"] * 4, 13, 0, r,
                        keep_actions=True) for r in range(5)]
    finished = [garrison.load("solo66", deals=2).new_initial_state() for _ in records]
    for state, rec in zip(finished, records, strict=True):
        state.apply_legal_prefix(list(rec["actions"]))
    assert len({sum(r[2] == "redeal" for r in state.results) for state in finished}) > 1
    saved = tmp_path / "run.jsonl"
    saved.write_text("".join(json.dumps(rec) + "\n" for rec in records))
    counted = {key: n for key, (n, _, _) in script.solo66_solos(str(saved)).items()}
    expected: dict[str, int] = defaultdict(int)
    for me in records:
        seat = me["seats"][0]  # slot 0's seat: the hands compared are those dealt there
        mine = _hands_dealt(me, seat)
        for other in records:
            if other is me:
                continue
            theirs = _hands_dealt(other, seat)
            for k, (dealer, hand, declared) in enumerate(mine):
                if k < len(theirs) and theirs[k][0] == dealer:
                    assert theirs[k][1] == hand  # the pairing's premise: the same cards
                    other = theirs[k][2]
                    if declared or other:
                        expected["both declared" if declared and other
                                 else "only slot 0" if declared else "only the other"] += 1
    assert counted == dict(expected)
    # the auction split compares each deal with the same cards in the other rotations only
    compared = 0
    for me in records:
        seat = me["seats"][0]
        mine = _hands_dealt(me, seat)
        others = [_hands_dealt(other, seat) for other in records if other is not me]
        compared += sum(any(k < len(t) and t[k][:2] == (dealer, hand) for t in others)
                        for k, (dealer, hand, _) in enumerate(mine))
    assert sum(n for n, _ in script.solo66_auction(str(saved)).values()) == compared


def test_places_in_a_match_are_decided_by_the_solo_totals(script, tmp_path, monkeypatch,
                                                           capsys):
    run = _save(tmp_path / "run.jsonl", ["random"] + ["heuristic"] * 4, 3)
    totals = script.solo66_totals(str(run))
    # the pair formula: slot 0's ahead share read from the solo totals alone is the arena's
    assert totals["ahead"] == totals["ahead_from_solos"]
    assert totals["ahead"] == pytest.approx(
        sum(script.ahead_by_deal(str(run)).values()) / 3)
    # what is counted is what the games hold
    solos = won = 0
    for line in run.read_text().splitlines():
        record = json.loads(line)
        state = garrison.load("solo66", **record["options"]).new_initial_state()
        state.apply_legal_prefix(list(record["actions"]))
        for result in state.results:
            if result[2] == "solo" and result[3] == record["seats"][0]:
                solos, won = solos + 1, won + (result[8][result[3]] > 0)
    assert totals["slot 0 solos a match"] == pytest.approx(solos / 15)
    assert totals["slot 0 solos won"] == pytest.approx(won / solos)
    # a random bidder outbids the heuristic ones and loses most of what it declares
    assert totals["slot 0 solos a match"] > totals["others solos a match"]
    assert totals["slot 0 solo total"] < 0 < totals["slot 0 total below 0"]
    assert totals["slot 0 total below 0"] > totals["others total below 0"]
    _main(script, monkeypatch, "--totals", str(run))
    assert "ahead_from_solos" in capsys.readouterr().out
