// One card component for every game. A face is drawn from what the game's widgets.py says:
// `rank` and `suit` (the corner index), `pip` (the big mark in the middle, else the suit),
// `name` (the card in words), and for text cards (`wide`: 1848) a coloured `band`, a big `value`
// with its `unit`, the `caption` title, a second title `sub` and the `text` of its effect.
// The full description (`title`) shows on hover, and on a long press (touch) in the toast.
import { el, seatLabel, svg, toast } from "./util.js";

// Scopa's Italian suits, drawn here (our own marks in a 24 × 24 box, no artwork fetched): a coin,
// a cup, a baton, a sword.
const ITALIAN_MARKS = {
  coins: () => [svg("circle", { cx: 12, cy: 12, r: 9, fill: "#d9a521", stroke: "#7a5a00", "stroke-width": 1.5 }),
    svg("circle", { cx: 12, cy: 12, r: 5, fill: "none", stroke: "#7a5a00", "stroke-width": 1.2 }),
    svg("circle", { cx: 12, cy: 12, r: 1.6, fill: "#7a5a00" })],
  cups: () => [svg("path", { d: "M5 4 H19 C19 10 16 13 12 13 C8 13 5 10 5 4 Z", fill: "#c0182a", stroke: "#6d0d17", "stroke-width": 1.2 }),
    svg("path", { d: "M11 13 H13 V18 H11 Z", fill: "#c0182a" }),
    svg("path", { d: "M7 21 C7 18.5 17 18.5 17 21 Z", fill: "#c0182a", stroke: "#6d0d17", "stroke-width": 1 })],
  batons: () => [svg("path", { d: "M6 20 L16 4 C17.5 2.8 20 4.2 19.2 6 L9.2 21.6 C8.2 23 5.2 22 6 20 Z", fill: "#3f7d2c", stroke: "#1f4216", "stroke-width": 1.2 }),
    svg("circle", { cx: 12, cy: 11, r: 1.3, fill: "#1f4216" }), svg("circle", { cx: 15, cy: 6.5, r: 1.1, fill: "#1f4216" })],
  swords: () => [svg("path", { d: "M11 2 H13 V15 H11 Z", fill: "#9fb4cf", stroke: "#1f3f73", "stroke-width": 1 }),
    svg("path", { d: "M6 15 H18 V17 H6 Z", fill: "#1f4fa8" }),
    svg("path", { d: "M11 17 H13 V21 H11 Z", fill: "#1f4fa8" }), svg("circle", { cx: 12, cy: 22, r: 1.4, fill: "#1f4fa8" })],
};
function italianMark(key, cls) {
  return svg("svg", { viewBox: "0 0 24 24", class: `imark ${cls}`, "aria-hidden": "true", focusable: "false" }, ITALIAN_MARKS[key]());
}

// Italian faces unless the player chose French ones (kept in this browser).
const FACES_KEY = "garrison.faces";
export function faceChoice() { return localStorage.getItem(FACES_KEY) === "french" ? "french" : "italian"; }
export function setFaceChoice(choice) { localStorage.setItem(FACES_KEY, choice === "french" ? "french" : "italian"); }
function shownFace(card) {
  if (!card.french || faceChoice() !== "french") return card;
  return { ...card, ...card.french, italian: null, label: card.french.name, name: card.french.name };
}

function corner(card, where) {
  return el("span", { class: `corner ${where}`, "aria-hidden": "true" },
    el("span", { class: "rank", text: card.rank }),
    card.italian ? el("span", { class: "suit" }, italianMark(card.italian, "small")) : el("span", { class: "suit", text: card.suit || "" }));
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
    card.italian ? el("span", { class: "pip", "aria-hidden": "true" }, italianMark(card.italian, "big"))
      : el("span", { class: "pip", "aria-hidden": "true", text: card.pip || card.suit || card.rank }),
    card.name ? el("span", { class: "cname", text: card.name }) : null,
    corner(card, "br"),
  ];
}

// A card; clickable when legal actions name it (`descs`), then `onPick(node, descs)`.
export function cardNode(shown, descs, onPick) {
  const card = shownFace(shown);
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

// The words a game uses for its cards, once: [mark, meaning] pairs. Every view draws the felt
// anew; the legend keeps the state the player left it in.
let legendOpen = false;
export function legendNode(legend) {
  if (!legend || !legend.length) return null;
  // the click says the wish at once (a view may come before the toggle event)
  const summary = el("summary", { text: "What the cards mean", onclick: () => { legendOpen = !box.open; } });
  const box = el("details", { class: "legend", id: "legend", open: legendOpen }, summary,
    el("dl", {}, legend.flatMap(([mark, meaning]) => [el("dt", { text: mark }), el("dd", { text: meaning })])));
  box.addEventListener("toggle", () => { if (box.isConnected) legendOpen = box.open; });
  return box;
}
