// The lobby: a new table (game, its options, who sits where) and the list of tables.
import { api, el, ensureGuest, games, join, main, me, seatLabel, seatName, toast } from "./util.js";

export async function lobby() {
  const list = await games();
  const form = el("section", { id: "create" }, el("h2", { text: "New table" }));
  const gameSel = el("select", { id: "game" }, list.map(g => el("option", { value: g.name, text: `${g.title} (${g.players[0] === g.players[1] ? g.players[0] : g.players.join("–")} players)` })));
  const optsBox = el("div", { id: "options", class: "options" });
  const seatsBox = el("div", { id: "seats", class: "options" });
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
    body.append(el("tr", { "data-table": t.id }, el("td", {}, el("a", { href: `#/table/${t.id}`, text: t.title })), el("td", { text: t.status }), el("td", { class: "people", text: people }), el("td", {}, act)));
  }
  if (rows.length) tables.append(el("div", { class: "scroll" }, el("table", { class: "list" }, el("thead", {}, el("tr", {}, ["game", "status", "seats", ""].map(h => el("th", { text: h })))), body)));
}
