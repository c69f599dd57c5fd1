"""The card data file: complete, every field known (with source) or reconstructed; bad files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import garrison
from garrison import OptionError
from garrison.games.revolution1848 import carddata
from garrison.games.revolution1848.carddata import DEFAULT_PATH, load_cards

PACKAGE = Path(carddata.__file__).parent


def _data():
    return json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))


def test_the_file_holds_26_ablauf_42_person_34_zusatz_cards():
    ids = [c["id"] for c in _data()["cards"]]
    assert sum(i.startswith("A") for i in ids) == 26
    assert sum(i.startswith("PE") for i in ids) == 42
    assert sum(i.startswith("Z") for i in ids) == 34
    assert len(set(ids)) == 102


def test_every_field_is_known_with_a_source_or_reconstructed():
    for card in _data()["cards"]:
        for name, fld in card.items():
            if name in ("id", "kind"):
                continue
            assert fld["status"] in ("known", "reconstructed"), (card["id"], name)
            if fld["status"] == "known":
                assert fld["source"], (card["id"], name)


def test_known_facts_are_carried_over():
    cs = load_cards()
    facts = {"PE01": ("Friedrich Hecker", 0, 6), "PE04": ("Die Herweghs", 0, 2),
             "PE07": ("Franz Sigel", 0, 1), "PE09": ("Robert Blum", 1, 8),
             "PE26": ("Eduard Simson", 2, 2)}
    for cid, (name, party, value) in facts.items():
        c = cs.index(cid)
        assert (cs.name[c], cs.party[c], cs.value[c]) == (name, party, value)
        assert "value" not in cs.recon[c]
    military = {"PE35": (0, 3), "PE40": (1, 2), "PE41": (1, 3), "Z29": (0, 17), "Z33": (1, 15)}
    for cid, (flag, strength) in military.items():
        c = cs.index(cid)
        assert (cs.flag[c], cs.strength[c]) == (flag, strength)
    assert cs.rot[cs.index("Z13")] == 11
    kroatien = cs.effect[cs.index("Z15")]
    assert any(op.stat == "military" and op.amount == 5 for op in kroatien.ops)
    assert [cs.kind[cs.index(f"Z{n}")] for n in range(28, 35)] == ["army"] * 7


def test_no_card_id_in_rules_code():
    pattern = re.compile(r"\b(PE\d\d|Z\d\d|A\d\d)\b")
    for name in ("rules.pyx", "state.py", "log.py", "observe.py", "explain.py", "bots.py"):
        assert not pattern.search((PACKAGE / name).read_text(encoding="utf-8")), name


def _write(tmp_path, data):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["cards"].pop(), "card Z34.*missing"),
        (lambda d: d["cards"][30].pop("party"), "field 'party' is missing"),
        (lambda d: d["cards"][30]["party"].update(value="X"), "field 'party'.*RR, DL, L, R"),
        (lambda d: d["cards"][30]["value"].update(value="six"), "field 'value'.*integer"),
        (lambda d: d["cards"][30]["value"].update(status="known"), "must name its source"),
        (lambda d: d["cards"][30]["value"].update(status="maybe"), "known or reconstructed"),
        (lambda d: d["cards"][70]["effect"]["value"].update(target="nowhere"), "target.*person or side"),
        (lambda d: d["cards"][70]["effect"]["value"]["ops"][0].update(op="explode"), "op must be add or remove"),
        (lambda d: d["cards"][-1].update(military={"value": None, "status": "reconstructed"}), "army card needs"),
        (lambda d: d["cards"][70]["effect"]["value"].update(
            ops=[{"op": "add", "stat": "value", "amount": 1}] * 9), "at most 8 ops"),
    ],
)
def test_a_broken_card_file_is_rejected_naming_field_and_problem(tmp_path, change, message):
    data = _data()
    change(data)
    with pytest.raises(OptionError, match=message):
        garrison.load("1848", cards=_write(tmp_path, data))


def test_a_missing_or_unreadable_file_is_an_option_error(tmp_path):
    with pytest.raises(OptionError, match="cannot be read"):
        garrison.load("1848", cards=str(tmp_path / "nope.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(OptionError, match="not valid JSON"):
        garrison.load("1848", cards=str(bad))


def test_another_card_file_changes_the_game(tmp_path):
    data = _data()
    for card in data["cards"]:
        if card["id"] == "PE02":
            card["value"] = {"value": 9, "status": "known", "source": "a printed card"}
    game = garrison.load("1848", cards=_write(tmp_path, data))
    assert game.cards.value[game.cards.index("PE02")] == 9
    assert "value" not in game.cards.recon[game.cards.index("PE02")]


def test_base_option_needs_two_players():
    with pytest.raises(OptionError, match="players=2"):
        garrison.load("1848", players=3, rules="base")
