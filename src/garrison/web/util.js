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
    throw new Error(data.message || res.statusText);
  }
  return data;
}

// The router is app.js's; modules that change the page call it through here (no import cycle).
let router = () => {};
export function setRouter(fn) { router = fn; }
export function route() { return router(); }

export async function ensureGuest() {
  if (me()) return me();
  const name = (prompt("Your name at the table:", "Guest") || "Guest").trim().slice(0, 24) || "Guest";
  const guest = await api("/api/guests", { method: "POST", body: JSON.stringify({ name }) });
  localStorage.setItem("garrison.guest", JSON.stringify(guest));
  showWho();
  return guest;
}

export function showWho() {
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

export async function join(tid, seat) {
  try {
    await ensureGuest();
    await api(`/api/tables/${tid}/join`, { method: "POST", body: JSON.stringify({ seat }) });
    location.hash = `#/table/${tid}`;
    route();
  } catch (err) { toast(err.message); }
}

export function seatLabel(s) { return `P${s + 1}`; }

// "P2 · Ann", "P3 · bot heuristic", "P1 · open seat": one way to name a seat everywhere.
export function seatName(table, s) {
  const seat = table && table.seats[s];
  if (!seat) return seatLabel(s);
  const who = seat.kind === "bot" ? `bot ${seat.bot}` : (seat.name || "open seat");
  return `${seatLabel(s)} · ${who}`;
}

let gamesCache = null;
export async function games() {
  if (!gamesCache) gamesCache = await api("/api/games");
  return gamesCache;
}

// Motion: short, skipped when the player asked the system for less of it.
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
