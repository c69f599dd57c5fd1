// The seats: a plaque per seat around the table (name, bot or person, to move, cards in hand,
// the game's stats, the clock, the last move), the list of seats beside it, and who is here.
import { botWords, el, fill, join, seatLabel, seatName } from "../util.js";
import { lastLineOf, logName, seatOrder, seated } from "./store.js";

function plaque(v, s, lastLine) {
  const t = v.table, seat = t.seats[s];
  const info = (v.ui && v.ui.seats && v.ui.seats[s]) || {};
  const tomove = v.to_move === s && t.status === "playing";
  const kind = seat.kind === "bot" ? "bot" : seat.name ? "person" : "open seat";
  return el("div", { class: "plaque" + (tomove ? " tomove" : "") + (v.seat === s ? " me" : ""), "data-seat": s, role: "group", "aria-label": seatName(t, s) },
    el("div", { class: "pname" }, el("b", { text: seat.away ? `${seatLabel(s)} · ${seat.name}` : seatName(t, s).replace(/ · bot.*/, "") }), " ",
      el("span", { class: `kind ${kind.replace(" ", "-")}`, title: seat.kind === "bot" || seat.away ? `engine: ${seat.bot}` : null,
        text: seat.away ? "away — bot playing" : seat.kind === "bot" ? botWords(t, seat.bot) : v.seat === s ? "you" : kind }),
      tomove ? el("span", { class: "turn", text: "to move" }) : null),
    info.team ? el("div", { class: "team", text: info.team }) : null,
    info.hand !== undefined && info.hand !== null ? el("div", { class: "hand-count", text: `${info.hand} card${info.hand === 1 ? "" : "s"} in hand` }) : null,
    info.stats ? el("div", { class: "stats", text: info.stats }) : null,
    el("div", { class: "clock", "data-clock": s, hidden: true }),
    // the game's own words for the seat's last move, else its latest line of the log
    info.last ? el("div", { class: "lastmove", text: "Last: " + info.last })
      : lastLine ? el("div", { class: "lastmove", text: "Last: " + lastLine.slice(logName(v, s).length + 1) }) : null);
}

export function drawRing(T, v) {
  const n = v.table.seats.length;
  const mine = seated(v);
  const order = seatOrder(n, mine ? v.seat : null);
  const lines = order.map(s => lastLineOf(T.logKept, logName(v, s)));
  fill(T.nodes.others, ...order.map((s, i) => (mine && s === v.seat) ? null : plaque(v, s, lines[i])).filter(Boolean));
  fill(T.nodes.myPlaque, ...(mine ? [plaque(v, v.seat, lines[0])] : []));
}

export function drawSeatList(T, v) {
  const t = v.table, here = T.here;
  const mine = seated(v);
  fill(T.nodes.seats, ...t.seats.map(s => {
    const row = el("div", { class: "seat" + (v.to_move === s.seat ? " tomove" : "") + (v.seat === s.seat ? " mine" : ""), "data-seat": s.seat }, seatName(t, s.seat));
    // the seat's side as its plaque says it (Scopa's teams, Solo 66's soloist): one who comes by
    // the invite sees whose partner an open seat is
    const info = (v.ui && v.ui.seats && v.ui.seats[s.seat]) || {};
    if (info.team) row.append(" ", el("span", { class: "team muted", text: `(${info.team})` }));
    if (here && s.kind === "human" && s.name) row.append(" ", el("span", { class: here.seats.includes(s.seat) ? "here" : "gone", text: here.seats.includes(s.seat) ? "● here" : "○ not here" }));
    if (t.status === "waiting" && !s.taken && !mine) row.append(" ", el("button", { class: "join", onclick: () => join(t.id, s.seat), text: "sit here" }));
    return row;
  }));
}

export function drawPresence(T) {
  const here = T.here, watchers = T.nodes.watchers;
  if (!here) { watchers.textContent = ""; return; }
  const names = here.watchers.slice();
  if (here.anonymous) names.push(`${here.anonymous} anonymous spectator${here.anonymous === 1 ? "" : "s"}`);
  watchers.textContent = names.length ? `Watching: ${names.join(", ")}` : "Nobody else is watching.";
}
