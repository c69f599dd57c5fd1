// Garrison's page: lobby, table (live over WebSocket) and replay viewer.
// It knows no game's rules. It draws what the server describes for this seat (cards, a board,
// dice: the view's "ui"), makes the things a legal action names clickable, and keeps the game's
// own text view and one button per legal action as a fallback. Everything is built with
// textContent.

const main = document.getElementById("main");
const toastBox = document.getElementById("toast");
let socket = null;          // the open table socket, if any
let gamesCache = null;

// ---------------------------------------------------------------- small helpers
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick" || k === "onchange" || k === "oninput") node[k] = v;
    else if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = v;   // through the CSSOM: the CSP allows no inline style
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function toast(text) {
  toastBox.textContent = text;
  toastBox.style.display = "block";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { toastBox.style.display = "none"; }, 4000);
}

function me() {
  try { return JSON.parse(localStorage.getItem("garrison.guest") || "null"); } catch { return null; }
}

async function api(path, options = {}) {
  const guest = me();
  const headers = { "Content-Type": "application/json" };
  if (guest) headers.Authorization = "Bearer " + guest.token;
  const res = await fetch(path, { ...options, headers });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    if (res.status === 401 && guest) localStorage.removeItem("garrison.guest");
    throw new Error(data.message || res.statusText);
  }
  return data;
}

async function ensureGuest() {
  if (me()) return me();
  const name = (prompt("Your name at the table:", "Guest") || "Guest").trim().slice(0, 24) || "Guest";
  const guest = await api("/api/guests", { method: "POST", body: JSON.stringify({ name }) });
  localStorage.setItem("garrison.guest", JSON.stringify(guest));
  showWho();
  return guest;
}

function showWho() {
  const who = document.getElementById("who");
  const guest = me();
  who.replaceChildren();
  if (guest) {
    who.append(`Playing as ${guest.name} `,
      el("button", { id: "signout", onclick: () => {
        if (location.hash.startsWith("#/table/") && !confirm("Sign out? Your seat stays yours: sign in again on this browser, or keep this page's seat link, to come back.")) return;
        localStorage.setItem("garrison.last-guest", localStorage.getItem("garrison.guest"));
        localStorage.removeItem("garrison.guest"); showWho(); route();
      }, text: "sign out" }));
  } else {
    const before = (() => { try { return JSON.parse(localStorage.getItem("garrison.last-guest") || "null"); } catch { return null; } })();
    if (before) who.append(el("button", { id: "signback", onclick: () => { localStorage.setItem("garrison.guest", JSON.stringify(before)); showWho(); route(); }, text: `sign in again as ${before.name}` }), " ");
    who.append(el("button", { id: "signin", onclick: async () => { await ensureGuest(); route(); }, text: "choose a name" }));
  }
}

function seatLabel(s) { return `P${s + 1}`; }

// "P2 · Ann", "P3 · bot heuristic", "P1 · open seat": one way to name a seat everywhere.
function seatName(table, s) {
  const seat = table.seats[s];
  if (!seat) return seatLabel(s);
  const who = seat.kind === "bot" ? `bot ${seat.bot}` : (seat.name || "open seat");
  return `${seatLabel(s)} · ${who}`;
}

async function games() {
  if (!gamesCache) gamesCache = await api("/api/games");
  return gamesCache;
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  const list = await games();
  const form = el("section", { id: "create" }, el("h2", { text: "New table" }));
  const gameSel = el("select", { id: "game" }, list.map(g => el("option", { value: g.name, text: `${g.title} (${g.players[0] === g.players[1] ? g.players[0] : g.players.join("–")} players)` })));
  const optsBox = el("div", { id: "options" });
  const seatsBox = el("div", { id: "seats" });
  const summary = el("p", { class: "muted" });
  form.append(el("label", {}, "Game ", gameSel), summary, optsBox, seatsBox,
    el("button", { class: "primary", id: "create-table", onclick: create, text: "Create table" }));

  function current() { return list.find(g => g.name === gameSel.value); }
  function optionValues() {
    const out = {};
    for (const input of optsBox.querySelectorAll("[data-option]")) {
      const spec = current().options.find(o => o.name === input.dataset.option);
      let v = input.type === "checkbox" ? input.checked : input.value;
      if (spec.kind === "int" && v !== "") v = parseInt(v, 10);
      if (spec.kind === "float" && v !== "") v = parseFloat(v);
      if (String(v) !== String(spec.default)) out[spec.name] = v;
    }
    return out;
  }
  function seatCount() {
    const g = current();
    const p = optsBox.querySelector('[data-option="players"]');
    return p ? parseInt(p.value, 10) : g.players[0];
  }
  function drawOptions() {
    const g = current();
    summary.textContent = g.summary;
    optsBox.replaceChildren(...g.options.map(o => {
      let input;
      if (o.kind === "bool") input = el("input", { type: "checkbox", checked: o.default === true });
      else if (o.choices) input = el("select", {}, o.choices.map(c => el("option", { value: c, selected: String(c) === String(o.default), text: String(c) })));
      else input = el("input", { value: o.default === null ? "" : o.default, size: 8 });
      input.dataset.option = o.name;
      input.title = `${o.doc} (${o.allowed})`;
      if (o.name === "players") input.onchange = drawSeats;
      return el("label", { title: o.doc }, o.name + " ", input);
    }));
    drawSeats();
  }
  function drawSeats() {
    const g = current();
    const n = seatCount();
    seatsBox.replaceChildren(el("div", { text: "Seats:" }), ...Array.from({ length: n }, (_, i) => {
      const sel = el("select", { "data-seat": i },
        el("option", { value: "me", selected: i === 0, text: "me" }),
        el("option", { value: "human", text: "a person (invite)" }),
        g.bots.map(b => el("option", { value: "bot:" + b, selected: i > 0 && b === g.default_bot, text: "bot: " + b })));
      return el("label", {}, `${seatLabel(i)} `, sel);
    }));
  }
  async function create() {
    try {
      await ensureGuest();
      const choice = [...seatsBox.querySelectorAll("[data-seat]")].map(s => s.value);
      const mine = choice.indexOf("me");
      const seats = choice.map(v => v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4) } : { kind: "human" });
      const table = await api("/api/tables", { method: "POST", body: JSON.stringify({ game: gameSel.value, options: optionValues(), seats, seat: mine >= 0 ? mine : null }) });
      location.hash = `#/table/${table.id}`;
    } catch (err) { toast(err.message); }
  }
  gameSel.onchange = drawOptions;
  drawOptions();

  const tables = el("section", { id: "tables" }, el("h2", { text: "Tables" }));
  main.replaceChildren(form, tables);
  const rows = await api("/api/tables?limit=50");
  const guestNow = me();
  if (!rows.length) tables.append(el("p", { class: "muted", text: "No tables yet: create one." }));
  const body = el("tbody");
  for (const t of rows) {
    const free = t.seats.filter(s => !s.taken);
    const people = t.seats.map(s => seatName(t, s.seat)).join(", ");
    const mineHere = guestNow && t.seats.some(s => s.player === guestNow.id);
    let act;
    if (t.status === "waiting" && free.length && !mineHere) act = el("button", { class: "join", onclick: () => join(t.id, free[0].seat), text: `Join as ${seatLabel(free[0].seat)}` });
    else if (mineHere && t.status !== "finished") act = el("a", { href: `#/table/${t.id}`, text: "your table" });
    else if (t.status === "finished") act = el("a", { href: `#/replay/${t.id}`, text: "replay" });
    else act = el("a", { href: `#/table/${t.id}`, text: t.status === "playing" ? "watch" : "open" });
    body.append(el("tr", { "data-table": t.id }, el("td", {}, el("a", { href: `#/table/${t.id}`, text: t.title })), el("td", { text: t.status }), el("td", { text: people }), el("td", {}, act)));
  }
  if (rows.length) tables.append(el("table", { class: "list" }, el("thead", {}, el("tr", {}, ["game", "status", "seats", ""].map(h => el("th", { text: h })))), body));
}

async function join(tid, seat) {
  try {
    await ensureGuest();
    await api(`/api/tables/${tid}/join`, { method: "POST", body: JSON.stringify({ seat }) });
    location.hash = `#/table/${tid}`;
    route();
  } catch (err) { toast(err.message); }
}

// Many actions (a board's squares, a hand of cards) are grouped by their words before the last:
// "place Bomb a1", "place Bomb b1" become one row "place Bomb" with buttons "a1", "b1".
function actionButtons(legal, send) {
  const button = (a, label) => el("button", { class: "action", "data-id": a.id, title: a.text, onclick: () => send(a.id), text: label });
  if (legal.length <= 12) return legal.map(a => button(a, a.text));
  const groups = new Map();
  for (const a of legal) {
    const cut = a.text.lastIndexOf(" ");
    const head = cut > 0 ? a.text.slice(0, cut) : "";
    if (!groups.has(head)) groups.set(head, []);
    groups.get(head).push(a);
  }
  return [...groups].map(([head, list]) => el("div", { class: "action-group" },
    head ? el("span", { class: "group-label", text: head }) : null,
    list.map(a => button(a, head ? a.text.slice(head.length + 1) : a.text))));
}

// ---------------------------------------------------------------- widgets
// A patch from the server (a "delta" message) applied to the view we hold; the same rules as
// garrison/server/wire.py: "list" (drop the first k items, append), "sub" (nested), "set", "del".
export function applyPatch(old, p) {
  const out = { ...old };
  for (const [k, [drop, items]] of Object.entries(p.list || {})) out[k] = out[k].slice(drop).concat(items);
  for (const [k, sub] of Object.entries(p.sub || {})) out[k] = applyPatch(out[k], sub);
  Object.assign(out, p.set || {});
  for (const k of p.del || []) delete out[k];
  return out;
}

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

function cardNode(card, descs, onPick) {
  const playable = descs && descs.length > 0;
  const node = el(playable ? "button" : "div", {
    class: `card ${card.color || "black"}` + (playable ? " playable" : "") + (card.selected ? " selected" : "") + (card.wide ? " wide" : ""),
    title: card.title, "data-key": card.key,
    "aria-label": playable ? descs.map(d => d.text).join(" or ") : card.title,
    "data-ids": playable ? descs.map(d => d.id).join(" ") : null,
  },
  el("span", { class: "rank", text: card.rank }), el("span", { class: "suit", text: card.suit }),
  card.caption ? el("span", { class: "caption", text: card.caption }) : null);
  if (playable) node.onclick = () => onPick(node, descs);
  const by = card.by !== undefined && card.by !== null ? el("span", { class: "by", text: card.byName || seatLabel(card.by) }) : null;
  return by ? el("div", { class: "played" }, node, by) : node;
}

function dieNode(die, desc, send) {
  const pips = new Set(PIPS[die.face] || []);
  const cells = Array.from({ length: 9 }, (_, i) => el("span", { class: pips.has(i + 1) ? "pip" : "" }));
  const free = !!desc && !die.used;
  const node = el(free ? "button" : "div", {
    class: "die" + (die.used ? " used" : "") + (free ? " playable" : ""),
    title: `${die.face}`, "aria-label": free ? desc.text : `die showing ${die.face}`,
    "data-face": die.face, "data-ids": free ? String(desc.id) : null,
  }, cells);
  if (free) node.onclick = () => send(desc.id);
  return node;
}

// The board: a grid of squares; own pieces with moves are clicked first, then a target square.
function boardNode(zone, descs, send) {
  const { rows, cols, flip } = zone;
  const lastMove = new Set((zone.last || []).map(rc => rc.join()));
  const moves = new Map();     // "r,c" of a piece -> [desc]
  const squares = new Map();   // "r,c" -> desc (placing a piece)
  for (const d of descs) {
    if (d.kind === "move") { const k = d.from.join(); if (!moves.has(k)) moves.set(k, []); moves.get(k).push(d); }
    if (d.kind === "square") squares.set(d.square.join(), d);
  }
  const grid = el("div", { class: "board", style: `grid-template-columns: 1.6em repeat(${cols}, 1fr)` });
  const nodes = new Map();
  let selected = null;
  function clearMarks() {
    for (const n of nodes.values()) n.classList.remove("selected", "target");
  }
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
      const cell = zone.cells[r * cols + c];
      const name = `${zone.files ? zone.files[c] : c}${r + 1}`;
      let cls = "sq" + (lastMove.has(k) ? " last" : "");
      let label = name;
      const inner = [];
      if (cell && cell.lake) { cls += " lake"; label += " lake"; }
      else if (cell) {
        cls += ` piece side${cell.side}` + (cell.mine ? " mine" : "") + (cell.moved ? " moved" : "") + (cell.known ? " known" : "");
        inner.push(el("span", { class: "prank", text: cell.rank ?? "?" }));
        label += ` ${zone.sides ? zone.sides[cell.side] : "side " + cell.side} ${cell.name ?? (cell.moved ? "unknown, has moved" : "unknown")}`;
      }
      const clickable = moves.has(k) || squares.has(k) || (!cell || !cell.lake);
      const node = el(clickable ? "button" : "div", { class: cls, "data-sq": name, "data-rc": k, title: label, "aria-label": label }, inner);
      if (squares.has(k)) {
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
  return grid;
}

// Ready-made setups by name, with a small preview of the rows they fill (from the owner's chair:
// the back row at the bottom), and one button to take the one shown.
function setupChooser(setups, send) {
  const pick = el("select", { id: "setup-pick", "aria-label": "Choose a setup" },
    setups.map((d, i) => el("option", { value: i, text: d.name })));
  const preview = el("div", { class: "setup-preview", id: "setup-preview" });
  const use = el("button", { class: "choice", id: "setup-use", text: "Use this setup" });
  function show() {
    const d = setups[+pick.value];
    const rows = d.preview.length / 10;
    preview.replaceChildren(...Array.from({ length: rows }, (_, r) => rows - 1 - r).flatMap(r =>
      d.preview.slice(r * 10, r * 10 + 10).map(c => el("span", { class: c ? "pc" : "pc empty", text: c || "" }))));
    use.dataset.ids = String(d.id);
    use.onclick = () => send(d.id);
  }
  pick.onchange = show;
  show();
  return el("div", { class: "zone zone-setups", "data-zone": "setups" },
    el("div", { class: "zone-label", text: "Ready-made setups" }), pick, preview, use);
}

// Draw a view's widgets; returns null if the game has none. `legal` gives each action's text.
function widgetsNode(ui, legal, send) {
  if (!ui || !Array.isArray(ui.zones)) return null;
  const text = new Map((legal || []).map(a => [a.id, a.text]));
  const descs = (ui.actions || []).map(d => ({ ...d, text: text.get(d.id) || d.label || String(d.id) }));
  const box = el("div", { class: "widgets", id: "widgets" });
  const menu = el("div", { class: "chooser", id: "chooser" });
  function onPick(node, list) {
    if (list.length === 1) { send(list[0].id); return; }
    menu.replaceChildren(el("span", { class: "muted", text: node.title + ": " }),
      ...list.map(d => el("button", { class: "verb", "data-id": d.id, onclick: () => send(d.id), text: d.verb || d.text })),
      el("button", { class: "verb cancel", onclick: () => menu.replaceChildren(), text: "cancel" }));
  }
  for (const zone of ui.zones) {
    const mine = descs.filter(d => d.zone === zone.id);
    let body;
    if (zone.kind === "cards") {
      const byKey = new Map();
      for (const d of mine) if (d.kind === "card") { if (!byKey.has(d.card)) byKey.set(d.card, []); byKey.get(d.card).push(d); }
      body = el("div", { class: "cards" }, zone.cards.length ? zone.cards.map(c => cardNode(c, byKey.get(c.key), onPick)) : el("span", { class: "muted", text: "—" }));
    } else if (zone.kind === "dice") {
      const byFace = new Map(mine.filter(d => d.kind === "die").map(d => [d.face, d]));
      body = el("div", { class: "dice" }, zone.dice.length ? zone.dice.map(d => dieNode(d, byFace.get(d.face), send)) : el("span", { class: "muted", text: "—" }));
    } else if (zone.kind === "board") {
      body = boardNode(zone, mine, send);
    } else continue;
    box.append(el("div", { class: `zone zone-${zone.kind}`, "data-zone": zone.id }, zone.label ? el("div", { class: "zone-label", text: zone.label }) : null, body));
  }
  box.append(menu);
  const setups = descs.filter(d => d.kind === "setup");
  if (setups.length) box.append(setupChooser(setups, send));
  const buttons = descs.filter(d => d.kind === "button");
  if (buttons.length) box.append(el("div", { class: "choices", id: "choices" }, buttons.map(d => el("button", { class: "action choice", "data-id": d.id, onclick: () => send(d.id), text: d.text }))));
  const verbs = [...new Set(descs.filter(d => d.kind !== "button" && d.kind !== "setup").map(d => d.kind === "move" ? "move a piece (click it, then a square)" : d.kind === "die" ? `${d.verb} a die` : `${d.verb || "choose"} a ${d.kind === "square" ? "square" : "card"}`))];
  if (verbs.length) box.prepend(el("p", { class: "hint", id: "hint", text: "Click to " + verbs.join(", or ") + "." }));
  return box;
}

// A game may send only its latest log lines: keep what was seen, and add the lines after the
// longest overlap of what we hold with what came.
export function mergeLog(kept, latest) {
  if (!kept.length || latest.length >= kept.length && latest.slice(0, kept.length).every((e, i) => e === kept[i])) return latest.slice();
  for (let k = Math.min(kept.length, latest.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = kept[kept.length - k + i] === latest[i];
    if (same) return kept.concat(latest.slice(k));
  }
  return kept.concat(latest);
}

// ---------------------------------------------------------------- table
async function tableView(tid) {
  const guest = me();
  const status = el("p", { class: "status", id: "status", text: "Connecting…" });
  const result = el("p", { class: "result", id: "result" });
  const resultPanel = el("section", { id: "result-panel", role: "region", "aria-label": "Result", hidden: true });
  const board = el("section", { id: "scoreboard", role: "region", "aria-label": "Scoreboard" }, el("h2", { text: "Scoreboard" }));
  const lastTrick = el("section", { id: "last-trick", role: "region", "aria-label": "Last trick", hidden: true });
  const pre = el("pre", { class: "view", id: "view" });
  const actions = el("div", { class: "actions", id: "actions" });
  const play = el("div", { id: "play" });
  const textBox = el("details", { id: "text-view" }, el("summary", { text: "Text view" }), pre);
  const fallback = el("details", { id: "fallback" }, el("summary", { text: "All moves as buttons" }), actions);
  let openedByUser = { text: false, fallback: false };
  textBox.addEventListener("toggle", () => { openedByUser.text = textBox.open; });
  fallback.addEventListener("toggle", () => { openedByUser.fallback = fallback.open; });
  const seats = el("div", { id: "seat-list" });
  const logList = el("ol", { id: "log" });
  const invite = el("input", { id: "invite", readonly: true, size: 32, value: location.href.split("#")[0] + `#/table/${tid}` });
  const howto = el("section", { id: "howto", role: "region", "aria-label": "How to play" }, el("h2", { text: "How to play" }), el("p", { class: "muted", text: "…" }));
  main.replaceChildren(el("div", { class: "layout" },
    el("div", {}, resultPanel, el("section", {}, el("h2", { id: "title", text: "Table " + tid }), status, result, play, fallback, textBox), lastTrick),
    el("div", {}, board,
      el("section", {}, el("h2", { text: "Seats" }), seats, el("p", {}, "Invite: ", invite)),
      el("section", {}, el("h2", { text: "Log" }), logList),
      howto)));

  let last = null;
  let logKept = [];          // the whole game's log as this page saw it (some games send the latest lines only)
  let rulesFor = null;
  let retry = 0;
  const params = new URLSearchParams();

  function drawBoard(v) {
    const t = v.table, sb = v.ui && v.ui.scoreboard;
    const rows = t.seats.map(s => {
      const cells = sb ? (sb.rows.find(r => r.seat === s.seat) || { cells: [] }).cells : [];
      const name = seatName(t, s.seat) + (v.seat === s.seat ? " (you)" : "");
      return el("tr", { class: (v.to_move === s.seat ? "tomove" : "") + (v.seat === s.seat ? " mine" : ""), "data-seat": s.seat },
        el("td", { text: name }), cells.map(c => el("td", { text: String(c) })));
    });
    const head = el("tr", {}, el("th", { text: "Player" }), (sb ? sb.columns : []).map(c => el("th", { text: c })));
    board.replaceChildren(el("h2", { text: "Scoreboard" }), el("table", {}, el("thead", {}, head), el("tbody", {}, rows)),
      sb && sb.notes.length ? el("ul", { class: "notes" }, sb.notes.map(n => el("li", { text: n }))) : null);
  }

  function drawLastTrick(v) {
    const lt = v.ui && v.ui.last_trick;
    lastTrick.hidden = !lt;
    if (!lt) return;
    const cards = lt.cards.map(c => cardNode({ ...c, byName: seatName(v.table, c.by) }, null, () => {}));
    lastTrick.replaceChildren(el("h2", { text: "Last trick" }), el("div", { class: "cards" }, cards),
      el("p", { class: "winner", text: `Won by ${seatName(v.table, lt.winner)}` }));
  }

  function drawResult(v) {
    const t = v.table;
    const over = t.status === "finished";
    resultPanel.hidden = !over;
    if (!over) { result.textContent = ""; return; }
    const res = v.ui && v.ui.result;
    const returns = v.returns || [];
    const winners = res ? res.winners : returns.map((r, i) => [r, i]).filter(([r]) => r === Math.max(...returns)).map(([, i]) => i);
    const everyone = winners.length === t.seats.length;
    let verdict = "The game is over";
    if (v.seat !== null && v.seat !== undefined) verdict = everyone ? "Draw" : winners.includes(v.seat) ? (winners.length > 1 ? "You won (shared)" : "You won") : "You lost";
    else if (everyone) verdict = "Draw";
    const names = winners.map(s => seatName(t, s)).join(" and ");
    const scores = res ? res.scores : returns.map(r => `${r > 0 ? "+" : ""}${+r.toFixed(3)}`);
    result.textContent = `${verdict}.`;
    resultPanel.replaceChildren(el("h2", { text: "Result" }), el("p", { class: "verdict", text: verdict }),
      el("p", { text: everyone ? "Nobody came out ahead." : `Winner${winners.length > 1 ? "s" : ""}: ${names}` }),
      el("ul", { class: "scores" }, scores.map((sc, i) => el("li", { text: `${seatName(t, i)}: ${sc}` }))),
      el("p", {}, el("button", { class: "primary", id: "rematch", onclick: () => rematch(v), text: "Rematch" }), " ",
        el("a", { href: `#/replay/${t.id}` + (v.seat !== null && v.seat !== undefined ? `/${v.seat}` : ""), id: "replay-link", text: "Replay" }), " · ",
        el("a", { href: `/api/tables/${t.id}/record`, download: `garrison-${t.game}-${t.id}.json`, id: "record-link", text: "Download record" })));
  }

  async function rematch(v) {
    try {
      const t = v.table;
      const seats = t.seats.map(s => s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human" });
      const table = await api("/api/tables", { method: "POST", body: JSON.stringify({ game: t.game, options: t.options, seats, seat: v.seat }) });
      location.hash = `#/table/${table.id}`;
    } catch (err) { toast(err.message); }
  }

  function draw(v) {
    last = v;
    const t = v.table;
    document.getElementById("title").textContent = `${t.title} — table ${t.id}`;
    const mine = v.seat !== null && v.seat !== undefined;
    const myTurn = mine && v.to_move === v.seat && t.status === "playing";
    document.title = (myTurn ? "Your move — " : "") + `${t.title} — Garrison`;
    if (rulesFor !== t.game) {
      rulesFor = t.game;
      api(`/api/games/${t.game}`).then(info => {
        const paras = info.how_to_play && info.how_to_play.length ? info.how_to_play : [info.summary];
        howto.replaceChildren(el("h2", { text: `How to play ${info.title}` }), ...paras.map(p => el("p", { text: p })));
      }).catch(() => {});
    }
    seats.replaceChildren(...t.seats.map(s => {
      const row = el("div", { class: "seat" + (v.to_move === s.seat ? " tomove" : "") + (v.seat === s.seat ? " mine" : "") }, seatName(t, s.seat));
      if (t.status === "waiting" && !s.taken && !mine) row.append(" ", el("button", { class: "join", onclick: () => join(t.id, s.seat), text: "sit here" }));
      return row;
    }));
    pre.textContent = v.text || JSON.stringify(v.obs, null, 1);
    const mover = v.to_move !== null && v.to_move !== undefined ? seatName(t, v.to_move) : "-";
    if (t.status === "waiting") status.textContent = "Waiting for players to sit down.";
    else if (t.status === "finished") status.textContent = "The game is over.";
    else if (myTurn) status.textContent = "Your move.";
    else if (!mine) status.textContent = `Watching; ${mover} to move.`;
    else status.textContent = `${mover} to move.`;
    drawBoard(v);
    drawLastTrick(v);
    drawResult(v);
    actions.replaceChildren(...actionButtons(v.legal, send));
    const widgets = widgetsNode(v.ui, v.legal, send);
    play.replaceChildren(...(widgets ? [widgets] : []));
    // without widgets the text view and the buttons are the game; with them, they are a fallback
    textBox.open = !widgets || openedByUser.text;
    fallback.open = !widgets || openedByUser.fallback;
    window.garrisonView = v;
    const entries = (Array.isArray(v.obs && v.obs.log) ? v.obs.log : []).map(e => typeof e === "string" ? e : JSON.stringify(e));
    logKept = mergeLog(logKept, entries);
    logList.replaceChildren(...logKept.map(e => el("li", { text: e })));
    logList.scrollTop = logList.scrollHeight;
  }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !last) return;
    for (const b of main.querySelectorAll("button.action, #play button")) b.disabled = true;
    socket.send(JSON.stringify({ type: "move", n: last.n, action, ref: String(Date.now()) }));
  }

  function connect() {
    if (last) params.set("n", last.n);
    params.set("delta", "1");
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // the guest's token travels as a subprotocol, never in the URL
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tid}?${params}`,
      guest ? ["garrison", "token." + guest.token] : []);
    socket = ws;
    ws.onmessage = ev => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "view") { retry = 0; delete msg.missed; if (!last || msg.n >= last.n || msg.seat !== last.seat) draw(msg); }
      else if (msg.type === "delta") {
        if (last && msg.from === last.n) draw(applyPatch(last, msg.patch));
        else ws.send(JSON.stringify({ type: "sync", n: last ? last.n : 0 }));   // out of step: ask again
      }
      else if (msg.type === "seat_lost") toast(msg.message);
      else if (msg.type === "error" && msg.code === "not_found") { socket = null; ws.close(); status.textContent = msg.message; }
      else if (msg.type === "error") { toast(msg.message); if (last) draw(last); }
    };
    ws.onclose = () => {
      if (socket !== ws) return;          // we left this table
      status.textContent = "Connection lost; reconnecting…";
      setTimeout(() => { if (socket === ws) connect(); }, Math.min(5000, 300 * 2 ** retry++));
    };
  }
  connect();
}

// ---------------------------------------------------------------- replay
async function replayView(tid, seat) {
  const pre = el("pre", { class: "view", id: "view" });
  const play = el("div", { id: "play" });
  const board = el("div", { id: "replay-board" });
  const where = el("span", { id: "where" });
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "slider" });
  const whose = seat === null ? "as a spectator" : `as ${seatLabel(seat)}`;
  main.replaceChildren(el("section", {}, el("h2", { id: "title", text: "Replay " + tid }),
    el("p", { class: "muted", id: "replay-as", text: `Seen ${whose}. ` },
      seat === null ? null : el("a", { href: `#/replay/${tid}`, text: "see it as a spectator" })),
    el("div", {}, el("button", { id: "prev", onclick: () => step(-1), text: "◀" }), " ", slider, " ",
      el("button", { id: "next", onclick: () => step(+1), text: "▶" }), " ", where), board, play,
    el("details", { id: "text-view", open: true }, el("summary", { text: "Text view" }), pre)));
  let steps = [0];
  slider.oninput = () => go(steps[+slider.value] ?? 0);
  function step(by) { go(steps[Math.max(0, Math.min(steps.length - 1, +slider.value + by))]); }
  async function go(n) {
    try {
      const q = seat === null ? "" : `&seat=${seat}`;
      const rec = await api(`/api/tables/${tid}/replay?n=${n}${q}`);
      steps = rec.steps;
      slider.max = steps.length - 1;
      slider.value = Math.max(0, steps.indexOf(rec.n));
      where.textContent = `move ${rec.n} of ${rec.total}`;
      document.getElementById("title").textContent = `Replay: ${rec.table.title} — table ${tid}`;
      pre.textContent = rec.text || JSON.stringify(rec.obs, null, 1);
      const widgets = widgetsNode(rec.ui, [], () => {});
      play.replaceChildren(...(widgets ? [widgets] : []));
    } catch (err) {
      main.replaceChildren(el("section", {}, el("p", { id: "replay-error", text: err.message }),
        el("a", { href: `#/table/${tid}`, text: "go to the table" }), " · ", el("a", { href: "#/", text: "back to the lobby" })));
    }
  }
  go(0);
}

// ---------------------------------------------------------------- routing
async function route() {
  if (socket) { const s = socket; socket = null; s.close(); }
  const hash = location.hash || "#/";
  const m = hash.match(/^#\/(table|replay)\/([A-Za-z0-9]+)(?:\/([0-9]{1,2}))?/);
  try {
    if (m && m[1] === "table") await tableView(m[2]);
    else if (m && m[1] === "replay") await replayView(m[2], m[3] === undefined ? null : +m[3]);
    else await lobby();
  } catch (err) {
    main.replaceChildren(el("section", {}, el("p", { text: err.message }), el("a", { href: "#/", text: "back to the lobby" })));
  }
}

// A guest's token expires: a page renews it when it loads (a dead one signs the guest out).
async function renewGuest() {
  const guest = me();
  if (!guest) return;
  try {
    const fresh = await api("/api/guests/renew", { method: "POST" });
    localStorage.setItem("garrison.guest", JSON.stringify({ ...guest, ...fresh }));
  } catch { /* api() has signed out a guest the server no longer knows */ }
}

window.addEventListener("hashchange", route);
renewGuest().finally(() => { showWho(); route(); });
