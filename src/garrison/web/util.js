// Small helpers every part of the page shares: building nodes (always with textContent), the
// toast, the guest in localStorage, the JSON API, and the names of seats.

export const main = document.getElementById("main");

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on") && typeof v === "function") node[k] = v;
    else if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = v;   // through the CSSOM: the CSP allows no inline style
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// A node's children replaced by these, leaving out null, undefined and false (which
// replaceChildren would show as the words "null" and "false").
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter(c => c !== null && c !== undefined && c !== false));
  return node;
}

// An SVG node (the card faces and pips are drawn in SVG).
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children.flat()) if (c) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.style.display = "block";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.style.display = "none"; }, 4000);
}

export function me() {
  try { return JSON.parse(localStorage.getItem("garrison.guest") || "null"); } catch { return null; }
}

export async function api(path, options = {}) {
  const guest = me();
  const headers = { "Content-Type": "application/json" };
  if (guest) headers.Authorization = "Bearer " + guest.token;
  const res = await fetch(path, { ...options, headers });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    if (res.status === 401 && guest) localStorage.removeItem("garrison.guest");
    // a refusal in the page's words where the server has them (options by their labels)
    throw new Error(data.says || data.message || res.statusText);
  }
  return data;
}

// The router is app.js's; modules that change the page call it through here (no import cycle).
let router = () => {};
export function setRouter(fn) { router = fn; }
export function route() { return router(); }

// Signing in is a form, never a prompt(): a name makes a new guest (its recovery code is shown
// once), a name and a recovery code bring an old guest back with its seats and tables.
function keepGuest(guest) {
  localStorage.setItem("garrison.guest", JSON.stringify({ id: guest.id, name: guest.name, token: guest.token }));
  showWho();
}

async function newGuest(name) {
  const guest = await api("/api/guests", { method: "POST", body: JSON.stringify({ name }) });
  keepGuest(guest);
  if (guest.recovery) showRecovery(guest);
  return guest;
}

async function recoverGuest(name, code) {
  const guest = await api("/api/guests/recover", { method: "POST", body: JSON.stringify({ name, code }) });
  keepGuest(guest);
  return guest;
}

// The recovery code, shown this once (the server keeps only its hash).
function showRecovery(guest) {
  const box = el("dialog", { id: "recovery-dialog", "aria-label": "Your recovery code" },
    el("h2", { text: `Welcome, ${guest.name}` }),
    el("p", { text: "Your recovery code. Note it down: with your name it brings back your seats and tables after you sign out, or on another device. It is shown only now." }),
    el("p", { class: "code", id: "recovery-code", text: guest.recovery }),
    el("form", { method: "dialog" }, el("button", { class: "primary", id: "recovery-ok", text: "I have noted it" })));
  box.addEventListener("close", () => box.remove());
  document.body.append(box);
  box.showModal();
}

// The name form: in the header when nobody is signed in, and as a dialog when an action needs a
// guest. "I have a recovery code" adds the code field.
function nameForm(onDone, idPrefix = "guest") {
  const name = el("input", { id: `${idPrefix}-name`, name: "name", maxlength: 24, required: true, autocomplete: "nickname", placeholder: "your name", "aria-label": "Your name" });
  const code = el("input", { id: `${idPrefix}-code`, name: "code", maxlength: 40, placeholder: "recovery code", "aria-label": "Recovery code", hidden: true });
  const toggle = el("button", { type: "button", class: "link", id: `${idPrefix}-has-code`, text: "I have a recovery code" });
  const go = el("button", { type: "submit", class: "primary", id: `${idPrefix}-go`, text: "Sign in" });
  const form = el("form", { class: "signin", id: `${idPrefix}-form` }, name, code, go, toggle);
  toggle.onclick = () => { code.hidden = !code.hidden; toggle.textContent = code.hidden ? "I have a recovery code" : "new name instead"; if (!code.hidden) code.focus(); };
  form.onsubmit = async ev => {
    ev.preventDefault();
    const n = name.value.trim();
    if (!n) { toast("Choose a name first."); name.focus(); return; }
    try {
      const guest = code.hidden ? await newGuest(n) : await recoverGuest(n, code.value.trim());
      onDone(guest);
    } catch (err) { toast(err.message); }
  };
  return form;
}

export async function ensureGuest() {
  if (me()) return me();
  return new Promise((resolve, reject) => {
    const box = el("dialog", { id: "name-dialog", "aria-label": "Choose a name" });
    const cancel = el("button", { type: "button", id: "name-cancel", text: "Cancel" });
    box.append(el("h2", { text: "Your name at the table" }), nameForm(guest => { box.close(); resolve(guest); }, "dialog"), cancel);
    cancel.onclick = () => box.close();
    box.addEventListener("close", () => { box.remove(); if (!me()) reject(new Error("Choose a name to play.")); });
    document.body.append(box);
    box.showModal();
    box.querySelector("#dialog-name").focus();
  });
}

export function showWho() {
  const who = document.getElementById("who");
  const guest = me();
  who.replaceChildren();
  if (guest) {
    who.append(`Playing as ${guest.name} `,
      el("button", { id: "signout", onclick: () => {
        if (location.hash.startsWith("#/table/") && !confirm("Sign out? Your seat stays yours: sign in again on this browser, or with your name and recovery code anywhere, to come back.")) return;
        localStorage.setItem("garrison.last-guest", localStorage.getItem("garrison.guest"));
        localStorage.removeItem("garrison.guest"); showWho(); route();
      }, text: "sign out" }));
  } else {
    const before = (() => { try { return JSON.parse(localStorage.getItem("garrison.last-guest") || "null"); } catch { return null; } })();
    if (before) who.append(el("button", { id: "signback", onclick: () => { localStorage.setItem("garrison.guest", JSON.stringify(before)); showWho(); route(); }, text: `sign in again as ${before.name}` }), " ");
    who.append(nameForm(() => route()));
  }
}

export async function join(tid, seat) {
  try {
    await ensureGuest();
    await api(`/api/tables/${tid}/join`, { method: "POST", body: JSON.stringify({ seat }) });
    location.hash = `#/table/${tid}`;
    route();
  } catch (err) { toast(err.message); }
}

export function seatLabel(s) { return `P${s + 1}`; }

// A seated bot by the level the player chose ("bot: good"), known from the games' strengths
// once /api/games has answered; until then (or for a bot outside the levels) by its name.
const botLevels = new Map();   // game -> Map(bot name -> level)
function noteLevels(list) {
  for (const g of list || []) botLevels.set(g.name, new Map((g.strengths || []).map(s => [s.bot, s.label])));
}
export function botWords(table, bot) {
  const levels = table && botLevels.get(table.game);
  const level = levels && levels.get(bot);
  return level ? `bot: ${level}` : `bot ${bot}`;
}

// A team of partners by its index ("team A"), and the team of seat `s` among `teams` (the
// seats of each team; none where each plays alone), as the table's scoreboard names them.
export const teamName = k => `team ${"ABCDEF"[k]}`;
export function teamOf(teams, s) {
  const k = (teams || []).findIndex(t => t.includes(s));
  return k < 0 ? "" : teamName(k);
}

// "P2 · Ann", "P3 · bot: good", "P1 · open seat": one way to name a seat everywhere.
export function seatName(table, s) {
  const seat = table && table.seats[s];
  if (!seat) return seatLabel(s);
  const who = seat.away ? `${seat.name} (${table.status === "playing" ? "away — bot playing" : `away; ${botWords(table, seat.bot)} played on`})`
    : seat.kind === "bot" ? botWords(table, seat.bot) : (seat.name || "open seat");
  return `${seatLabel(s)} · ${who}`;
}

let gamesCache = null;
export async function games() {
  if (!gamesCache) { gamesCache = await api("/api/games"); noteLevels(gamesCache); }
  return gamesCache;
}

// Motion: short, skipped when the player asked the system for less of it.
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
