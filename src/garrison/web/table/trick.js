// The last trick beside the table: its cards with who played them and who took it (or, in
// 1848, the round's decision in words). A trick just completed stays on the table, whole, for
// a moment (HOLD_MS), with who took it; then the table clears (the cards fly to the winner,
// unless the player asked for less motion).
import { el, fill, reducedMotion, seatLabel, seatName } from "../util.js";
import { cardNode } from "../cards.js";

const HOLD_MS = 1500;

export function pointsText(lt) {
  const p = lt.points;
  return p === undefined || p === null ? "" : ` (${p > 0 ? "+" : p < 0 ? "−" : "±"}${Math.abs(p)})`;
}

export function takenText(v, lt) {
  if (lt.winner === undefined || lt.winner === null) return "";
  return `${v.seat === lt.winner ? "You take" : `${seatLabel(lt.winner)} takes`} the trick${pointsText(lt)}`;
}

export function drawLastTrick(T, v) {
  const box = T.nodes.lastTrick;
  const lt = v.ui && v.ui.last_trick;
  box.hidden = !lt;
  if (!lt) { fill(box); return; }
  const title = lt.title || "Last trick";
  box.setAttribute("aria-label", "Last trick");
  const cards = (lt.cards || []).map(c => cardNode({ ...c, byName: seatLabel(c.by) }, null, () => {}));
  fill(box, el("h2", { text: title }),
    cards.length ? el("div", { class: "cards" }, cards) : null,
    lt.lines ? el("ul", { class: "lines" }, lt.lines.map(x => el("li", { text: x }))) : null,
    lt.winner !== undefined && lt.winner !== null
      ? el("p", { class: "winner", text: `Won by ${seatName(v.table, lt.winner)}${pointsText(lt)}` }) : null);
}

function trickKey(lt) { return lt && lt.cards ? JSON.stringify([lt.cards.map(c => c.key), lt.winner]) : null; }

// The trick completed between two views (null if none); with less motion asked for, the table
// clears at once and the line above it says who took the trick.
export function completedTrick(prev, v) {
  const now = v.ui && v.ui.last_trick, was = prev && prev.ui && prev.ui.last_trick;
  if (!now || !now.cards || !prev || prev.table.id !== v.table.id || trickKey(now) === trickKey(was)) return null;
  return now;
}

// Hold `trick` on the table; `redraw()` when the hold ends.
export function holdTrick(T, trick, redraw) {
  if (!trick || reducedMotion()) return;
  if (T.held && T.held.timer) clearTimeout(T.held.timer);
  T.held = { trick, until: performance.now() + HOLD_MS };
  T.held.timer = setTimeout(() => { T.held = null; redraw(); }, HOLD_MS);
}

export function showHeld(T, v) {
  const held = T.held;
  if (!held || performance.now() >= held.until) return;
  const zone = T.nodes.play.querySelector('.zone[data-zone="trick"]');
  if (!zone) return;
  const cards = held.trick.cards.map(c => cardNode(c, null, () => {}));
  const box = zone.querySelector(".cards");
  if (box) fill(box, cards);
  zone.classList.add("held");
  zone.append(el("p", { class: "taken", id: "taken", text: takenText(v, held.trick) }));
}
