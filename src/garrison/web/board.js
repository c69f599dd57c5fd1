// The board (Stratego): a grid of squares. Own pieces with moves are clicked first, then a
// target square. The last move of each side is marked on its two squares, a fight is shown
// beside the board with both pieces and the outcome, and a moved piece glides along its path.
// During setup the page keeps the player's own arrangement (a tray of pieces, drag or click to
// place, swap, undo, random fill, ready-made and saved layouts) and sends it as the game's own
// setup actions when the player is ready.
import { el, reducedMotion, toast } from "./util.js";

function squareName(zone, r, c) { return `${zone.files ? zone.files[c] : c}${r + 1}`; }

export function boardNode(zone, descs, send, opts = {}) {
  const { rows, cols, flip } = zone;
  const marks = new Map();   // "r,c" -> side whose last move touched it
  for (const m of zone.moves || []) for (const rc of m.squares || []) marks.set(rc.join(), m.side);
  const lastMove = new Set((zone.last || []).map(rc => rc.join()));
  const moves = new Map();     // "r,c" of a piece -> [desc]
  const squares = new Map();   // "r,c" -> desc (placing a piece)
  for (const d of descs) {
    if (d.kind === "move") { const k = d.from.join(); if (!moves.has(k)) moves.set(k, []); moves.get(k).push(d); }
    if (d.kind === "square") squares.set(d.square.join(), d);
  }
  const design = opts.design || null;   // the setup designer, when the player arranges pieces
  const grid = el("div", { class: "board" + (design ? " designing" : ""), id: "board", style: `grid-template-columns: 1.4em repeat(${cols}, 1fr)` });
  const nodes = new Map();
  let selected = null;
  function clearMarks() { for (const n of nodes.values()) n.classList.remove("selected", "target"); }
  function pick(k) {
    const node = nodes.get(k);
    if (selected && node.dataset.to) {   // a target of the selected piece
      const d = moves.get(selected).find(m => m.to.join() === k);
      if (d) { send(d.id); return; }
    }
    clearMarks();
    for (const n of nodes.values()) delete n.dataset.to;
    if (selected === k || !moves.has(k)) { selected = null; return; }
    selected = k;
    node.classList.add("selected");
    for (const d of moves.get(k)) {
      const t = nodes.get(d.to.join());
      t.classList.add("target");
      t.dataset.to = "1";
      t.setAttribute("aria-label", d.text);
    }
  }
  const rowOrder = Array.from({ length: rows }, (_, i) => flip ? i : rows - 1 - i);
  const colOrder = Array.from({ length: cols }, (_, i) => flip ? cols - 1 - i : i);
  for (const r of rowOrder) {
    grid.append(el("span", { class: "coord", text: String(r + 1) }));
    for (const c of colOrder) {
      const k = `${r},${c}`;
      let cell = zone.cells[r * cols + c];
      const name = squareName(zone, r, c);
      const planned = design && design.at(k);
      if (planned && !cell) cell = { side: design.side, rank: planned, name: design.names[planned], mine: true, planned: true };
      let cls = "sq" + (lastMove.has(k) ? " last" : "") + (marks.has(k) ? ` lastby${marks.get(k)}` : "");
      let label = name;
      const inner = [];
      if (cell && cell.lake) { cls += " lake"; label += " lake"; }
      else if (cell) {
        cls += ` piece side${cell.side}` + (cell.mine ? " mine" : "") + (cell.moved ? " moved" : "") + (cell.known ? " known" : "") + (cell.planned ? " planned" : "");
        inner.push(el("span", { class: "prank", text: cell.rank ?? "?" }));
        if (cell.name) inner.push(el("span", { class: "pname", text: cell.name }));
        label += ` ${zone.sides ? zone.sides[cell.side] : "side " + cell.side} ${cell.name ?? (cell.moved ? "unknown, has moved" : "unknown")}`;
      }
      if (marks.has(k)) label += `, last move of ${zone.sides ? zone.sides[marks.get(k)] : "side " + marks.get(k)}`;
      const clickable = moves.has(k) || squares.has(k) || (!cell || !cell.lake);
      const node = el(clickable ? "button" : "div", { class: cls, "data-sq": name, "data-rc": k, title: label, "aria-label": label }, inner);
      if (design && design.inZone(k)) {
        node.classList.add("zone-sq");
        node.onclick = () => design.click(k);
        design.dropTarget(node, k);
      } else if (squares.has(k) && !design) {
        const d = squares.get(k);
        node.classList.add("target", "playable");
        node.setAttribute("aria-label", d.text);
        node.dataset.ids = String(d.id);
        node.onclick = () => send(d.id);
      } else if (clickable) {
        if (moves.has(k)) { node.classList.add("playable"); node.dataset.ids = moves.get(k).map(d => d.id).join(" "); }
        node.onclick = () => pick(k);
      }
      nodes.set(k, node);
      grid.append(node);
    }
  }
  grid.append(el("span"), ...colOrder.map(c => el("span", { class: "coord", text: zone.files ? zone.files[c] : String(c) })));
  const parts = [grid];
  if (zone.fight) parts.push(fightNode(zone.fight));
  return el("div", { class: "board-wrap" }, parts);
}

// A fight: both pieces side by side, revealed, and what came of it.
function fightNode(f) {
  const piece = (p, role) => el("div", { class: `fighter side${p.side}` },
    el("span", { class: "frole", text: role }), el("span", { class: "prank", text: p.rank }), el("span", { class: "pname", text: p.name }));
  return el("div", { class: "fight", id: "fight", role: "group", "aria-label": "Last fight" },
    el("div", { class: "fight-title", text: `Fight on ${f.square}` }),
    el("div", { class: "fighters" }, piece(f.attacker, "attacks"), el("span", { class: "vs", text: "vs" }), piece(f.defender, "defends")),
    el("div", { class: "outcome", text: f.outcome }));
}

// Glide the piece of a move from its old square to its new one (after the board was drawn).
export function animateMove(root, zone) {
  if (reducedMotion() || !zone.last || zone.last.length < 2) return;
  const [from, to] = zone.last;
  const a = root.querySelector(`[data-rc="${from.join()}"]`), b = root.querySelector(`[data-rc="${to.join()}"]`);
  if (!a || !b || !b.classList.contains("piece")) return;
  const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
  b.animate([{ transform: `translate(${ra.left - rb.left}px, ${ra.top - rb.top}px)` }, { transform: "none" }],
    { duration: 260, easing: "ease-out" });
}

// ---------------------------------------------------------------- the setup designer
const SAVED = "garrison.stratego.layouts";

function savedLayouts(army) {
  try { return (JSON.parse(localStorage.getItem(SAVED) || "{}")[army]) || []; } catch { return []; }
}
function saveLayouts(army, list) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(SAVED) || "{}"); } catch { all = {}; }
  all[army] = list;
  localStorage.setItem(SAVED, JSON.stringify(all));
}

// One designer per table and seat: the arrangement survives redraws (views of the other side
// setting up) until it is sent.
const designs = new Map();

export function designerFor(key, tray, redraw) {
  let d = designs.get(key);
  if (!d || d.signature !== JSON.stringify(tray.order)) { d = new Designer(tray, redraw); designs.set(key, d); }
  d.redraw = redraw;
  return d;
}

class Designer {
  constructor(tray, redraw) {
    this.tray = tray;
    this.signature = JSON.stringify(tray.order);
    this.side = tray.side;
    this.names = Object.fromEntries(tray.ranks.map(r => [r.rank, r.name]));
    this.zone = tray.zone.map(rc => rc.join());          // the zone's squares, back row first
    this.zoneSet = new Set(this.zone);
    this.cells = new Map();     // "r,c" -> rank code
    this.history = [];          // undo: earlier arrangements
    this.hand = null;           // a rank picked from the tray, or a square picked on the board
    this.redraw = redraw;
  }
  at(k) { return this.cells.get(k); }
  inZone(k) { return this.zoneSet.has(k); }
  left(rank) {
    const total = this.tray.order.filter(r => r === rank).length;
    return total - [...this.cells.values()].filter(r => r === rank).length;
  }
  complete() { return this.cells.size === this.tray.order.length; }
  remember() { this.history.push(new Map(this.cells)); if (this.history.length > 200) this.history.shift(); }
  undo() { if (this.history.length) { this.cells = this.history.pop(); this.hand = null; this.redraw(); } }
  put(rank, k) {
    if (!this.inZone(k) || this.left(rank) <= 0) return;
    this.remember();
    const there = this.cells.get(k);
    this.cells.set(k, rank);
    if (there && this.hand && this.hand.from) this.cells.set(this.hand.from, there);
  }
  click(k) {
    const hand = this.hand;
    if (hand && hand.rank && !hand.from) {            // a piece from the tray onto a square
      if (this.cells.has(k)) { this.remember(); this.cells.set(k, hand.rank); }
      else this.put(hand.rank, k);
      this.hand = this.left(hand.rank) > 0 ? hand : null;
    } else if (hand && hand.from) {                    // move or swap two squares
      if (hand.from !== k) {
        this.remember();
        const a = this.cells.get(hand.from), b = this.cells.get(k);
        this.cells.delete(hand.from); this.cells.delete(k);
        if (a) this.cells.set(k, a);
        if (b) this.cells.set(hand.from, b);
      }
      this.hand = null;
    } else if (this.cells.has(k)) this.hand = { from: k, rank: this.cells.get(k) };
    this.redraw();
  }
  dropTarget(node, k) {
    if (this.cells.has(k)) {
      node.draggable = true;
      node.addEventListener("dragstart", ev => { ev.dataTransfer.setData("text/plain", "sq:" + k); });
    }
    node.addEventListener("dragover", ev => ev.preventDefault());
    node.addEventListener("drop", ev => {
      ev.preventDefault();
      const what = ev.dataTransfer.getData("text/plain");
      if (what.startsWith("rank:")) { this.hand = { rank: what.slice(5) }; this.click(k); }
      else if (what.startsWith("sq:")) { this.hand = { from: what.slice(3), rank: this.cells.get(what.slice(3)) }; this.click(k); }
    });
  }
  randomFill() {
    this.remember();
    const free = this.zone.filter(k => !this.cells.has(k));
    const rest = this.tray.ranks.flatMap(r => Array(this.left(r.rank)).fill(r.rank));
    for (let i = free.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [free[i], free[j]] = [free[j], free[i]]; }
    rest.forEach((r, i) => this.cells.set(free[i], r));
    this.hand = null;
    this.redraw();
  }
  load(preview) {   // a layout in zone order (from the owner's chair)
    this.remember();
    this.cells = new Map();
    preview.forEach((r, i) => { if (r && i < this.zone.length) this.cells.set(this.zone[i], r); });
    this.hand = null;
    this.redraw();
  }
  layout() { return this.zone.map(k => this.cells.get(k) || null); }
  clear() { this.remember(); this.cells = new Map(); this.hand = null; this.redraw(); }
  // The game's own setup actions: it places pieces in its fixed order, the square is the choice.
  actions() {
    const byRank = new Map();
    for (const [k, r] of this.cells) { if (!byRank.has(r)) byRank.set(r, []); byRank.get(r).push(k); }
    return this.tray.order.map(r => {
      const k = byRank.get(r).shift();
      const [row, col] = k.split(",").map(Number);
      return { square: [row, col], rank: r };
    });
  }
}

// The tray and the designer's buttons.
export function trayNode(design, setups, send, ready) {
  const tray = el("div", { class: "tray", id: "tray", role: "group", "aria-label": "Pieces to place" },
    design.tray.ranks.map(r => {
      const left = design.left(r.rank);
      const b = el("button", { class: "tray-piece" + (design.hand && design.hand.rank === r.rank && !design.hand.from ? " selected" : ""),
        "data-rank": r.rank, disabled: left <= 0, draggable: left > 0 ? "true" : null,
        title: `${r.name}: ${left} left to place`, "aria-label": `${r.name}, ${left} left` },
      el("span", { class: "prank", text: r.rank }), el("span", { class: "pname", text: r.name }), el("span", { class: "left", text: `×${left}` }));
      b.onclick = () => { design.hand = { rank: r.rank }; design.redraw(); };
      b.addEventListener("dragstart", ev => ev.dataTransfer.setData("text/plain", "rank:" + r.rank));
      return b;
    }));
  const saved = savedLayouts(design.tray.army);
  const pick = el("select", { id: "setup-pick", "aria-label": "Ready-made and saved layouts" },
    setups.map((d, i) => el("option", { value: "c" + i, text: d.name })),
    saved.map((s, i) => el("option", { value: "s" + i, text: `saved: ${s.name}` })));
  const load = el("button", { id: "setup-load", text: "Put it on the board" });
  load.onclick = () => {
    const v = pick.value || "";
    if (v.startsWith("c")) design.load(setups[+v.slice(1)].preview);
    else if (v.startsWith("s")) design.load(saved[+v.slice(1)].layout);
  };
  const placed = design.cells.size, total = design.tray.order.length;
  const buttons = el("div", { class: "choices designer-buttons" },
    el("button", { id: "setup-undo", disabled: !design.history.length, onclick: () => design.undo(), text: "Undo" }),
    el("button", { id: "setup-random", disabled: design.complete(), onclick: () => design.randomFill(), title: "Put the pieces left in the tray on the free squares at random", text: "Fill at random" }),
    el("button", { id: "setup-clear", disabled: !placed, onclick: () => design.clear(), text: "Clear" }),
    el("button", { class: "primary", id: "setup-ready", disabled: !design.complete(), onclick: ready, text: "Ready" }));
  const keep = el("div", { class: "setup-save" },
    el("input", { id: "setup-name", type: "text", maxlength: 40, "aria-label": "A name for this layout",
      placeholder: `my layout ${saved.length + 1}`, disabled: !design.complete() }),
    el("button", { id: "setup-save", disabled: !design.complete(), onclick: () => {
      const box = document.getElementById("setup-name");
      const name = ((box && box.value) || `my layout ${saved.length + 1}`).trim().slice(0, 40);
      if (!name) return;
      saveLayouts(design.tray.army, [...saved.filter(s => s.name !== name), { name, layout: design.layout() }]);
      toast(`Saved “${name}” for your next game.`);
      design.redraw();
    }, text: "Save layout" }));
  const hint = design.hand && design.hand.from ? "Now click another square of your rows: the pieces swap."
    : design.hand ? `Click a square of your rows for the ${design.names[design.hand.rank]}.`
    : "Pick a piece from the tray (or drag it), then a square of your rows. Click two placed pieces to swap them.";
  return el("div", { class: "zone zone-setups", "data-zone": "setups" },
    el("div", { class: "zone-label", text: `Your army: ${placed} of ${total} placed` }),
    el("p", { class: "hint", id: "setup-hint", text: hint }), tray,
    setups.length || saved.length ? el("div", { class: "setup-load" }, pick, " ", load) : null,
    setups.length ? el("button", { class: "choice", id: "setup-use", "data-ids": null, onclick: () => {
      const v = pick.value || ""; if (v.startsWith("c")) send(setups[+v.slice(1)].id); else if (v.startsWith("s")) design.load(saved[+v.slice(1)].layout);
    }, text: "Play this layout now" }) : null,
    buttons, keep);
}

// Ready-made setups by name with a preview (when the player does not arrange pieces).
export function setupChooser(setups, send) {
  const pick = el("select", { id: "setup-pick", "aria-label": "Choose a setup" },
    setups.map((d, i) => el("option", { value: i, text: d.name })));
  const preview = el("div", { class: "setup-preview", id: "setup-preview" });
  const use = el("button", { class: "choice", id: "setup-use", text: "Use this setup" });
  function show() {
    const d = setups[+pick.value];
    const cols = d.cols, rows = d.preview.length / cols;   // the board's width, as the game says
    preview.style.gridTemplateColumns = `repeat(${cols}, 1.7em)`;
    preview.replaceChildren(...Array.from({ length: rows }, (_, r) => rows - 1 - r).flatMap(r =>
      d.preview.slice(r * cols, r * cols + cols).map(c => el("span", { class: c ? "pc" : "pc empty", text: c || "" }))));
    use.dataset.ids = String(d.id);
    use.onclick = () => send(d.id);
  }
  pick.onchange = show;
  show();
  return el("div", { class: "zone zone-setups", "data-zone": "setups" },
    el("div", { class: "zone-label", text: "Ready-made setups" }), pick, preview, use);
}
