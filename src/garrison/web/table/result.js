// The end of a hand and of the game: the verdict for this page's seat, winners, scores, the
// game's breakdown, and the rematch every seated player answers (bots at once); the server
// tells every page how the offer stands, and when all accepted, where the new table is.
import { el, fill, seatName, toast } from "../util.js";
import { isOpen, sendOn } from "./socket.js";
import { seated } from "./store.js";

function breakdownNode(t, b) {
  return el("div", { class: "breakdown scroll" }, el("h3", { text: b.title }),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "" }), b.columns.map(c => el("th", { text: c })))),
      el("tbody", {}, b.rows.map(r => el("tr", {}, el("th", { text: typeof r[0] === "number" ? seatName(t, r[0]) : r[0] }), r.slice(1).map((c, i) => el("td", { text: String(c), "data-label": b.columns[i] })))))),
    b.notes && b.notes.length ? el("ul", {}, b.notes.map(n => el("li", { text: n }))) : null);
}

function rematch(T, accept) {
  if (!isOpen(T.socket)) { toast("Not connected; try again in a moment."); return; }
  sendOn(T.socket, { type: "rematch", accept });
}

export function drawResult(T, v) {
  const { result, resultPanel, offerBox } = T.nodes;
  const t = v.table;
  const over = t.status === "finished";
  const ui = v.ui || {};
  resultPanel.hidden = !over && !ui.hand_end;
  if (!over) {
    result.textContent = "";
    if (ui.hand_end) fill(resultPanel, el("h2", { text: "End of the hand" }), breakdownNode(t, ui.hand_end));
    return;
  }
  const res = ui.result;
  const returns = v.returns || [];
  const winners = res ? res.winners : returns.map((r, i) => [r, i]).filter(([r]) => r === Math.max(...returns)).map(([, i]) => i);
  const everyone = winners.length === t.seats.length;
  let verdict = "The game is over";
  if (seated(v)) verdict = everyone ? "Draw" : winners.includes(v.seat) ? (winners.length > 1 ? "You won (shared)" : "You won") : "You lost";
  else if (everyone) verdict = "Draw";
  const names = winners.map(s => seatName(t, s)).join(" and ");
  const scores = res ? res.scores : returns.map(r => `${r > 0 ? "+" : ""}${+r.toFixed(3)}`);
  const ended = v.ended ? (v.ended.how === "draw" ? "A draw was agreed." : `${seatName(t, v.ended.by)} resigned.`) : null;
  result.textContent = ended ? `${verdict}. ${ended}` : `${verdict}.`;
  fill(resultPanel, el("h2", { text: "Result" }), el("p", { class: "verdict", text: verdict }),
    el("p", { text: everyone ? "Nobody came out ahead." : `Winner${winners.length > 1 ? "s" : ""}: ${names}` }),
    ended || (res && res.reason) || ui.reason ? el("p", { class: "reason", id: "reason", text: ended || (res && res.reason) || ui.reason }) : null,
    el("ul", { class: "scores" }, scores.map((sc, i) => el("li", { text: `${seatName(t, i)}: ${sc}` }))),
    ui.hand_end ? breakdownNode(t, ui.hand_end) : null,
    el("p", {}, seated(v) ? el("button", { class: "primary", id: "rematch", onclick: () => rematch(T, true), text: "Rematch" }) : null, " ",
      el("a", { href: `#/replay/${t.id}` + (seated(v) ? `/${v.seat}` : ""), id: "replay-link", text: "Watch replay" }), " · ",
      el("a", { href: `/api/tables/${t.id}/record`, download: `garrison-${t.game}-${t.id}.json`, id: "record-link", text: "Download record" })),
    offerBox);
}

export function drawOffer(T) {
  const v = T.last, offer = T.offer, box = T.nodes.offerBox;
  if (!offer || !v) { fill(box); return; }
  const t = v.table;
  if (offer.state === "ready") {
    fill(box, el("p", { text: "Everyone accepted: to the new table…" }));
    location.hash = `#/table/${offer.table}`;
    return;
  }
  if (offer.state === "declined") {
    fill(box, el("p", { id: "rematch-state", text: `${seatName(t, offer.by)} declined the rematch.` }));
    return;
  }
  const waiting = offer.waiting.map(s => seatName(t, s)).join(", ");
  fill(box, el("p", { id: "rematch-state", text: `${seatName(t, offer.by)} offers a rematch (seats move one place on). Waiting for: ${waiting}.` }),
    seated(v) && offer.waiting.includes(v.seat) ? el("p", {},
      el("button", { class: "primary", id: "rematch-accept", onclick: () => rematch(T, true), text: "Accept rematch" }), " ",
      el("button", { id: "rematch-decline", onclick: () => rematch(T, false), text: "Decline" })) : null);
  const b = document.getElementById("rematch");
  if (b) b.hidden = true;
}
