"""Text view of 1848 for a person at the terminal (built from an observation and the card list)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core.seats import seat_label

from .carddata import N_PERSON, PARTIES, CardSet
from .words import card_name, flag_word, party, pushed_lines, round_card

if TYPE_CHECKING:
    from .state import Revolution1848State


def _value(cs: CardSet, p: int, now: int) -> str:
    star = "*" if "value" in cs.recon[p] else ""
    base = cs.value[p]
    return f"{now}{star}" if now == base else f"{now} (printed {base}{star})"


def _person(cs: CardSet, p: int, now: int, mil: dict[str, Any]) -> str:
    text = f"{cs.name[p]} ({party(cs.party[p], many=False)}) {_value(cs, p, now)} votes"
    if cs.flag[p] >= 0:
        star = "*" if "military" in cs.recon[p] else ""
        now = mil.get(str(p), cs.strength[p])
        extra = f"; with its unit now {now}" if now != cs.strength[p] else ""
        text += f" [{flag_word(cs.flag[p])} commander, strength {cs.strength[p]}{star}{extra}]"
    return text


def _who(flt: Any) -> str:
    who = ""
    if flt.parties is not None:
        who = "/".join(party(q, many=False) for q in sorted(flt.parties)) + " "
    if flt.flags is not None:
        who += "/".join(flag_word(f) for f in sorted(flt.flags)) + " "
    return who


def _zusatz_text(cs: CardSet, c: int) -> str:
    """What a Zusatzkarte does, from its effect data."""
    eff = cs.effect[c]
    parts = []
    if eff.target == "person":
        kind = "commander or person" if eff.filter.commanders == "include" else "person"
        if eff.filter.commanders == "only":
            kind = "commander"
        goal = f"one {_who(eff.filter)}{kind}"
    for op in eff.ops:
        if op.op == "remove":
            parts.append(f"{goal} leaves the game")
            continue
        what = " military" if op.stat == "military" else ""
        if eff.target == "person":
            scope = goal
        elif op.per == "unit":
            scope = f"the {_who(op.filter)}commanders of a side"
        else:
            scope = f"every {_who(op.filter)}person of a side"
        parts.append(f"{op.amount:+d}{what} to {scope}")
    if cs.rot[c]:
        parts.append(f"red mark {cs.rot[c]}")
    parts.append("any side (train)" if cs.train[c] else "own side")
    star = "*" if "effect" in cs.recon[c] else ""
    return "; ".join(parts) + star


def card_line(cs: CardSet, c: int) -> str:
    """One hand card with what it does."""
    if c < N_PERSON:
        return _person(cs, c, cs.value[c], {})
    if cs.kind[c] == "army":
        star = "*" if "military" in cs.recon[c] else ""
        return f"{card_name(cs, c)}: army of the {flag_word(cs.flag[c])} flag, strength {cs.strength[c]}{star}"
    return f"{card_name(cs, c)}: {_zusatz_text(cs, c)}"


def render(obs: dict[str, Any], cs: CardSet) -> str:
    n = obs["players"]
    me = obs["seat"]
    out = []
    ab = obs["ablauf"]
    out.append(f"1848 ({obs['rules']} rules, {n} players) - round {obs['round']}")
    if ab["current"] >= 0:
        star = "*" if cs.ablauf_recon[ab["current"]] else ""
        card = f"Round card: {round_card(cs, ab['current'])}{star}"
        if ab["patt_count"]:
            card += f" (after {ab['patt_count']} tie{'s' if ab['patt_count'] > 1 else ''})"
        out.append(card)
    goal = f"; first to {ab['to_win']} round cards ends the game" if ab["to_win"] else ""
    out.append(f"Round cards left: {ab['left']}{goal}")
    out.append("")
    # Two heading lines keep a row, "passed" included, inside an 80-column terminal.
    out.append(f"{'':<10} {'round':>6}  {'in hand':^14}   {'tally':^15}")
    out.append(f"{'player':<10} {'cards':>6}  {'persons':>7} {'events':>6}   Rep Dem Lib Rea")
    for s in range(n):
        name = seat_label(s) + (" (you)" if s == me else "")
        flag = "  passed" if obs["passed"][s] else ""
        hp, hz = obs["hand_counts"][s]
        t = obs["tally"][s]
        out.append(
            f"{name:<10} {len(obs['won'][s]):>6}  {hp:>7} {hz:>6}   "
            f"{t[0]:>3} {t[1]:>3} {t[2]:>3} {t[3]:>3}{flag}"
        )
    out.append("")
    out.append("Table (values include all modifiers):")
    for s in range(n):
        side = obs["table"][s]
        lines = [f"  {seat_label(s)}:"]
        for p in side["persons"]:
            lines.append("    " + _person(cs, p["card"], p["value"], obs["military"]))
        for z in side["zusatz"]:
            on = card_name(cs, z["on"]) if z["target"] == "person" else "the whole side"
            lines.append(f"    + {card_name(cs, z['card'])} on {on} (by {seat_label(z['by'])})")
        for a in obs["armies"]:
            if a["place"] != s:
                continue
            lead = a["leader"]
            if lead is None:
                lines.append(f"    army {card_name(cs, a['card'])} ({cs.strength[a['card']]}), no commander")
            else:
                names = " + ".join(cs.name[p] for p in lead["commanders"])
                lines.append(
                    f"    army {card_name(cs, a['card'])} ({cs.strength[a['card']]}) led by {names} "
                    f"({flag_word(lead['flag'])} {lead['strength']}) = {a['points']} for the {party(PARTIES.index(lead['party']))}"
                )
        if len(lines) == 1:
            lines[0] += " -"
        out.extend(lines)
    totals = obs["party_totals"]
    out.append("  party totals now: " + ", ".join(f"{party(q)} {totals[q]}" for q in range(4))
               + (f"; red marks on the table {obs['rot_on_table']}" if obs["rot_on_table"] else ""))
    out.append("")
    if obs["hand"] is not None:
        out.append("Your hand:")
        for c in obs["hand"]:
            out.append("  " + card_line(cs, c))
        out += [f"  ({line})" for line in pushed_lines(cs, obs)]
        out.append("")
    if obs["pending"] >= 0 and obs["to_move"] != me:  # the mover is asked in the last line
        out.append(f"{seat_label(obs['to_move'])} is choosing where {card_name(cs, obs['pending'])} goes.")
    if obs["assign"]:
        choices = ", ".join(seat_label(s) for s in obs["assign"]["choices"])
        out.append(f"{card_name(cs, obs['assign']['army'])}: equally strong commanders at {choices}; "
                   "the player of the army chooses.")
    if obs["vp"] is not None:
        out.append("Final: " + ", ".join(f"{seat_label(s)} {v} VP" for s, v in enumerate(obs["vp"]))
                   + "; winner " + " and ".join(seat_label(s) for s in obs["winners"]))
    out.append("Recent events:")
    out.extend("  " + line for line in obs["log"][-12:])
    out.append("")
    out.append(obs["note"])
    out.append(_prompt(obs, cs))
    return "\n".join(out)


def _prompt(obs: dict[str, Any], cs: CardSet) -> str:
    """What the seat to move is asked, last, where the other games' text views ask it."""
    me, mover, phase = obs["seat"], obs["to_move"], obs["phase"]
    if phase == "over":
        return "The game is over."
    if mover is None or mover < 0:
        return "The cards are being dealt."
    if mover != me:
        return f"Waiting for {seat_label(mover)}."
    if phase == "draw":
        return "Your move: draw from a pile, 'draw person card' or 'draw event card'."
    if phase == "target":
        event = obs["pending"]
        where = ("on a person, 'on' and the person's name" if cs.effect[event].target == "person"
                 else "on a side, 'on side P1' and so on")
        return f"Your move: put {card_name(cs, event)} {where}."
    if phase == "assign":
        return (f"Your move: give {card_name(cs, obs['assign']['army'])} to one of the equally "
                "strong commanders, 'army to P1' and so on.")
    return ("Your move: 'play' or 'push' a hand card by its name, or 'pass'. To push is to put a "
            "card face down under its draw pile: you stay in the round without laying one.")


def render_full(state: Revolution1848State) -> str:
    """Everything, hidden cards included (for tests and debugging)."""
    cs = state.cs
    lines = [render(state.observation(None), cs), "", "Hidden:"]
    for s in range(state.n):
        lines.append(f"  {seat_label(s)} hand: " + ", ".join(card_name(cs, c) for c in range(len(cs.cid))
                                                     if (state.hands[s] >> c) & 1))
    lines.append(f"  draw queue: {state.draws}")
    return "\n".join(lines)
