// One card component for every game. A face is drawn from what the game's widgets.py says:
// `rank` and `suit` (the corner index), `pip` (the big mark in the middle, else the suit),
// `name` (the card in words), and for text cards (`wide`: 1848) a coloured `band`, a big `value`
// with its `unit`, the `caption` title, a second title `sub` and the `text` of its effect.
// The full description (`title`) shows on hover, and on a long press (touch) in the toast.
import { el, seatLabel, toast } from "./util.js";

function corner(card, where) {
  return el("span", { class: `corner ${where}`, "aria-hidden": "true" },
    el("span", { class: "rank", text: card.rank }), el("span", { class: "suit", text: card.suit || "" }));
}

function face(card) {
  if (card.wide) {
    return [
      card.band ? el("span", { class: "band", text: card.band }) : null,
      el("span", { class: "cname", text: card.name || card.caption || card.rank }),
      card.sub ? el("span", { class: "sub", text: card.sub }) : null,
      card.value !== undefined && card.value !== null
        ? el("span", { class: "value" }, el("b", { text: String(card.value) }), card.unit ? ` ${card.unit}` : "") : null,
      card.text ? el("span", { class: "effect", text: card.text }) : null,
    ];
  }
  return [
    corner(card, "tl"),
    el("span", { class: "pip", "aria-hidden": "true", text: card.pip || card.suit || card.rank }),
    card.name ? el("span", { class: "cname", text: card.name }) : null,
    corner(card, "br"),
  ];
}

// A card; clickable when legal actions name it (`descs`), then `onPick(node, descs)`.
export function cardNode(card, descs, onPick) {
  const playable = !!descs && descs.length > 0;
  const cls = ["card", card.color || "black", card.wide ? "wide" : "", card.kind ? `k-${card.kind}` : "",
    playable ? "playable" : "", card.selected ? "selected" : "", card.last ? "last" : ""].filter(Boolean).join(" ");
  const node = el(playable ? "button" : "div", {
    class: cls, title: card.title, "data-key": card.key,
    // the card's name, the same in every game ("Pistols 8", "Robert Blum"); what a click does
    // is the hint's and the chooser's to say
    "aria-label": card.label || card.name || card.title,
    "data-ids": playable ? descs.map(d => d.id).join(" ") : null,
    role: playable ? null : "img",
  }, face(card));
  if (playable) node.onclick = () => onPick(node, descs);
  // a long press on a phone: the whole text of the card
  node.addEventListener("contextmenu", ev => { if (card.title) { ev.preventDefault(); toast(card.title); } });
  if (card.by === undefined || card.by === null) return node;
  return el("div", { class: "played", "data-by": card.by }, node,
    el("span", { class: "by", text: card.byName || seatLabel(card.by) }));
}

// The words a game uses for its cards, once: [mark, meaning] pairs.
export function legendNode(legend) {
  if (!legend || !legend.length) return null;
  return el("details", { class: "legend", id: "legend" }, el("summary", { text: "What the cards mean" }),
    el("dl", {}, legend.flatMap(([mark, meaning]) => [el("dt", { text: mark }), el("dd", { text: meaning })])));
}
