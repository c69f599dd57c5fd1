"""The rules of 1848 in the order of the seed (seed 001) and specs/1848.md.

Pure functions over the public table; ``state.py`` calls them. The table is:

* ``persons``: per seat, the person cards lying on that seat's side;
* ``zusatz``: ``(card, player, target_kind, target)`` for every Zusatzkarte on the table, with
  ``target_kind`` ``"person"`` (target = person card) or ``"side"`` (target = seat);
* ``armies``: ``(army card, place seat, leader)`` with ``leader`` a unit key ``(seat, flag)`` or
  ``None`` (an army without commander lies at ``place`` and does nothing).

No card id appears here: everything comes from the ``CardSet`` data and its effects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .carddata import FLAGS, PARTIES, CardSet, Filter

Persons = tuple[tuple[int, ...], ...]
Zusatz = tuple[tuple[int, int, str, int], ...]
Army = tuple[int, int, "tuple[int, int] | None"]

ABLAUF_TO_WIN = {2: 6, 3: 5, 4: 4}
HAND_LIMIT = 6


# -- "Das kommt hinzu": dealing and drawing --------------------------------------------------------
def draw_plan(rules: str, hand_persons: int, hand_zusatz: int) -> tuple[str, ...]:
    """What a player draws after a Stich ("Wie man mehr als vier Handkarten bekommt").

    Extended: at most 2 Personen- and 2 Zusatzkarten, never above 6 in hand; with room for two or
    more, one of each comes first, and only an odd last card is the player's choice (``"?"``), as
    in the seed's examples. Base game: fill up to 2 + 2.
    """
    if rules == "base":
        return ("P",) * max(0, 2 - hand_persons) + ("Z",) * max(0, 2 - hand_zusatz)
    room = min(HAND_LIMIT - hand_persons - hand_zusatz, 4)
    return {1: ("?",), 2: ("P", "Z"), 3: ("P", "Z", "?"), 4: ("P", "Z", "P", "Z")}.get(room, ())


# -- playing Zusatzkarten: targets and effects ------------------------------------------------------
def matches(cs: CardSet, flt: Filter, p: int) -> bool:
    """Does person card ``p`` pass the filter? Commanders are left out unless the filter says
    so ("Zusatzkarten beziehen sich niemals auf einen Heerführer", except where the data allows)."""
    commander = cs.flag[p] >= 0
    if flt.commanders == "exclude" and commander:
        return False
    if flt.commanders == "only" and not commander:
        return False
    if flt.parties is not None and cs.party[p] not in flt.parties:
        return False
    return flt.flags is None or cs.flag[p] in flt.flags


def allowed_sides(cs: CardSet, card: int, seat: int, n: int) -> tuple[int, ...]:
    """Own side only, or every side for a card with the train symbol (our reading of BB1)."""
    return tuple(range(n)) if cs.train[card] else (seat,)


def valid_targets(cs: CardSet, card: int, seat: int, persons: Persons) -> list[tuple[str, int]]:
    """Where ``seat`` may put Zusatzkarte ``card``: ``("person", p)`` or ``("side", s)``."""
    eff = cs.effect[card]
    sides = allowed_sides(cs, card, seat, len(persons))
    if eff.target == "side":
        return [("side", s) for s in sides]
    out = [("person", p) for s in sides for p in persons[s] if matches(cs, eff.filter, p)]
    return sorted(out)


def has_target(cs: CardSet, card: int, seat: int, persons: Persons) -> bool:
    """Can ``seat`` play Zusatzkarte ``card`` at all (is there a valid target)?"""
    eff = cs.effect[card]
    if eff.target == "side":
        return True
    sides = allowed_sides(cs, card, seat, len(persons))
    return any(matches(cs, eff.filter, p) for s in sides for p in persons[s])


def person_values(cs: CardSet, persons: Persons, zusatz: Zusatz) -> dict[int, int]:
    """Political value of every person on the table with all Zusatz modifiers (may be negative:
    "Es kann auch negativ enden", political part)."""
    side_of = {p: s for s, ps in enumerate(persons) for p in ps}
    val = {p: cs.value[p] for p in side_of}
    for card, _, kind, target in zusatz:
        for op in cs.effect[card].ops:
            if op.op != "add" or op.stat != "value":
                continue
            if kind == "person":
                if target in val:
                    val[target] += op.amount
            else:
                for p in persons[target]:
                    if matches(cs, op.filter, p):
                        val[p] += op.amount
    return val


@dataclass(frozen=True)
class Unit:
    """All commanders of one flag at one player, adding up ("Erläuterung": unassigned commanders
    of the same flag at one player are added)."""

    seat: int
    flag: int
    members: tuple[int, ...]
    strength: int
    party: int


def units(cs: CardSet, persons: Persons, zusatz: Zusatz) -> dict[tuple[int, int], Unit]:
    """The commander units on the table, with military modifiers (Kroatien +5 per unit)."""
    side_of = {p: s for s, ps in enumerate(persons) for p in ps}
    mil = {p: cs.strength[p] for p in side_of if cs.flag[p] >= 0}
    unit_bonus: dict[tuple[int, int], int] = {}
    for card, _, kind, target in zusatz:
        for op in cs.effect[card].ops:
            if op.op != "add" or op.stat != "military":
                continue
            if kind == "person":
                if target in mil:
                    mil[target] += op.amount
            elif op.per == "unit":
                for f in range(len(FLAGS)):
                    if op.filter.flags is None or f in op.filter.flags:
                        unit_bonus[(target, f)] = unit_bonus.get((target, f), 0) + op.amount
            else:
                for p in persons[target]:
                    if p in mil and matches(cs, op.filter, p):
                        mil[p] += op.amount
    groups: dict[tuple[int, int], list[int]] = {}
    for p in sorted(mil):
        groups.setdefault((side_of[p], cs.flag[p]), []).append(p)
    out = {}
    for key, members in groups.items():
        lead = max(members, key=lambda p: (mil[p], -p))
        strength = sum(mil[p] for p in members) + unit_bonus.get(key, 0)
        out[key] = Unit(key[0], key[1], tuple(members), strength, cs.party[lead])
    return out


# -- "So wechselt eine Armee die Seite" -----------------------------------------------------------
def army_candidates(
    cs: CardSet, army: int, table_units: dict[tuple[int, int], Unit], armies: tuple[Army, ...]
) -> list[tuple[int, int]]:
    """The free units a newly played army goes to: own flag first, then the strongest; several
    equally strong at different players are the seed's "Sonderfall" (the player chooses)."""
    busy = {lead for _, _, lead in armies if lead is not None}
    free = [k for k in table_units if k not in busy]
    pool = [k for k in free if k[1] == cs.flag[army]] or free
    if not pool:
        return []
    best = max(table_units[k].strength for k in pool)
    tops = sorted(k for k in pool if table_units[k].strength == best)
    first_per_seat: dict[int, tuple[int, int]] = {}
    for k in tops:
        first_per_seat.setdefault(k[0], k)
    return sorted(first_per_seat.values())


def suitability(cs: CardSet, unit: Unit, army: int) -> tuple[bool, int]:
    """How well a unit suits an army: own flag first, then military strength."""
    return (unit.flag == cs.flag[army], unit.strength)


def settle_armies(
    cs: CardSet, armies: tuple[Army, ...], table_units: dict[tuple[int, int], Unit]
) -> tuple[tuple[Army, ...], list[str]]:
    """Armies after a change on the table: an army whose commanders left lies idle; a free unit
    takes an idle army, or takes over an army from a less suitable unit (stronger within a flag,
    or of the army's own flag). The deposed commanders stay where they lie."""
    lines = []
    arm = [(a, place, lead if lead in table_units else None) for a, place, lead in armies]
    changed = True
    while changed:
        changed = False
        busy = {lead for _, _, lead in arm if lead is not None}
        free = sorted(
            (k for k in table_units if k not in busy), key=lambda k: (-table_units[k].strength, k)
        )
        for key in free:
            unit = table_units[key]
            best = None
            for i, (a, _, lead) in enumerate(arm):
                if lead is not None and not suitability(cs, unit, a) > suitability(
                    cs, table_units[lead], a
                ):
                    continue
                pref = (cs.flag[a] == unit.flag, cs.strength[a], lead is None, -i)
                if best is None or pref > best[0]:
                    best = (pref, i)
            if best is not None:
                i = best[1]
                a, place, lead = arm[i]
                arm[i] = (a, key[0], key)
                verb = "takes over" if lead is not None else "takes command of"
                lines.append(
                    f"{unit_name(cs, unit)} of P{key[0] + 1} {verb} {cs.name[a]}"
                    + (f" from P{lead[0] + 1}" if lead is not None and lead[0] != key[0] else "")
                )
                changed = True
                break
    return tuple(arm), lines


def unit_name(cs: CardSet, unit: Unit) -> str:
    return " + ".join(cs.name[p] for p in unit.members)


# -- "Auswertung eines Kartenstichs" ---------------------------------------------------------------
@dataclass(frozen=True)
class Result:
    """The decision of one Stich."""

    kind: str  # "political" | "military"
    winner: int  # seat, or -1 for a Patt
    credits: tuple[tuple[int, int, int], ...]  # (seat, party, points)
    lines: tuple[str, ...] = field(default=())


def decide_round(
    cs: CardSet, persons: Persons, zusatz: Zusatz, armies: tuple[Army, ...]
) -> Result:
    """Military decision if an army with a commander lies out, else the political one."""
    if any(lead is not None for _, _, lead in armies):
        return decide_military(cs, persons, zusatz, armies)
    return decide_political(cs, persons, zusatz)


def _holders(points: dict[int, int]) -> list[int]:
    """Seats holding the most of something (only positive holdings count)."""
    if not points:
        return []
    top = max(points.values())
    return sorted(s for s, v in points.items() if v == top) if top > 0 else []


def decide_political(cs: CardSet, persons: Persons, zusatz: Zusatz) -> Result:
    """The strongest party wins; its majority holder credits the party's whole total. Patt
    ("Patt kann Taktik sein"): two strongest parties equal, or no single top holder; then each
    top holder of a strongest party credits his own points of it."""
    val = person_values(cs, persons, zusatz)
    own = [[0] * len(PARTIES) for _ in persons]
    for s, ps in enumerate(persons):
        for p in ps:
            own[s][cs.party[p]] += val[p]
    totals = [sum(own[s][q] for s in range(len(persons))) for q in range(len(PARTIES))]
    lines = ["party totals: " + ", ".join(f"{PARTIES[q]} {totals[q]}" for q in range(len(PARTIES)))]
    best = max(totals)
    if best <= 0:
        return Result("political", -1, (), (*lines, "no party has a positive total: Patt"))
    strongest = [q for q in range(len(PARTIES)) if totals[q] == best]
    holders = {q: _holders({s: own[s][q] for s in range(len(persons))}) for q in strongest}
    if len(strongest) == 1 and len(holders[strongest[0]]) == 1:
        q, w = strongest[0], holders[strongest[0]][0]
        return Result(
            "political", w, ((w, q, totals[q]),),
            (*lines, f"{PARTIES[q]} is strongest; P{w + 1} holds most of it and credits {totals[q]}"),
        )
    credits = tuple((s, q, own[s][q]) for q in strongest for s in holders[q])
    why = "parties tie" if len(strongest) > 1 else "no single majority holder"
    return Result("political", -1, credits, (*lines, f"Patt ({why})"))


def decide_military(
    cs: CardSet, persons: Persons, zusatz: Zusatz, armies: tuple[Army, ...]
) -> Result:
    """Armies with commanders decide ("Auswertung ... mit Armeekarte"): army + commander points,
    added up by the commanders' party; the strongest party's player with the most of it credits
    all of it, halved and rounded down. If the strongest is reactionary, every Rot card on the
    table is subtracted first (not from armies under a Bundesfahne commander); the result may be
    negative ("Es kann auch negativ enden")."""
    table_units = units(cs, persons, zusatz)
    n = len(persons)
    led = []
    for a, _, lead in armies:
        if lead is None:
            continue
        u = table_units[lead]
        led.append((a, lead[0], u.party, cs.strength[a] + u.strength, u.flag == FLAGS.index("Bund")))
    own = [[0] * len(PARTIES) for _ in range(n)]
    lines = []
    for a, seat, party, pts, _ in led:
        own[seat][party] += pts
        lines.append(f"{cs.name[a]} at P{seat + 1}: {pts} military points for {PARTIES[party]}")
    totals = [sum(own[s][q] for s in range(n)) for q in range(len(PARTIES))]
    best = max(totals)
    strongest = [q for q in range(len(PARTIES)) if totals[q] == best and best > 0]
    holders = {q: _holders({s: own[s][q] for s in range(n)}) for q in strongest}
    if len(strongest) != 1 or len(holders[strongest[0]]) != 1:
        credits = tuple((s, q, own[s][q] // 2) for q in strongest for s in holders[q])
        return Result("military", -1, credits, (*lines, "military Patt"))
    q, w = strongest[0], holders[strongest[0]][0]
    total = totals[q]
    if q == cs.reactionary:
        rot = sum(cs.rot[c] for c, _, _, _ in zusatz)
        exposed = any(party == q and not bund for _, _, party, _, bund in led)
        if rot and exposed:
            total -= rot
            lines.append(f"Rot cards on the table subtract {rot}")
    points = total // 2
    lines.append(f"{PARTIES[q]} is strongest; P{w + 1} credits {total} / 2 = {points}")
    return Result("military", w, ((w, q, points),), tuple(lines))


# -- "Manchmal fliegen Karten raus" ------------------------------------------------------------------
def leaving_cards(cs: CardSet, zusatz: Zusatz, armies: tuple[Army, ...]) -> int:
    """Bitmask of table cards that leave the game at the end of the Stich: every army card, and
    both cards of a named pair that met in it."""
    out = 0
    for a, _, _ in armies:
        out |= 1 << a
    on_table = {c for c, _, _, _ in zusatz}
    for c in on_table:
        if cs.pair[c] in on_table:
            out |= 1 << c
    return out


# -- "Bei vier ist Schluss" and "Und so wird abgerechnet" ---------------------------------------------
def final_scoring(tally: tuple[tuple[int, ...], ...]) -> tuple[list[int], list[str]]:
    """Victory points: absolute majority -> 5 to its top holder(s) and 0 to all others; else
    4/3/2/1 to the top holders of the parties by strength (only parties above 0; equal party
    totals share a rank; equal holders each get the points)."""
    n = len(tally)
    sums = [sum(tally[s][q] for s in range(n)) for q in range(len(PARTIES))]
    total = sum(max(0, v) for v in sums)  # a party below zero has no votes to count
    vp = [0] * n
    lines = ["party totals: " + ", ".join(f"{PARTIES[q]} {sums[q]}" for q in range(len(PARTIES)))]
    for q in range(len(PARTIES)):
        if sums[q] > 0 and sums[q] > total - sums[q]:
            for s in _holders({s: tally[s][q] for s in range(n)}):
                vp[s] = 5
                lines.append(f"absolute majority of {PARTIES[q]}: P{s + 1} gets 5")
            return vp, lines
    for q in range(len(PARTIES)):
        if sums[q] <= 0:
            continue
        rank = sum(1 for r in range(len(PARTIES)) if sums[r] > sums[q])
        points = 4 - rank
        for s in _holders({s: tally[s][q] for s in range(n)}):
            vp[s] += points
            lines.append(f"{PARTIES[q]} (rank {rank + 1}): P{s + 1} gets {points}")
    return vp, lines


def winners(vp: list[int], won: list[int]) -> list[int]:
    """Most victory points; ties broken by Ablaufkarten won (specs/1848.md); still tied: shared."""
    best = max(zip(vp, won))
    return [s for s in range(len(vp)) if (vp[s], won[s]) == best]
