// The lobby: a new table (a game, a preset, its options in words, who sits where), your tables,
// and every table, kept up to date without a reload (the list is polled with its ETag).
import { api, el, ensureGuest, games, join, main, me, seatLabel, seatName, teamName, teamOf, toast } from "./util.js";

// The clocks a table may have: none, a time for every move, or a time for each seat's game.
const CLOCKS = [["", "no clock"], ["move:30", "30 seconds a move"], ["move:60", "1 minute a move"],
  ["game:300", "5 minutes a game"], ["game:900", "15 minutes a game"]];

let poller = null;         // the lobby's polling timer (stopped when the page leaves the lobby)

export function leaveLobby() {
  if (poller) { clearTimeout(poller); poller = null; }
}

function optionInput(o) {
  let input;
  if (o.kind === "bool") input = el("input", { type: "checkbox", checked: o.default === true });
  else if (o.choices) input = el("select", {}, o.choices.map(c => el("option", { value: c, selected: String(c) === String(o.default),
    text: valueLabel(o, c) })));
  else if (o.kind === "int" || o.kind === "float") input = el("input", { type: "number", value: o.default === null ? "" : o.default, step: o.kind === "int" ? 1 : "any" });
  else input = el("input", { value: o.default === null ? "" : o.default, size: 12 });
  input.dataset.option = o.name;
  input.id = `opt-${o.name}`;
  return input;
}

// A value as a player reads it: the server's label for it ("Card points (grupp)"), else the
// value itself (numbers); a file option's empty value is the built-in one.
function valueLabel(o, c) {
  const known = o.values && o.values[String(c)];
  return known ? known.label : c === "" ? "built in" : String(c);
}
function valueDoc(o, c) {
  const known = o.values && o.values[String(c)];
  return known && known.doc ? `${known.label}: ${known.doc}` : "";
}

function setValue(input, value) {
  if (input.type === "checkbox") input.checked = value === true;
  else input.value = value === null || value === undefined ? "" : String(value);
}

export async function lobby() {
  leaveLobby();
  const list = await games();
  const form = el("section", { id: "create" }, el("h2", { text: "New table" }));
  const gameSel = el("select", { id: "game" }, list.map(g => el("option", { value: g.name, text: `${g.title} (${g.players[0] === g.players[1] ? g.players[0] : g.players.join("–")} players)` })));
  const summary = el("p", { class: "muted", id: "game-summary" });
  const presetBox = el("div", { id: "presets", class: "presets", role: "radiogroup", "aria-label": "Kind of game" });
  const optsBox = el("div", { id: "options", class: "options" });
  const moreBox = el("div", { id: "more-options-box", class: "options" });
  const more = el("details", { id: "more-options" }, el("summary", { text: "More options" }), moreBox);
  const seatsBox = el("div", { id: "seats", class: "seats-box" });
  // what the game refuses in the options chosen, said as soon as an option changes
  const refused = el("p", { id: "options-refused", class: "refused", role: "status", hidden: true });
  // an optional clock for the people at the table; on timeout a bot moves for them
  const clockSel = el("select", { id: "clock", "aria-describedby": "clock-doc" },
    CLOCKS.map(([value, text]) => el("option", { value, text })));
  const clockBox = el("div", { class: "option" }, el("label", { for: "clock", text: "Clock" }), " ", clockSel,
    el("div", { class: "doc muted", id: "clock-doc", text: "when a person's time runs out, the game's own bot makes that move for them" }));
  form.append(el("label", { class: "game-pick" }, "Game ", gameSel), summary, presetBox, optsBox, more, refused, seatsBox, clockBox,
    el("button", { class: "primary", id: "create-table", onclick: create, text: "Create table" }));

  let seatShows = [];  // each seat's line under its picker, said again when an option changes
  // The levels a seat may get at the options being chosen (a game's levels follow its options:
  // Stratego's master only with the classic army); the game's defaults' until the server says.
  let offered = [];
  let teams = [];      // the seats of each team of partners at these options (none: each alone)
  let asked = 0;       // the latest question for the levels; older answers are dropped
  let pending = false; // options changed and not yet answered: no rating is said meanwhile
  function current() { return list.find(g => g.name === gameSel.value); }
  function inputs() { return [...form.querySelectorAll("[data-option]")]; }
  function optionValues() {
    const out = {};
    for (const input of inputs()) {
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
    const p = form.querySelector('[data-option="players"]');
    return p ? parseInt(p.value, 10) : g.players[0];
  }
  // The options a table will have: the defaults, then the bundle the rule set names
  // (Stratego's Barrage: its army and ISF limits), then those given.
  function withBundle(g, given) {
    const out = Object.fromEntries(g.options.map(o => [o.name, o.default]));
    const b = g.bundles;
    if (b) Object.assign(out, b.values[String(given[b.option] ?? out[b.option])] || {});
    return Object.assign(out, given);
  }
  // choosing a rule set shows the options it sets
  function applyBundle(input) {
    const g = current();
    const values = withBundle(g, { [input.dataset.option]: input.value });
    for (const other of inputs()) {
      if (other === input) continue;
      setValue(other, values[other.dataset.option]);
      other.dispatchEvent(new Event("change"));
    }
  }
  function applyPreset(p) {
    const g = current();
    const values = withBundle(g, p.options);
    for (const input of inputs()) {
      setValue(input, values[input.dataset.option]);
      input.dispatchEvent(new Event("change"));  // each change marks the kind the options make
    }
    drawSeats();
  }
  function row(o) {
    const input = optionInput(o);
    if (o.name === "players") input.onchange = drawSeats;
    const g = current();
    if (g.bundles && o.name === g.bundles.option) input.onchange = () => applyBundle(input);
    const why = el("div", { class: "doc muted value-doc", id: `${input.id}-value` });
    const explain = () => { why.textContent = valueDoc(o, input.value); };
    input.addEventListener("change", explain);
    input.addEventListener("change", askLevels);
    explain();
    return el("div", { class: "option" }, el("label", { for: input.id, text: o.label }), " ", input,
      el("div", { class: "doc muted", text: o.doc }), why);
  }
  let levelTimer = null;
  // while the levels at the options being chosen are asked, the seats say they are busy
  function setPending(v) { pending = v; seatsBox.setAttribute("aria-busy", String(v)); }
  // The kind of game the options make now: the preset all of whose values they have, none
  // once the player changed one away from every preset.
  function markPreset() {
    const g = current();
    const now = withBundle(g, optionValues());
    for (const b of presetBox.querySelectorAll("button[data-preset]")) {
      const wants = withBundle(g, g.presets.find(p => p.name === b.dataset.preset).options);
      b.setAttribute("aria-checked", String(Object.keys(now).every(k => String(now[k]) === String(wants[k]))));
    }
  }
  function askLevels() {  // once after a burst of changes (a preset changes every option)
    markPreset();
    setPending(true);
    seatShows.forEach(f => f());
    clearTimeout(levelTimer);
    levelTimer = setTimeout(fetchLevels, 100);
  }
  async function fetchLevels() {
    const g = current();
    const mine = ++asked;
    const base = `/api/games/${encodeURIComponent(g.name)}`;
    const query = `options=${encodeURIComponent(JSON.stringify(optionValues()))}`;
    let levels, seating;
    try {
      [levels, seating] = await Promise.all([api(`${base}/levels?${query}`), api(`${base}/seats?${query}`)]);
    } catch (err) {  // options the game refuses: said under the options, no rating meanwhile
      if (mine === asked && g === current()) { refused.textContent = err.message; refused.hidden = false; seatsBox.setAttribute("aria-busy", "false"); }
      return;
    }
    if (mine !== asked || g !== current()) return;
    refused.hidden = true;
    const names = ls => ls.map(x => `${x.level}=${x.bot}`).join(",");
    const same = names(levels) === names(offered);
    offered = levels;  // with each level's rating at these options (none where not measured)
    teams = seating.teams;
    setPending(false);
    if (same) { seatShows.forEach(f => f()); showTeams(); } else drawSeats();
  }
  function drawOptions() {
    const g = current();
    offered = g.strengths;
    teams = g.teams;
    setPending(false);
    refused.hidden = true;
    asked++;
    summary.textContent = g.summary;
    presetBox.replaceChildren(el("span", { class: "presets-label", text: "Kind of game: " }), ...g.presets.map((p, i) =>
      el("button", { type: "button", class: "preset", role: "radio", "aria-checked": String(i === 0), "data-preset": p.name, title: p.doc, onclick: () => applyPreset(p) },
        el("b", { text: p.label }), el("span", { class: "doc", text: p.doc }))));
    optsBox.replaceChildren(...g.options.filter(o => !o.more).map(row));
    // options that are not a way to play (smaller packs for exact game theory) come last, apart
    const rest = g.options.filter(o => o.more && !o.research);
    const research = g.options.filter(o => o.more && o.research);
    moreBox.replaceChildren(...rest.map(row), ...(research.length ? [el("div", { class: "options-research" },
      el("div", { class: "seats-head", text: "For research" }),
      el("div", { class: "doc muted", text: "smaller games for exact game theory, not a way to play" }),
      ...research.map(row))] : []));
    more.hidden = !rest.length && !research.length;
    drawSeats();
  }
  function drawSeats() {
    const n = seatCount();
    const levelsHere = new Set(offered.map(s => "bot:" + s.level));
    // a seat whose level is not offered at these options gets the strongest that is
    const before = [...seatsBox.querySelectorAll("select[data-seat]")].map(s =>
      s.value.startsWith("bot:") && !levelsHere.has(s.value) ? "bot:" + offered[offered.length - 1].level : s.value);
    seatShows = [];
    seatsBox.replaceChildren(el("div", { class: "seats-head", text: "Who sits where" }), teamsDoc, ...Array.from({ length: n }, (_, i) => {
      const choose = v => before[i] !== undefined ? before[i] === v : (i === 0 ? v === "me" : v === "bot:good");
      const sel = el("select", { "data-seat": i, id: `seat-${i}`, "aria-label": `Who plays ${seatLabel(i)}` },
        el("option", { value: "me", selected: choose("me"), text: "me" }),
        el("option", { value: "human", selected: choose("human"), text: "a person I invite" }),
        offered.map(s => el("option", { value: "bot:" + s.level, selected: choose("bot:" + s.level), text: `bot: ${s.label}` })));
      const botName = el("div", { class: "bot-name muted", id: `seat-${i}-bot` });
      const show = () => {
        const s = offered.find(x => "bot:" + x.level === sel.value);
        const r = s && !pending && s.elo !== null ? s : null;
        // each choice said once, under the first seat that has it (five seats of the good bot
        // are not five paragraphs)
        const said = [...seatsBox.querySelectorAll("select[data-seat]")].slice(0, i).some(o => o.value === sel.value);
        botName.textContent = said ? "" : s ? s.doc[0].toUpperCase() + s.doc.slice(1) + (r ? `; ${r.rating}` : "") : sel.value === "human" ? "send them the invite link shown at the table" : "";
        botName.title = s ? `engine: ${s.bot}` + (r ? `; Elo ${r.elo} over random play (95% interval ${r.elo_low} to ${r.elo_high})` : "") : "";
      };
      sel.onchange = () => seatShows.forEach(f => f());
      seatShows.push(show);
      return el("div", { class: "seat-pick" }, el("label", { for: sel.id, "data-seat-label": i, text: `${seatLabel(i)} ` }), sel, botName);
    }));
    seatShows.forEach(f => f());
    showTeams();
  }
  // Partners (Scopa's four or six players) are said by team, as the table's scoreboard says
  // them; said in place (a redraw would close a seat's open list), and only once the teams
  // answered are those of the seats shown (a player count changed a moment ago has none yet).
  const teamsDoc = el("div", { class: "doc muted", id: "teams-doc", hidden: true });
  function showTeams() {
    const labels = [...seatsBox.querySelectorAll("[data-seat-label]")];
    const fits = teams.length && teams.flat().length === labels.length;
    teamsDoc.hidden = !fits;
    teamsDoc.textContent = fits ? "Partners share their points: " +
      teams.map((t, k) => `${teamName(k)} ${t.map(s => seatLabel(s)).join(" + ")}`).join(", ") : "";
    for (const label of labels) {
      const i = Number(label.dataset.seatLabel);
      label.textContent = fits ? `${seatLabel(i)} (${teamOf(teams, i)}) ` : `${seatLabel(i)} `;
    }
  }
  async function create() {
    try {
      await ensureGuest();
      // options changed a moment ago: the levels they offer first (a seat's level may be gone)
      if (pending) { clearTimeout(levelTimer); await fetchLevels(); }
      const choice = [...seatsBox.querySelectorAll("[data-seat]")].map(s => s.value);
      const mine = choice.indexOf("me");
      const seats = choice.map(v => v.startsWith("bot:") ? { kind: "bot", bot: offered.find(s => "bot:" + s.level === v).bot } : { kind: "human" });
      const [kind, seconds] = clockSel.value ? clockSel.value.split(":") : [null, null];
      const clock = kind ? { kind, seconds: Number(seconds) } : null;
      const table = await api("/api/tables", { method: "POST", body: JSON.stringify({ game: gameSel.value, options: optionValues(), seats, seat: mine >= 0 ? mine : null, clock }) });
      location.hash = `#/table/${table.id}`;
    } catch (err) { toast(err.message); }
  }
  gameSel.onchange = drawOptions;
  drawOptions();

  const yours = el("section", { id: "your-tables", hidden: true }, el("h2", { text: "Your tables" }));
  const tables = el("section", { id: "tables" }, el("h2", { text: "Tables" }), el("p", { class: "muted", id: "tables-live", text: "Updated as tables change." }));
  main.replaceChildren(form, yours, tables);
  await Promise.all([drawYours(yours), pollTables(tables, null)]);
}

// "Your tables": where you hold a seat, or a bot keeps one for you (take it back there).
async function drawYours(box) {
  if (!me()) return;
  let rows;
  try { rows = await api("/api/me/tables"); } catch { return; }
  box.hidden = !rows.length;
  box.replaceChildren(el("h2", { text: "Your tables" }), el("ul", { class: "your-list" }, rows.map(t => {
    const seat = t.seats[t.mine];
    const state = t.status === "finished" ? "over" : t.status === "waiting" ? "waiting for players"
      : seat && seat.away ? "a bot plays for you: take your seat back" : "in play";
    const href = t.status === "finished" ? `#/replay/${t.id}` : `#/table/${t.id}`;
    return el("li", { "data-table": t.id }, el("a", { href, text: `${t.title} — ${seatLabel(t.mine)}` }), ` · ${state}`);
  })));
}

// The list of tables, polled with its ETag every few seconds while the lobby is shown: new
// tables, seats taken and games finished appear without a reload.
async function pollTables(box, etag) {
  if (!document.body.contains(box) && etag !== null) return;
  let res;
  try {
    res = await fetch("/api/tables?limit=50", { headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store" });
  } catch { res = null; }
  if (res && res.status === 200) {
    drawTables(box, await res.json());
    etag = res.headers.get("ETag");
    box.dataset.etag = etag || "";
  }
  if (document.body.contains(box)) poller = setTimeout(() => pollTables(box, etag), 2500);
}

function drawTables(box, rows) {
  const guestNow = me();
  const body = el("tbody");
  for (const t of rows) {
    const free = t.seats.filter(s => !s.taken);
    // partners are listed by team ("team A: P1 · Ann, P3 · open seat; team B: …")
    const people = t.teams && t.teams.length
      ? t.teams.map((m, k) => `${teamName(k)}: ${m.map(s => seatName(t, s)).join(", ")}`).join("; ")
      : t.seats.map(s => seatName(t, s.seat)).join(", ");
    const mineHere = guestNow && t.seats.some(s => s.player === guestNow.id);
    const joinAs = s => { const team = teamOf(t.teams, s); return `Join as ${seatLabel(s)}` + (team ? ` (${team})` : ""); };
    let act;
    if (t.status === "waiting" && free.length && !mineHere) act = el("button", { class: "join", onclick: () => join(t.id, free[0].seat), text: joinAs(free[0].seat) });
    else if (mineHere && t.status !== "finished") act = el("a", { href: `#/table/${t.id}`, text: "your table" });
    else if (t.status === "finished") act = el("a", { href: `#/replay/${t.id}`, text: "watch replay" });
    else act = el("a", { href: `#/table/${t.id}`, text: t.status === "playing" ? "watch" : "open" });
    body.append(el("tr", { "data-table": t.id, "data-status": t.status }, el("td", {}, el("a", { href: `#/table/${t.id}`, text: t.title })), el("td", { text: t.status }), el("td", { class: "people", text: people }), el("td", {}, act)));
  }
  const head = [box.querySelector("h2"), box.querySelector("#tables-live")];
  box.replaceChildren(...head, rows.length
    ? el("div", { class: "scroll" }, el("table", { class: "list" }, el("thead", {}, el("tr", {}, ["game", "status", "seats", ""].map(h => el("th", { text: h })))), body))
    : el("p", { class: "muted", text: "No tables yet: create one." }));
}
