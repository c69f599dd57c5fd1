"""The 1848 card set: loading and checking a card file (``data/cards.json`` or ``cards=PATH``).

Every card of the game is a record in one JSON file; every field of a record is
``{"value": ..., "status": "known" | "reconstructed", "source": ...}`` (``source`` is required for
known fields). The rules read only the ``CardSet`` built here, never a card id.

Playable cards get one index each: the 42 Personenkarten first (0..41), then the 34 Zusatzkarten
including the army cards (42..75). Ablaufkarten have their own indices (0..25).

Effects are data: ``{"target": "person" | "side" | "none", "filter": {...}, "ops": [...],
"duration": "round"}``. A filter may name ``parties``, ``flags`` and ``commanders`` (``exclude``,
the default: Zusatzkarten never touch a commander; ``include``; ``only``). An op is
``{"op": "add", "stat": "value" | "military", "amount": n, "per": "card" | "unit", "filter": ...}``
or ``{"op": "remove"}`` (the target person leaves the game).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from garrison.core import OptionError

# the card counts and MAX_OPS (effect ops a card may have: the compiled rules hold this many per
# card) are the rules' (rules.pyx)
from .constants import MAX_OPS as MAX_OPS
from .constants import N_ABLAUF as N_ABLAUF
from .constants import N_PERSON as N_PERSON
from .constants import N_ZUSATZ as N_ZUSATZ

DEFAULT_PATH = Path(__file__).parent / "data" / "cards.json"
N_PLAYABLE = N_PERSON + N_ZUSATZ
PARTIES = ("RR", "DL", "L", "R")
FLAGS = ("Austria", "Prussia", "Bund")
KINDS = ("person", "zusatz", "army")
STATUSES = ("known", "reconstructed")


@dataclass(frozen=True)
class Filter:
    """Which person cards an effect touches: parties (indices), flags, commanders rule."""

    parties: frozenset[int] | None = None
    flags: frozenset[int] | None = None
    commanders: str = "exclude"


@dataclass(frozen=True)
class Op:
    op: str  # "add" | "remove"
    stat: str = "value"  # "value" | "military"
    amount: int = 0
    per: str = "card"  # "card" | "unit"
    filter: Filter = Filter()


@dataclass(frozen=True)
class Effect:
    target: str  # "person" | "side" | "none"
    filter: Filter
    ops: tuple[Op, ...]


NO_EFFECT = Effect("none", Filter(), ())


@dataclass(frozen=True)
class CardSet:
    """All card facts, as tuples indexed by card index (see the module docstring)."""

    path: str
    ablauf_id: tuple[str, ...]
    ablauf_title: tuple[str, ...]
    ablauf_recon: tuple[bool, ...]
    base_ablauf: tuple[int, ...]
    base_excluded: int  # bitmask of playable cards left out of the base game
    extended_excluded: int  # bitmask of playable cards left out of the extended game
    cid: tuple[str, ...]
    name: tuple[str, ...]
    kind: tuple[str, ...]
    party: tuple[int, ...]  # -1 for Zusatz
    value: tuple[int, ...]
    flag: tuple[int, ...]  # commander / army flag index, -1 if none
    strength: tuple[int, ...]
    train: tuple[bool, ...]
    reenter: tuple[bool, ...]  # played, it brings players who passed back into the Stich
    rot: tuple[int, ...]
    effect: tuple[Effect, ...]
    pair: tuple[int, ...]  # partner index, -1 if none
    recon: tuple[frozenset[str], ...]  # names of reconstructed fields per card
    reactionary: int

    def excluded(self, rules: str) -> int:
        """Bitmask of the cards not used by ``rules`` ("base" or "extended")."""
        return self.base_excluded if rules == "base" else self.extended_excluded

    def is_person(self, c: int) -> bool:
        return c < N_PERSON

    def is_commander(self, c: int) -> bool:
        return c < N_PERSON and self.flag[c] >= 0

    def is_army(self, c: int) -> bool:
        return self.kind[c] == "army"

    def index(self, card_id: str) -> int:
        return self.cid.index(card_id)


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> OptionError:
        return OptionError(f"card file {self.path}: {where}: {problem}")

    def field(self, rec: dict[str, Any], name: str, where: str) -> tuple[Any, bool]:
        """(value, reconstructed?) of one status-carrying field."""
        if name not in rec:
            raise self.fail(where, f"field '{name}' is missing")
        fld = rec[name]
        if not isinstance(fld, dict) or "value" not in fld or "status" not in fld:
            raise self.fail(f"{where} field '{name}'", "must be an object with 'value' and 'status'")
        if fld["status"] not in STATUSES:
            raise self.fail(
                f"{where} field '{name}'", f"status must be known or reconstructed (got {fld['status']!r})"
            )
        if fld["status"] == "known" and not fld.get("source"):
            raise self.fail(f"{where} field '{name}'", "a known field must name its source")
        return fld["value"], fld["status"] == "reconstructed"

    def integer(self, v: Any, where: str, low: int, high: int) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise self.fail(where, f"must be an integer from {low} to {high} (got {v!r})")
        return v

    def filter(self, raw: Any, where: str) -> Filter:
        if raw is None:
            return Filter()
        if not isinstance(raw, dict):
            raise self.fail(where, "a filter must be an object")
        unknown = set(raw) - {"parties", "flags", "commanders"}
        if unknown:
            raise self.fail(where, f"unknown filter key '{sorted(unknown)[0]}'")
        parties = flags = None
        if "parties" in raw:
            if not isinstance(raw["parties"], list) or any(p not in PARTIES for p in raw["parties"]):
                raise self.fail(f"{where}.parties", f"must be a list of {', '.join(PARTIES)}")
            parties = frozenset(PARTIES.index(p) for p in raw["parties"])
        if "flags" in raw:
            if not isinstance(raw["flags"], list) or any(f not in FLAGS for f in raw["flags"]):
                raise self.fail(f"{where}.flags", f"must be a list of {', '.join(FLAGS)}")
            flags = frozenset(FLAGS.index(f) for f in raw["flags"])
        com = raw.get("commanders", "exclude")
        if com not in ("exclude", "include", "only"):
            raise self.fail(f"{where}.commanders", f"must be exclude, include or only (got {com!r})")
        return Filter(parties, flags, com)

    def effect(self, raw: Any, where: str) -> Effect:
        if not isinstance(raw, dict):
            raise self.fail(where, "an effect must be an object")
        target = raw.get("target")
        if target not in ("person", "side"):
            raise self.fail(f"{where}.target", f"must be person or side (got {target!r})")
        if raw.get("duration", "round") != "round":
            raise self.fail(f"{where}.duration", "only 'round' is supported")
        ops_raw = raw.get("ops")
        if not isinstance(ops_raw, list) or not ops_raw:
            raise self.fail(f"{where}.ops", "must be a non-empty list")
        if len(ops_raw) > MAX_OPS:
            raise self.fail(f"{where}.ops", f"at most {MAX_OPS} ops (got {len(ops_raw)})")
        ops = []
        for i, o in enumerate(ops_raw):
            w = f"{where}.ops[{i}]"
            if not isinstance(o, dict) or o.get("op") not in ("add", "remove"):
                raise self.fail(w, "op must be add or remove")
            if o["op"] == "remove":
                if target != "person":
                    raise self.fail(w, "remove needs a person target")
                ops.append(Op("remove"))
                continue
            stat = o.get("stat", "value")
            if stat not in ("value", "military"):
                raise self.fail(f"{w}.stat", f"must be value or military (got {stat!r})")
            per = o.get("per", "card")
            if per not in ("card", "unit"):
                raise self.fail(f"{w}.per", f"must be card or unit (got {per!r})")
            amount = self.integer(o.get("amount"), f"{w}.amount", -50, 50)
            ops.append(Op("add", stat, amount, per, self.filter(o.get("filter"), f"{w}.filter")))
        return Effect(target, self.filter(raw.get("filter"), f"{where}.filter"), tuple(ops))


@cache
def load_cards(path: str = "") -> CardSet:
    """The card set in ``path`` (the package's own file when empty); ``OptionError`` if bad."""
    file = Path(path) if path else DEFAULT_PATH
    shown = str(file) if path else "data/cards.json"
    rd = _Reader(shown)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as err:
        raise OptionError(f"card file {shown}: cannot be read ({err.strerror or err})") from None
    except json.JSONDecodeError as err:
        raise OptionError(f"card file {shown}: not valid JSON (line {err.lineno}: {err.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise rd.fail("top level", "must be an object with a 'cards' list")
    reactionary = data.get("reactionary_party", "R")
    if reactionary not in PARTIES:
        raise rd.fail("reactionary_party", f"must be one of {', '.join(PARTIES)}")
    seen: dict[str, dict[str, Any]] = {}
    for i, rec in enumerate(data["cards"]):
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
            raise rd.fail(f"cards[{i}]", "every card needs a text 'id'")
        if rec["id"] in seen:
            raise rd.fail(f"card {rec['id']}", "the id appears twice")
        seen[rec["id"]] = rec
    ablauf = [f"A{n:02d}" for n in range(1, N_ABLAUF + 1)]
    persons = [f"PE{n:02d}" for n in range(1, N_PERSON + 1)]
    zusatz = [f"Z{n:02d}" for n in range(1, N_ZUSATZ + 1)]
    for cid in ablauf + persons + zusatz:
        if cid not in seen:
            raise rd.fail(f"card {cid}", "is missing (the set needs A01-A26, PE01-PE42, Z01-Z34)")
    extra = set(seen) - set(ablauf + persons + zusatz)
    if extra:
        raise rd.fail(f"card {sorted(extra)[0]}", "is not a card of 1848")

    a_title, a_recon = [], []
    for cid in ablauf:
        title, rc = rd.field(seen[cid], "name", f"card {cid}")
        if not isinstance(title, str) or not title:
            raise rd.fail(f"card {cid} field 'name'", "must be a non-empty text")
        a_title.append(title)
        a_recon.append(rc)

    cols: dict[str, list[Any]] = {k: [] for k in (
        "name", "kind", "party", "value", "flag", "strength", "train", "reenter", "rot", "effect", "pair",
        "recon")}
    pair_ids: list[Any] = []
    for cid in persons + zusatz:
        rec, where = seen[cid], f"card {cid}"
        recon: set[str] = set()
        kind = rec.get("kind")
        want = ("person",) if cid.startswith("PE") else ("zusatz", "army")
        if kind not in want:
            raise rd.fail(f"{where} field 'kind'", f"must be {' or '.join(want)} (got {kind!r})")
        name, rc = rd.field(rec, "name", where)
        if not isinstance(name, str) or not name:
            raise rd.fail(f"{where} field 'name'", "must be a non-empty text")
        if rc:
            recon.add("name")
        party, value, flag, strength, train, reenter, rot = -1, 0, -1, 0, False, False, 0
        effect, pair = NO_EFFECT, None
        if kind == "person":
            p, rc = rd.field(rec, "party", where)
            if p not in PARTIES:
                raise rd.fail(f"{where} field 'party'", f"must be one of {', '.join(PARTIES)} (got {p!r})")
            party = PARTIES.index(p)
            recon.update({"party"} if rc else set())
            v, rc = rd.field(rec, "value", where)
            value = rd.integer(v, f"{where} field 'value'", 0, 20)
            recon.update({"value"} if rc else set())
        if kind in ("person", "army"):
            m, rc = rd.field(rec, "military", where)
            if m is None and kind == "army":
                raise rd.fail(f"{where} field 'military'", "an army card needs a flag and a strength")
            if m is not None:
                if not isinstance(m, dict) or m.get("flag") not in FLAGS:
                    raise rd.fail(f"{where} field 'military'", f"flag must be one of {', '.join(FLAGS)}")
                flag = FLAGS.index(m["flag"])
                strength = rd.integer(m.get("strength"), f"{where} field 'military'.strength", 0, 50)
            recon.update({"military"} if rc else set())
        if kind == "zusatz":
            sym, rc = rd.field(rec, "symbols", where)
            if not isinstance(sym, dict) or not isinstance(sym.get("train"), bool):
                raise rd.fail(f"{where} field 'symbols'", "needs 'train' (true/false) and 'rot' (a number)")
            train = sym["train"]
            rot = rd.integer(sym.get("rot", 0), f"{where} field 'symbols'.rot", 0, 50)
            recon.update({"symbols"} if rc else set())
            if "reenter" in rec:  # optional: a card file without it brings nobody back
                reenter, rc = rd.field(rec, "reenter", where)
                if not isinstance(reenter, bool):
                    raise rd.fail(f"{where} field 'reenter'", "must be true or false")
                recon.update({"reenter"} if rc else set())
            e, rc = rd.field(rec, "effect", where)
            effect = rd.effect(e, f"{where} field 'effect'")
            recon.update({"effect"} if rc else set())
            pair, _ = rd.field(rec, "pair", where)
            if pair is not None and pair not in zusatz:
                raise rd.fail(f"{where} field 'pair'", f"names no Zusatzkarte ({pair!r})")
        cols["name"].append(name)
        cols["kind"].append(kind)
        cols["party"].append(party)
        cols["value"].append(value)
        cols["flag"].append(flag)
        cols["strength"].append(strength)
        cols["train"].append(train)
        cols["reenter"].append(reenter)
        cols["rot"].append(rot)
        cols["effect"].append(effect)
        cols["recon"].append(frozenset(recon))
        pair_ids.append(pair)
    ids = persons + zusatz
    pairs = [-1 if p is None else ids.index(p) for p in pair_ids]
    for c, p in enumerate(pairs):
        if p >= 0 and pairs[p] != c:
            raise rd.fail(f"card {ids[c]} field 'pair'", f"{ids[p]} must name {ids[c]} back")

    base, _ = rd.field(data, "base_game", "top level")
    if not isinstance(base, list) or not base or any(b not in ablauf for b in base):
        raise rd.fail("base_game", "must be a non-empty list of Ablaufkarten ids")
    excl, _ = rd.field(data, "base_game_excludes", "top level")
    if not isinstance(excl, list) or any(x not in ids for x in excl):
        raise rd.fail("base_game_excludes", "must be a list of Personen- or Zusatzkarten ids")
    base_excluded = 0
    for x in excl:
        base_excluded |= 1 << ids.index(x)
    extended_excluded = 0
    if "extended_excludes" in data:
        ext, _ = rd.field(data, "extended_excludes", "top level")
        if not isinstance(ext, list) or any(x not in ids for x in ext):
            raise rd.fail("extended_excludes", "must be a list of Personen- or Zusatzkarten ids")
        for x in ext:
            extended_excluded |= 1 << ids.index(x)
    for c in range(N_PLAYABLE):
        if cols["kind"][c] == "army" and not (base_excluded >> c) & 1:
            raise rd.fail("base_game_excludes", f"army card {ids[c]} must be left out of the base game")
    return CardSet(
        path=shown,
        ablauf_id=tuple(ablauf),
        ablauf_title=tuple(a_title),
        ablauf_recon=tuple(a_recon),
        base_ablauf=tuple(sorted(ablauf.index(b) for b in set(base))),
        base_excluded=base_excluded,
        extended_excluded=extended_excluded,
        cid=tuple(ids),
        name=tuple(cols["name"]),
        kind=tuple(cols["kind"]),
        party=tuple(cols["party"]),
        value=tuple(cols["value"]),
        flag=tuple(cols["flag"]),
        strength=tuple(cols["strength"]),
        train=tuple(cols["train"]),
        reenter=tuple(cols["reenter"]),
        rot=tuple(cols["rot"]),
        effect=tuple(cols["effect"]),
        pair=tuple(pairs),
        recon=tuple(cols["recon"]),
        reactionary=PARTIES.index(reactionary),
    )


__all__ = ["CardSet", "Effect", "Filter", "Op", "load_cards", "PARTIES", "FLAGS", "N_PERSON",
           "N_ZUSATZ", "N_PLAYABLE", "N_ABLAUF"]
