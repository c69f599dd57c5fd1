// The widgets of a view (the server's "ui"): zones of cards, dice and a board, each legal
// action made clickable where it is drawn, the rest as labelled buttons. A hand goes to the
// bottom of the table, everything else to its middle.
import { el } from "./util.js";
import { cardNode, faceChoice, legendNode, setFaceChoice } from "./cards.js";
import { dieNode } from "./dice.js";
import { boardNode, designerFor, setupChooser, trayNode } from "./board.js";

// Many actions (a board's squares, a hand of cards) are grouped by their words before the last:
// "place Bomb a1", "place Bomb b1" become one row "place Bomb" with buttons "a1", "b1".
export function actionButtons(legal, send) {
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

// The card whose moves the chooser offers, kept while the same moves are offered at the same
// table, seat and move: every view draws the felt anew, and a view that changes only the table
// (a bot keeping an absent player's seat) closed the chooser under the player's hand.
let chosen = null;   // { at: "table/seat#n", card: its key, ids: its moves' ids }

// Draw a view's widgets; null if the game has none. `legal` gives each action's text.
// ctx: { key (table and seat), n (the view's move count), queue(actions) to send the setup,
// redraw() }.
export function widgetsNode(ui, legal, send, ctx = {}) {
  if (!ui || !Array.isArray(ui.zones)) return null;
  const text = new Map((legal || []).map(a => [a.id, a.text]));
  const descs = (ui.actions || []).map(d => ({ ...d, text: text.get(d.id) || d.label || String(d.id) }));
  const box = el("div", { class: "widgets", id: "widgets" });
  const middle = el("div", { class: "middle", id: "middle" });
  const bottom = el("div", { class: "bottom", id: "bottom" });
  const menu = el("div", { class: "chooser", id: "chooser", "aria-live": "polite" });
  // A card with several moves: what the card is, then one button per move saying what it does
  // ("Push it: face down under its draw pile; ..."), and Cancel.
  const at = `${ctx.key}#${ctx.n}`;
  const go = id => { chosen = null; send(id); };
  function onPick(node, list) {
    if (list.length === 1) { go(list[0].id); return; }
    for (const c of box.querySelectorAll(".card.picked")) c.classList.remove("picked");
    node.classList.add("picked");
    chosen = { at, card: node.dataset.key, ids: node.dataset.ids };
    const close = () => { chosen = null; node.classList.remove("picked"); menu.replaceChildren(); };
    menu.replaceChildren(el("p", { class: "prompt", id: "chooser-prompt", text: node.title || node.getAttribute("aria-label") }),
      el("div", { class: "verbs" },
        ...list.map(d => el("button", { class: "verb", "data-id": d.id, onclick: () => go(d.id), title: d.text },
          d.says ? [el("b", { text: d.says.split(":")[0] }), el("span", { class: "says", text: d.says.includes(":") ? d.says.slice(d.says.indexOf(":") + 1).trim() : "" })]
            : (d.verb || d.text))),
        el("button", { class: "verb cancel", onclick: close, text: "Cancel" })));
  }
  const setups = descs.filter(d => d.kind === "setup");
  const design = ui.tray && descs.some(d => d.kind === "square") && ctx.redraw
    ? designerFor(ctx.key, ui.tray, ctx.redraw) : null;
  for (const zone of ui.zones) {
    const mine = descs.filter(d => d.zone === zone.id);
    let body;
    if (zone.kind === "cards") {
      const byKey = new Map();
      for (const d of mine) if (d.kind === "card") { if (!byKey.has(d.card)) byKey.set(d.card, []); byKey.get(d.card).push(d); }
      body = el("div", { class: "cards" }, zone.cards.length ? zone.cards.map(c => cardNode(c, byKey.get(c.key), onPick)) : el("span", { class: "muted empty", text: zone.empty || "—" }));
    } else if (zone.kind === "dice") {
      const byFace = new Map(mine.filter(d => d.kind === "die").map(d => [d.face, d]));
      body = el("div", { class: "dice" }, zone.dice.length ? zone.dice.map(d => dieNode(d, byFace.get(d.face), send)) : el("span", { class: "muted empty", text: zone.empty || "—" }));
    } else if (zone.kind === "board") {
      body = boardNode(zone, mine, send, { design });
    } else continue;
    const node = el("div", { class: `zone zone-${zone.kind}`, "data-zone": zone.id }, zone.label ? el("div", { class: "zone-label", text: zone.label }) : null, body);
    (zone.id === "hand" ? bottom : middle).append(node);
  }
  box.append(middle, menu);
  if (design) {
    box.append(trayNode(design, setups, send, () => ctx.queue(design.actions())));
  } else if (setups.length) box.append(setupChooser(setups, send));
  // a move the setup designer offers itself (Stratego's random setup: "Fill at random") is
  // not a second button beside it
  const buttons = descs.filter(d => d.kind === "button" && !(design && d.designer));
  if (buttons.length) box.append(el("div", { class: "choices", id: "choices" }, buttons.map(d => el("button", { class: "action choice", "data-id": d.id, onclick: () => send(d.id), text: d.text }))));
  box.append(bottom);
  const verbs = [...new Set(descs.filter(d => d.kind !== "button" && d.kind !== "setup" && !(design && d.kind === "square")).map(d =>
    d.kind === "move" ? "move a piece (click it, then a square)" : d.kind === "die" ? `${d.verb} a die` : d.kind === "square" ? "choose a square" : `${d.verb || "choose"} a card`))];
  if (verbs.length) box.prepend(el("p", { class: "hint", id: "hint", text: "Click to " + verbs.join(", or ") + "." + (ui.hint ? " " + ui.hint : "") }));
  // what the deal is played for (trump, the soloist's count), at the table as well as under it
  if (Array.isArray(ui.facts) && ui.facts.length) box.prepend(el("ul", { class: "facts", id: "facts" }, ui.facts.map(f => el("li", { text: f }))));
  const legend = legendNode(ui.legend);
  if (legend) box.append(legend);
  if (ui.faces && ui.faces.length > 1 && ctx.redraw) {   // a display choice of the cards' faces
    const pick = el("select", { id: "faces", "aria-label": "Card faces" },
      ui.faces.map(f => el("option", { value: f, selected: f === faceChoice(), text: f === "french" ? "French suits" : "Italian suits" })));
    pick.onchange = () => { setFaceChoice(pick.value); ctx.redraw(); };
    box.append(el("p", { class: "faces" }, el("label", { for: "faces", text: "Card faces: " }), pick));
  }
  if (chosen && chosen.at === at) {   // the card being chosen, picked again with its moves
    const again = [...box.querySelectorAll("button.card.playable")]
      .find(c => c.dataset.key === chosen.card && c.dataset.ids === chosen.ids);
    if (again) again.click(); else chosen = null;
  } else chosen = null;
  return box;
}
