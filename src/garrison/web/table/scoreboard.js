// The scoreboard under the table: a row per seat with the game's columns (its `scoreboard`) and
// notes.
import { el, fill, seatName } from "../util.js";

export function drawBoard(T, v) {
  const t = v.table, sb = v.ui && v.ui.scoreboard;
  const rows = t.seats.map(s => {
    const cells = sb ? (sb.rows.find(r => r.seat === s.seat) || { cells: [] }).cells : [];
    const name = seatName(t, s.seat) + (v.seat === s.seat ? " (you)" : "");
    return el("tr", { class: (v.to_move === s.seat ? "tomove" : "") + (v.seat === s.seat ? " mine" : ""), "data-seat": s.seat },
      el("td", { text: name }), cells.map((c, i) => el("td", { text: String(c), "data-label": (sb.columns[i] || "Status") })));
  });
  const head = el("tr", {}, el("th", { text: "Player" }), (sb ? sb.columns : []).map(c => el("th", { text: c || "Status" })));
  fill(T.nodes.board, el("h2", { text: "Scoreboard" }), el("div", { class: "scroll" }, el("table", {}, el("thead", {}, head), el("tbody", {}, rows))),
    sb && sb.notes.length ? el("ul", { class: "notes" }, sb.notes.map(n => el("li", { text: n }))) : null);
}

// The way the game is played, from the table's options (the game's help) or its summary.
export function drawHelp(T, v, info) {
  const paras = v.ui && v.ui.help && v.ui.help.length ? v.ui.help
    : info && info.how_to_play && info.how_to_play.length ? info.how_to_play : [info ? info.summary : ""];
  fill(T.nodes.howto, el("h2", { text: `How to play ${v.table.title}` }), ...paras.map(p => el("p", { text: p })));
}
