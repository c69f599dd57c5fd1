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
      el("button", { onclick: () => { localStorage.removeItem("garrison.guest"); showWho(); route(); }, text: "sign out" }));
  } else {
    who.append(el("button", { id: "signin", onclick: async () => { await ensureGuest(); route(); }, text: "choose a name" }));
  }
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
      return el("label", {}, `seat ${i} `, sel);
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
  if (!rows.length) tables.append(el("p", { class: "muted", text: "No tables yet: create one." }));
  const body = el("tbody");
  for (const t of rows) {
    const free = t.seats.filter(s => !s.taken);
    const people = t.seats.map(s => s.kind === "bot" ? `bot ${s.bot}` : (s.name || "open")).join(", ");
    let act;
    if (t.status === "waiting" && free.length) act = el("button", { class: "join", onclick: () => join(t.id, free[0].seat), text: `Join seat ${free[0].seat}` });
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
  const by = card.by !== undefined && card.by !== null ? el("span", { class: "by", text: `seat ${card.by}` }) : null;
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
      let cls = "sq";
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
  const buttons = descs.filter(d => d.kind === "button");
  if (buttons.length) box.append(el("div", { class: "choices", id: "choices" }, buttons.map(d => el("button", { class: "action choice", "data-id": d.id, onclick: () => send(d.id), text: d.text }))));
  const verbs = [...new Set(descs.filter(d => d.kind !== "button").map(d => d.kind === "move" ? "move a piece (click it, then a square)" : d.kind === "die" ? `${d.verb} a die` : `${d.verb || "choose"} a ${d.kind === "square" ? "square" : "card"}`))];
  if (verbs.length) box.prepend(el("p", { class: "hint", id: "hint", text: "Click to " + verbs.join(", or ") + "." }));
  return box;
}

// ---------------------------------------------------------------- table
async function tableView(tid) {
  const guest = me();
  const status = el("p", { class: "status", id: "status", text: "Connecting…" });
  const result = el("p", { class: "result", id: "result" });
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
  const invite = el("input", { id: "invite", readonly: true, size: 40, value: location.href.split("#")[0] + `#/table/${tid}` });
  const rules = el("details", { id: "rules" }, el("summary", { text: "Rules help" }), el("pre", { text: "…" }));
  main.replaceChildren(el("div", { class: "layout" },
    el("div", {}, el("section", {}, el("h2", { id: "title", text: "Table " + tid }), status, result, play, fallback, textBox)),
    el("div", {},
      el("section", {}, el("h2", { text: "Seats" }), seats, el("p", {}, "Invite: ", invite)),
      el("section", {}, el("h2", { text: "Log" }), logList),
      el("section", {}, rules))));

  let last = null;
  let rulesFor = null;
  let retry = 0;
  const params = new URLSearchParams();
  if (guest) params.set("token", guest.token);

  function draw(v) {
    last = v;
    const t = v.table;
    document.getElementById("title").textContent = `${t.title} — table ${t.id}`;
    if (rulesFor !== t.game) {
      rulesFor = t.game;
      api(`/api/games/${t.game}`).then(info => { rules.querySelector("pre").textContent = (info.rules || info.describe); }).catch(() => {});
    }
    seats.replaceChildren(...t.seats.map(s => {
      const label = s.kind === "bot" ? `bot ${s.bot}` : (s.name || "open seat");
      const row = el("div", { class: "seat" + (v.to_move === s.seat ? " tomove" : "") + (v.seat === s.seat ? " mine" : "") }, `seat ${s.seat}: ${label}`);
      if (t.status === "waiting" && !s.taken) row.append(" ", el("button", { class: "join", onclick: () => join(t.id, s.seat), text: "sit here" }));
      return row;
    }));
    pre.textContent = v.text || JSON.stringify(v.obs, null, 1);
    if (t.status === "waiting") status.textContent = "Waiting for players to sit down.";
    else if (t.status === "finished") status.textContent = "The game is over.";
    else if (v.seat !== null && v.to_move === v.seat) status.textContent = "Your move.";
    else if (v.seat === null) status.textContent = `Watching; seat ${v.to_move ?? "-"} to move.`;
    else status.textContent = `Seat ${v.to_move ?? "-"} to move.`;
    result.textContent = v.returns ? "Result: " + v.returns.map((r, i) => `seat ${i}: ${r > 0 ? "+" : ""}${+r.toFixed(3)}`).join(", ") : "";
    if (t.status === "finished") result.append(" ", el("a", { href: `#/replay/${t.id}`, text: "replay" }));
    actions.replaceChildren(...actionButtons(v.legal, send));
    const widgets = widgetsNode(v.ui, v.legal, send);
    play.replaceChildren(...(widgets ? [widgets] : []));
    // without widgets the text view and the buttons are the game; with them, they are a fallback
    textBox.open = !widgets || openedByUser.text;
    fallback.open = !widgets || openedByUser.fallback;
    window.garrisonView = v;
    const entries = Array.isArray(v.obs && v.obs.log) ? v.obs.log : [];
    logList.replaceChildren(...entries.slice(-200).map(e => el("li", { text: typeof e === "string" ? e : JSON.stringify(e) })));
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
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tid}?${params}`);
    socket = ws;
    ws.onmessage = ev => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "view") { retry = 0; delete msg.missed; if (!last || msg.n >= last.n) draw(msg); }
      else if (msg.type === "delta") {
        if (last && msg.from === last.n) draw(applyPatch(last, msg.patch));
        else ws.send(JSON.stringify({ type: "sync", n: last ? last.n : 0 }));   // out of step: ask again
      }
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
async function replayView(tid) {
  const pre = el("pre", { class: "view", id: "view" });
  const play = el("div", { id: "play" });
  const where = el("span", { id: "where" });
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "slider" });
  main.replaceChildren(el("section", {}, el("h2", { id: "title", text: "Replay " + tid }),
    el("div", {}, el("button", { id: "prev", onclick: () => go(+slider.value - 1), text: "◀" }), " ", slider, " ",
      el("button", { id: "next", onclick: () => go(+slider.value + 1), text: "▶" }), " ", where), play,
    el("details", { id: "text-view", open: true }, el("summary", { text: "Text view" }), pre)));
  slider.oninput = () => go(+slider.value);
  async function go(n) {
    try {
      const max = +slider.max || 0;
      n = Math.max(0, max ? Math.min(n, max) : n);
      const step = await api(`/api/tables/${tid}/replay?n=${n}`);
      slider.max = step.total;
      slider.value = step.n;
      where.textContent = `move ${step.n} of ${step.total}`;
      document.getElementById("title").textContent = `Replay: ${step.table.title} — table ${tid}`;
      pre.textContent = step.text || JSON.stringify(step.obs, null, 1);
      const widgets = widgetsNode(step.ui, [], () => {});
      play.replaceChildren(...(widgets ? [widgets] : []));
    } catch (err) { toast(err.message); }
  }
  go(0);
}

// ---------------------------------------------------------------- routing
async function route() {
  if (socket) { const s = socket; socket = null; s.close(); }
  const hash = location.hash || "#/";
  const m = hash.match(/^#\/(table|replay)\/([A-Za-z0-9]+)/);
  try {
    if (m && m[1] === "table") await tableView(m[2]);
    else if (m && m[1] === "replay") await replayView(m[2]);
    else await lobby();
  } catch (err) {
    main.replaceChildren(el("section", {}, el("p", { text: err.message }), el("a", { href: "#/", text: "back to the lobby" })));
  }
}

window.addEventListener("hashchange", route);
showWho();
route();
