"""The rules of 1848 in the order of the seed (seed 001) and specs/1848.md.

Pure functions over the public table; ``state.py`` calls them. The table is:

* ``persons``: per seat, the person cards lying on that seat's side;
* ``zusatz``: ``(card, player, target_kind, target)`` for every Zusatzkarte on the table, with
  ``target_kind`` ``"person"`` (target = person card) or ``"side"`` (target = seat);
* ``armies``: ``(army card, place seat, commanders)`` with ``commanders`` the commander cards
  leading it (strongest first, all at the place seat), or ``None`` (an army without commander
  lies at ``place`` and does nothing).

No card id appears here: everything comes from the ``CardSet`` data and its effects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from garrison.core.seats import seat_label

from .carddata import FLAGS, PARTIES, CardSet, Filter

Persons = tuple[tuple[int, ...], ...]
Zusatz = tuple[tuple[int, int, str, int], ...]
Army = tuple[int, int, "tuple[int, ...] | None"]

ABLAUF_TO_WIN = {2: 6, 3: 5, 4: 4}
#: "Bei einem Patt wird erneut um dieselbe Ablaufkarte gespielt", however often. So that a game
#: has a finite length (the research APIs declare one), a game ends and is scored as it stands
#: after this many Patts in all: a horizon, not a rule (random play sees at most about 10).
PATT_HORIZON = 40
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
    """Commanders of one flag at one player acting together: the commanders of one army, or the
    free commanders of one flag at one player ("Erläuterung": commanders of the same flag at one
    player that lead no army are added up)."""

    seat: int
    flag: int
    members: tuple[int, ...]
    strength: int
    party: int


@dataclass(frozen=True)
class Forces:
    """Every commander on the table: where he lies and his military strength with modifiers."""

    side_of: dict[int, int]
    mil: dict[int, int]

    def unit(self, cs: CardSet, members: tuple[int, ...]) -> Unit:
        lead = max(members, key=lambda p: (self.mil[p], -p))
        strength = sum(self.mil[p] for p in members)
        return Unit(self.side_of[lead], cs.flag[lead], members, strength, cs.party[lead])

    def strongest_first(self, commanders: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(commanders, key=lambda p: (-self.mil[p], p)))


def forces(cs: CardSet, persons: Persons, zusatz: Zusatz) -> Forces:
    """The commanders on the table with military modifiers. A modifier "per unit" (Kroatien's
    +5 to a black-yellow commander) goes to the strongest matching commander of the side it lies
    on."""
    side_of = {p: s for s, ps in enumerate(persons) for p in ps}
    mil = {p: cs.strength[p] for p in side_of if cs.flag[p] >= 0}
    for card, _, kind, target in zusatz:
        for op in cs.effect[card].ops:
            if op.op != "add" or op.stat != "military":
                continue
            if kind == "person":
                if target in mil:
                    mil[target] += op.amount
            elif op.per == "unit":
                fit = [p for p in persons[target]
                       if p in mil and (op.filter.flags is None or cs.flag[p] in op.filter.flags)]
                if fit:
                    best = max(fit, key=lambda p: (mil[p], -p))
                    mil[best] += op.amount
            else:
                for p in persons[target]:
                    if p in mil and matches(cs, op.filter, p):
                        mil[p] += op.amount
    return Forces(side_of, mil)


def assigned(armies: tuple[Army, ...]) -> set[int]:
    return {p for _, _, lead in armies if lead is not None for p in lead}


def spare_commanders(force: Forces, armies: tuple[Army, ...]) -> list[int]:
    """Commanders that may take an army without a commander: those that lead none, and the
    second and further commanders of an army ("Gibt es mehr Heerführer als Armeen, können einer
    Armeekarte mehrere Heerführer zugeordnet werden" — only while there are more of them)."""
    busy = assigned(armies)
    spare = [p for p in force.mil if p not in busy]
    for _, _, lead in armies:
        if lead is not None and len(lead) > 1:
            spare.extend(force.strongest_first(lead)[1:])
    return sorted(spare)


# -- "So wechselt eine Armee die Seite" -----------------------------------------------------------
def army_candidates(
    cs: CardSet, army: int, force: Forces, armies: tuple[Army, ...]
) -> list[tuple[int, int]]:
    """``(seat, commander)`` for each player whose commander a newly played army goes to:
    commanders of its own flag first, then the strongest. Equally strong commanders at different
    players are the seed's "Sonderfall": the player of the army chooses."""
    spare = spare_commanders(force, armies)
    pool = [p for p in spare if cs.flag[p] == cs.flag[army]] or spare
    if not pool:
        return []
    best = max(force.mil[p] for p in pool)
    first_per_seat: dict[int, int] = {}
    for p in sorted(p for p in pool if force.mil[p] == best):
        first_per_seat.setdefault(force.side_of[p], p)
    return sorted(first_per_seat.items())


def suitability(cs: CardSet, unit: Unit, army: int) -> tuple[bool, int]:
    """How well a unit suits an army: own flag first, then military strength."""
    return (unit.flag == cs.flag[army], unit.strength)


def settle_armies(
    cs: CardSet, armies: tuple[Army, ...], force: Forces
) -> tuple[tuple[Army, ...], list[str]]:
    """Armies after a change on the table, step by step until nothing moves:

    1. an army without a commander takes a spare commander, one each: commanders of its own
       flag first, the strongest commander choosing first ("Der stärkste Heerführer hat das Recht,
       sich als erster eine Armee auszusuchen");
    2. the free commanders of one flag at one player, added up, take over an army from a less
       suitable leader (a stronger one within the flag, or one of the army's own flag); the
       deposed commanders stay where they lie;
    3. a free commander joins the strongest army his own player leads with his flag (several
       commanders on one army when there are more commanders than armies).
    """
    lines: list[str] = []
    arm: list[Army] = []
    for a, place, lead in armies:
        kept = tuple(p for p in lead if p in force.mil) if lead is not None else ()
        arm.append((a, place, kept or None))

    def give(i: int, members: tuple[int, ...], verb: str) -> None:
        a, _, old = arm[i]
        unit = force.unit(cs, members)
        arm[i] = (a, unit.seat, force.strongest_first(members))
        who = " + ".join(cs.name[p] for p in unit.members)
        was = (f" from {seat_label(force.side_of[old[0]])}"
               if old is not None and force.side_of[old[0]] != unit.seat else "")
        lines.append(f"{who} of {seat_label(unit.seat)} {verb} {cs.name[a]}{was}")

    while True:
        state = tuple(arm)
        idle = [i for i, (_, _, lead) in enumerate(arm) if lead is None]
        spare = spare_commanders(force, state)
        if idle and spare:
            _, c, i = max(
                ((cs.flag[c] == cs.flag[arm[i][0]], force.mil[c], cs.strength[arm[i][0]], -i, -c),
                 c, i)
                for c in spare for i in idle
            )
            for j, (a, place, lead) in enumerate(arm):  # a surplus commander leaves his army
                if lead is not None and c in lead:
                    arm[j] = (a, place, tuple(p for p in lead if p != c))
            give(i, (c,), "takes command of")
            continue
        busy = assigned(state)
        groups: dict[tuple[int, int], list[int]] = {}
        for p in sorted(force.mil):
            if p not in busy:
                groups.setdefault((force.side_of[p], cs.flag[p]), []).append(p)
        free = sorted((force.unit(cs, tuple(ms)) for ms in groups.values()),
                      key=lambda u: (-u.strength, u.seat, u.flag))
        moved = False
        for unit in free:
            best = None
            for i, (a, _, lead) in enumerate(arm):
                if lead is None or not suitability(cs, unit, a) > suitability(
                        cs, force.unit(cs, lead), a):
                    continue
                pref = (cs.flag[a] == unit.flag, cs.strength[a], -i)
                if best is None or pref > best[0]:
                    best = (pref, i)
            if best is not None:
                give(best[1], unit.members, "takes over")
                moved = True
                break
        if moved:
            continue
        for unit in free:
            mine = [i for i, (a, _, lead) in enumerate(arm) if lead is not None
                    and force.side_of[lead[0]] == unit.seat and cs.flag[lead[0]] == unit.flag]
            if mine:
                i = max(mine, key=lambda i: (cs.strength[arm[i][0]], -i))
                lead = arm[i][2]
                assert lead is not None
                give(i, lead + unit.members, "now lead")
                moved = True
                break
        if not moved:
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
            (*lines, f"{PARTIES[q]} is strongest; {seat_label(w)} holds most of it and credits {totals[q]}"),
        )
    credits = tuple((s, q, own[s][q]) for q in strongest for s in holders[q])
    why = "parties tie" if len(strongest) > 1 else "no single majority holder"
    return Result("political", -1, credits, (*lines, f"Patt ({why})"))


def _strongest_army_seats(led: list[tuple[int, int, int, int, bool]], party: int) -> list[int]:
    """The seats holding the strongest single army of ``party``."""
    best_at: dict[int, int] = {}
    for _, seat, q, pts, _ in led:
        if q == party:
            best_at[seat] = max(best_at.get(seat, pts), pts)
    return _holders(best_at)


def decide_military(
    cs: CardSet, persons: Persons, zusatz: Zusatz, armies: tuple[Army, ...]
) -> Result:
    """Armies with commanders decide ("Auswertung ... mit Armeekarte"): army + commander points,
    added up by the commanders' party. "Liegen Armeen unterschiedlicher Parteien aus, erhält der
    Spieler der stärkeren Partei die Punkte. Verteilt sich die siegreiche Partei auf Armeen bei
    verschiedenen Spielern, erhält der Spieler mit der stärkeren Armee die Punkte beider Armeen":
    the player with the single strongest army of the strongest party credits all of it, halved
    and rounded down. If the strongest is reactionary, every Rot card on the table is subtracted
    first (not from armies under a Bundesfahne commander); the result may be negative ("Es kann
    auch negativ enden"). Two strongest parties equal, or its strongest armies equal at different
    players: Patt, and each player in it credits his own armies' points, halved."""
    force = forces(cs, persons, zusatz)
    n = len(persons)
    led = []
    for a, _, lead in armies:
        if lead is None:
            continue
        u = force.unit(cs, lead)
        led.append((a, u.seat, u.party, cs.strength[a] + u.strength, u.flag == FLAGS.index("Bund")))
    own = [[0] * len(PARTIES) for _ in range(n)]
    lines = []
    for a, seat, party, pts, _ in led:
        own[seat][party] += pts
        lines.append(f"{cs.name[a]} at {seat_label(seat)}: {pts} military points for {PARTIES[party]}")
    totals = [sum(own[s][q] for s in range(n)) for q in range(len(PARTIES))]
    best = max(totals)
    strongest = [q for q in range(len(PARTIES)) if totals[q] == best and best > 0]
    tops = {q: _strongest_army_seats(led, q) for q in strongest}
    if len(strongest) != 1 or len(tops[strongest[0]]) != 1:
        credits = tuple((s, q, own[s][q] // 2) for q in strongest for s in tops[q])
        return Result("military", -1, credits, (*lines, "military Patt"))
    q, w = strongest[0], tops[strongest[0]][0]
    total = totals[q]
    if q == cs.reactionary:
        rot = sum(cs.rot[c] for c, _, _, _ in zusatz)
        exposed = any(party == q and not bund for _, _, party, _, bund in led)
        if rot and exposed:
            total -= rot
            lines.append(f"Rot cards on the table subtract {rot}")
    points = total // 2
    lines.append(f"{PARTIES[q]} is strongest; {seat_label(w)} holds its strongest army and "
                 f"credits {total} / 2 = {points}")
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
                lines.append(f"absolute majority of {PARTIES[q]}: {seat_label(s)} gets 5")
            return vp, lines
    for q in range(len(PARTIES)):
        if sums[q] <= 0:
            continue
        rank = sum(1 for r in range(len(PARTIES)) if sums[r] > sums[q])
        points = 4 - rank
        for s in _holders({s: tally[s][q] for s in range(n)}):
            vp[s] += points
            lines.append(f"{PARTIES[q]} (rank {rank + 1}): {seat_label(s)} gets {points}")
    return vp, lines


def winners(vp: list[int], won: list[int]) -> list[int]:
    """Most victory points; ties broken by Ablaufkarten won (specs/1848.md); still tied: shared."""
    best = max(zip(vp, won))
    return [s for s in range(len(vp)) if (vp[s], won[s]) == best]
