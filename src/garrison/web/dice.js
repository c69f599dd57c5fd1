// Dice drawn with pips; a free die a legal action names is a button.
import { el } from "./util.js";

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

export function dieNode(die, desc, send) {
  const pips = new Set(PIPS[die.face] || []);
  const cells = Array.from({ length: 9 }, (_, i) => el("span", { class: pips.has(i + 1) ? "pip" : "" }));
  const free = !!desc && !die.used;
  const node = el(free ? "button" : "div", {
    class: "die" + (die.used ? " used" : "") + (free ? " playable" : "") + (die.last ? " last" : ""),
    title: `${die.face}`, "aria-label": free ? desc.text : `die showing ${die.face}`,
    "data-face": die.face, "data-ids": free ? String(desc.id) : null, role: free ? null : "img",
  }, cells);
  if (free) node.onclick = () => send(desc.id);
  return node;
}
