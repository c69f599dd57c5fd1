// Garrison's page: lobby, table (live over WebSocket) and replay viewer.
// It knows no game's rules: it shows the game's own text view of what this seat may see and
// one button per legal action the server offers. Everything is built with textContent.

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

// ---------------------------------------------------------------- table
async function tableView(tid) {
  const guest = me();
  const status = el("p", { class: "status", id: "status", text: "Connecting…" });
  const result = el("p", { class: "result", id: "result" });
  const pre = el("pre", { class: "view", id: "view" });
  const actions = el("div", { class: "actions", id: "actions" });
  const seats = el("div", { id: "seat-list" });
  const logList = el("ol", { id: "log" });
  const invite = el("input", { id: "invite", readonly: true, size: 40, value: location.href.split("#")[0] + `#/table/${tid}` });
  const rules = el("details", { id: "rules" }, el("summary", { text: "Rules help" }), el("pre", { text: "…" }));
  main.replaceChildren(el("div", { class: "layout" },
    el("div", {}, el("section", {}, el("h2", { id: "title", text: "Table " + tid }), status, result, pre, el("div", {}, actions))),
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
    const entries = Array.isArray(v.obs && v.obs.log) ? v.obs.log : [];
    logList.replaceChildren(...entries.slice(-200).map(e => el("li", { text: typeof e === "string" ? e : JSON.stringify(e) })));
    logList.scrollTop = logList.scrollHeight;
  }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !last) return;
    for (const b of actions.querySelectorAll("button")) b.disabled = true;
    socket.send(JSON.stringify({ type: "move", n: last.n, action, ref: String(Date.now()) }));
  }

  function connect() {
    if (last) params.set("n", last.n);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tid}?${params}`);
    socket = ws;
    ws.onmessage = ev => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "view") { retry = 0; if (!last || msg.n >= last.n) draw(msg); }
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
  const where = el("span", { id: "where" });
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "slider" });
  main.replaceChildren(el("section", {}, el("h2", { id: "title", text: "Replay " + tid }),
    el("div", {}, el("button", { id: "prev", onclick: () => go(+slider.value - 1), text: "◀" }), " ", slider, " ",
      el("button", { id: "next", onclick: () => go(+slider.value + 1), text: "▶" }), " ", where), pre));
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
