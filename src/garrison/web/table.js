// A table, live over a WebSocket: the seats around it (name, bot or person, who is to move,
// cards in hand, score, last move), the middle (trick, table cards, board, dice), your hand at
// the bottom; beside it the scoreboard, the last trick, the log and the how-to. The game's text
// view and one button per legal move stay below as accessible fallbacks. An aria-live line
// announces each opponent's move; cards and pieces move briefly (not with reduced motion).
import { api, botWords, el, fill, games, join, main, me, reducedMotion, seatLabel, seatName, toast } from "./util.js";
import { cardNode } from "./cards.js";
import { animateMove } from "./board.js";
import { actionButtons, widgetsNode } from "./widgets.js";
import { sounds, soundToggle } from "./sound.js";
import { CLIENT_MESSAGES, checkMessage } from "./protocol.js";

let socket = null;          // the open table socket, if any

// Send a message the protocol declares (protocol.js, made from the server's declaration); one
// it does not is a programming error, said on the console and not sent.
function sendOn(ws, msg) {
  const kind = CLIENT_MESSAGES[msg.type];
  const fields = kind ? new Set(["type", ...kind.required, ...kind.optional]) : null;
  const bad = !kind ? "unknown type" : Object.keys(msg).filter(f => !fields.has(f)).join(", ");
  if (bad) { console.error(`garrison protocol: a ${msg.type} message the server does not take (${bad})`); return; }
  ws.send(JSON.stringify(msg));
}

let clockTicker = null;     // the interval that counts the clock down on the page
export function closeTable() {
  if (clockTicker) { clearInterval(clockTicker); clockTicker = null; }
  if (socket) { const s = socket; socket = null; s.close(); }
}

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

// A game may send only its latest log lines, and may rewrite its last line ("trick 2 so far:
// ..."): keep what was seen, and add the lines after the longest overlap of what we hold with
// what came (the last line we hold may have changed since).
export function mergeLog(kept, latest) {
  if (!kept.length || latest.length >= kept.length && latest.slice(0, kept.length).every((e, i) => e === kept[i])) return latest.slice();
  for (let k = Math.min(kept.length, latest.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = kept[kept.length - k + i] === latest[i];
    if (same) return kept.concat(latest.slice(k));
  }
  // the same lines but our last one rewritten: at least one line before it must agree
  for (let p = Math.max(0, kept.length - latest.length); p <= kept.length - 2; p++) {
    let same = true;
    for (let i = p; i < kept.length - 1 && same; i++) same = kept[i] === latest[i - p];
    if (same) return kept.slice(0, p).concat(latest);
  }
  // a new part (Solo 66's next deal) may repeat summaries we hold already: add them once
  const seen = new Set(kept);
  let i = 0;
  while (i < latest.length && seen.has(latest[i])) i++;
  return kept.concat(latest.slice(i));
}

// How a log names a seat ("P2 plays ...", "Blue d7-d8 ..."): the game's words if it says them.
function logName(v, s) { return (v.ui && v.ui.log_names && v.ui.log_names[s]) || `P${s + 1}`; }

function lastLineOf(log, name) {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].startsWith(name + " ")) return log[i];
  return null;
}

// Where each seat sits around the table: the others across the top (in turn order after you).
function seatOrder(n, mine) {
  const start = mine === null || mine === undefined ? 0 : mine;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

export async function tableView(tid) {
  const guest = me();
  const status = el("p", { class: "status", id: "status", text: "Connecting…" });
  const result = el("p", { class: "result", id: "result" });
  const announce = el("p", { class: "announce", id: "announce", "aria-live": "polite", role: "status" });
  const resultPanel = el("section", { id: "result-panel", role: "region", "aria-label": "Result", hidden: true });
  const board = el("section", { id: "scoreboard", role: "region", "aria-label": "Scoreboard" }, el("h2", { text: "Scoreboard" }));
  const lastTrick = el("section", { id: "last-trick", role: "region", "aria-label": "Last trick", hidden: true });
  const pre = el("pre", { class: "view", id: "view" });
  const actions = el("div", { class: "actions", id: "actions" });
  const play = el("div", { id: "play" });
  const others = el("div", { class: "ring", id: "ring" });
  const myPlaque = el("div", { class: "ring mine", id: "my-seat" });
  const textBox = el("details", { id: "text-view" }, el("summary", { text: "Text view" }), pre);
  const fallback = el("details", { id: "fallback" }, el("summary", { text: "All moves as buttons" }), actions);
  // a panel the page opened by itself closes again by itself; one the player opened stays open
  const openedByUser = { text: false, fallback: false }, openedByPage = { text: false, fallback: false };
  textBox.addEventListener("toggle", () => { if (textBox.open !== openedByPage.text) openedByUser.text = textBox.open; });
  fallback.addEventListener("toggle", () => { if (fallback.open !== openedByPage.fallback) openedByUser.fallback = fallback.open; });
  const seats = el("div", { id: "seat-list" });
  const watchers = el("p", { class: "muted", id: "watchers" });
  const awayBox = el("section", { id: "away", role: "region", "aria-label": "Your seat", hidden: true });
  const offerBox = el("div", { id: "rematch-offer", role: "status", "aria-live": "polite" });
  // a seated player's way out of a game in play: resign, or (two players) offer a draw
  const endBox = el("section", { id: "game-controls", class: "game-controls", role: "region", "aria-label": "Resign or draw", hidden: true });
  const chatLines = el("ol", { id: "chat-lines", "aria-live": "polite" });
  const chatText = el("input", { id: "chat-text", maxlength: 300, placeholder: "say something", "aria-label": "Chat message", autocomplete: "off" });
  const chatForm = el("form", { id: "chat-form", class: "chat-form" }, chatText, el("button", { type: "submit", id: "chat-send", text: "Send" }));
  const mutedBox = el("p", { class: "muted", id: "muted-list" });
  const chatBox = el("section", { id: "chat", role: "region", "aria-label": "Chat" }, el("h2", { text: "Chat" }), chatLines, chatForm, mutedBox);
  const logList = el("ol", { id: "log" });
  const invite = el("input", { id: "invite", readonly: true, size: 24, value: location.href.split("#")[0] + `#/table/${tid}`, "aria-label": "Invitation link" });
  const howto = el("section", { id: "howto", role: "region", "aria-label": "How to play" }, el("h2", { text: "How to play" }), el("p", { class: "muted", text: "…" }));
  const felt = el("section", { class: "felt", id: "felt", role: "region", "aria-label": "Table" },
    el("h2", { id: "title", text: "Table " + tid }), status, result, announce, others,
    el("div", { class: "felt-row" }, play, lastTrick), myPlaque);
  fill(main, el("div", { class: "layout" },
    el("div", { class: "table-col" }, awayBox, resultPanel, felt, endBox, el("section", { class: "fallbacks" }, fallback, textBox), board),
    el("div", { class: "side-col" },
      el("section", {}, el("h2", { text: "Seats" }), seats, watchers, el("p", { class: "invite" }, el("label", {}, "Invite: ", invite)), soundToggle()),
      chatBox,
      el("section", {}, el("h2", { text: "Log" }), logList),
      howto)));

  let last = null;
  let logKept = [];          // the whole game's log as this page saw it (some games send the latest lines only)
  let rulesFor = null;
  let retry = 0;
  let queue = [];            // setup actions the page sends one after another (Stratego's "Ready")
  let clock = null;          // the table's clock as last told, and when it was told (page time)
  const params = new URLSearchParams();

  function plaque(v, s, lastLine) {
    const t = v.table, seat = t.seats[s];
    const info = (v.ui && v.ui.seats && v.ui.seats[s]) || {};
    const tomove = v.to_move === s && t.status === "playing";
    const kind = seat.kind === "bot" ? "bot" : seat.name ? "person" : "open seat";
    return el("div", { class: "plaque" + (tomove ? " tomove" : "") + (v.seat === s ? " me" : ""), "data-seat": s, role: "group", "aria-label": seatName(t, s) },
      el("div", { class: "pname" }, el("b", { text: seat.away ? `${seatLabel(s)} · ${seat.name}` : seatName(t, s).replace(/ · bot.*/, "") }), " ",
        el("span", { class: `kind ${kind.replace(" ", "-")}`, title: seat.kind === "bot" || seat.away ? `engine: ${seat.bot}` : null,
          text: seat.away ? "away — bot playing" : seat.kind === "bot" ? botWords(t, seat.bot) : v.seat === s ? "you" : kind }),
        tomove ? el("span", { class: "turn", text: "to move" }) : null),
      info.hand !== undefined && info.hand !== null ? el("div", { class: "hand-count", text: `${info.hand} card${info.hand === 1 ? "" : "s"} in hand` }) : null,
      info.stats ? el("div", { class: "stats", text: info.stats }) : null,
      el("div", { class: "clock", "data-clock": s, hidden: true }),
      info.last ? el("div", { class: "lastmove", text: "Last: " + info.last })
        : lastLine ? el("div", { class: "lastmove", text: "Last: " + lastLine.slice(logName(v, s).length + 1) }) : null);
  }

  function drawRing(v) {
    const n = v.table.seats.length;
    const mine = v.seat !== null && v.seat !== undefined;
    const order = seatOrder(n, mine ? v.seat : null);
    const lines = order.map(s => lastLineOf(logKept, logName(v, s)));
    fill(others, ...order.map((s, i) => (mine && s === v.seat) ? null : plaque(v, s, lines[i])).filter(Boolean));
    fill(myPlaque, ...(mine ? [plaque(v, v.seat, lines[0])] : []));
  }

  function drawBoard(v) {
    const t = v.table, sb = v.ui && v.ui.scoreboard;
    const rows = t.seats.map(s => {
      const cells = sb ? (sb.rows.find(r => r.seat === s.seat) || { cells: [] }).cells : [];
      const name = seatName(t, s.seat) + (v.seat === s.seat ? " (you)" : "");
      return el("tr", { class: (v.to_move === s.seat ? "tomove" : "") + (v.seat === s.seat ? " mine" : ""), "data-seat": s.seat },
        el("td", { text: name }), cells.map((c, i) => el("td", { text: String(c), "data-label": (sb.columns[i] || "Status") })));
    });
    const head = el("tr", {}, el("th", { text: "Player" }), (sb ? sb.columns : []).map(c => el("th", { text: c || "Status" })));
    fill(board, el("h2", { text: "Scoreboard" }), el("div", { class: "scroll" }, el("table", {}, el("thead", {}, head), el("tbody", {}, rows))),
      sb && sb.notes.length ? el("ul", { class: "notes" }, sb.notes.map(n => el("li", { text: n }))) : null);
  }

  // The last trick beside the table: its cards with who played them and who took it (or, in
  // 1848, the round's decision in words).
  function pointsText(lt) {
    const p = lt.points;
    return p === undefined || p === null ? "" : ` (${p > 0 ? "+" : p < 0 ? "−" : "±"}${Math.abs(p)})`;
  }
  function takenText(v, lt) {
    if (lt.winner === undefined || lt.winner === null) return "";
    return `${v.seat === lt.winner ? "You take" : `${seatLabel(lt.winner)} takes`} the trick${pointsText(lt)}`;
  }
  function drawLastTrick(v) {
    const lt = v.ui && v.ui.last_trick;
    lastTrick.hidden = !lt;
    if (!lt) { fill(lastTrick); return; }
    const title = lt.title || "Last trick";
    lastTrick.setAttribute("aria-label", "Last trick");
    const cards = (lt.cards || []).map(c => cardNode({ ...c, byName: seatLabel(c.by) }, null, () => {}));
    fill(lastTrick, el("h2", { text: title }),
      cards.length ? el("div", { class: "cards" }, cards) : null,
      lt.lines ? el("ul", { class: "lines" }, lt.lines.map(x => el("li", { text: x }))) : null,
      lt.winner !== undefined && lt.winner !== null
        ? el("p", { class: "winner", text: `Won by ${seatName(v.table, lt.winner)}${pointsText(lt)}` }) : null);
  }

  // A trick just completed stays on the table, whole, for a moment (HOLD_MS), with who took it;
  // then the table clears (the cards fly to the winner, unless the player asked for less motion).
  const HOLD_MS = 1500;
  let held = null;           // { trick: the last_trick shown, until: page time, timer }
  function trickKey(lt) { return lt && lt.cards ? JSON.stringify([lt.cards.map(c => c.key), lt.winner]) : null; }
  // The trick completed between two views (null if none); with less motion asked for, the
  // table clears at once and the line above it says who took the trick.
  function completedTrick(prev, v) {
    const now = v.ui && v.ui.last_trick, was = prev && prev.ui && prev.ui.last_trick;
    if (!now || !now.cards || !prev || prev.table.id !== v.table.id || trickKey(now) === trickKey(was)) return null;
    return now;
  }
  function holdTrick(trick) {
    if (!trick || reducedMotion()) return;
    if (held && held.timer) clearTimeout(held.timer);
    held = { trick, until: performance.now() + HOLD_MS };
    held.timer = setTimeout(() => { held = null; if (last && document.body.contains(felt)) draw(last); }, HOLD_MS);
  }
  function showHeld(v) {
    if (!held || performance.now() >= held.until) return;
    const zone = play.querySelector('.zone[data-zone="trick"]');
    if (!zone) return;
    const cards = held.trick.cards.map(c => cardNode(c, null, () => {}));
    const box = zone.querySelector(".cards");
    if (box) fill(box, cards);
    zone.classList.add("held");
    zone.append(el("p", { class: "taken", id: "taken", text: takenText(v, held.trick) }));
  }

  function breakdownNode(b) {
    return el("div", { class: "breakdown scroll" }, el("h3", { text: b.title }),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: "" }), b.columns.map(c => el("th", { text: c })))),
        el("tbody", {}, b.rows.map(r => el("tr", {}, el("th", { text: typeof r[0] === "number" ? seatName(last.table, r[0]) : r[0] }), r.slice(1).map((c, i) => el("td", { text: String(c), "data-label": b.columns[i] })))))),
      b.notes && b.notes.length ? el("ul", {}, b.notes.map(n => el("li", { text: n }))) : null);
  }

  function drawResult(v) {
    const t = v.table;
    const over = t.status === "finished";
    const ui = v.ui || {};
    resultPanel.hidden = !over && !ui.hand_end;
    if (!over) {
      result.textContent = "";
      if (ui.hand_end) fill(resultPanel, el("h2", { text: "End of the hand" }), breakdownNode(ui.hand_end));
      return;
    }
    const res = ui.result;
    const returns = v.returns || [];
    const winners = res ? res.winners : returns.map((r, i) => [r, i]).filter(([r]) => r === Math.max(...returns)).map(([, i]) => i);
    const everyone = winners.length === t.seats.length;
    let verdict = "The game is over";
    if (v.seat !== null && v.seat !== undefined) verdict = everyone ? "Draw" : winners.includes(v.seat) ? (winners.length > 1 ? "You won (shared)" : "You won") : "You lost";
    else if (everyone) verdict = "Draw";
    const names = winners.map(s => seatName(t, s)).join(" and ");
    const scores = res ? res.scores : returns.map(r => `${r > 0 ? "+" : ""}${+r.toFixed(3)}`);
    const ended = v.ended ? (v.ended.how === "draw" ? "A draw was agreed." : `${seatName(t, v.ended.by)} resigned.`) : null;
    result.textContent = ended ? `${verdict}. ${ended}` : `${verdict}.`;
    fill(resultPanel, el("h2", { text: "Result" }), el("p", { class: "verdict", text: verdict }),
      el("p", { text: everyone ? "Nobody came out ahead." : `Winner${winners.length > 1 ? "s" : ""}: ${names}` }),
      ended || (res && res.reason) || ui.reason ? el("p", { class: "reason", id: "reason", text: ended || (res && res.reason) || ui.reason }) : null,
      el("ul", { class: "scores" }, scores.map((sc, i) => el("li", { text: `${seatName(t, i)}: ${sc}` }))),
      ui.hand_end ? breakdownNode(ui.hand_end) : null,
      el("p", {}, v.seat !== null && v.seat !== undefined ? el("button", { class: "primary", id: "rematch", onclick: () => rematch(true), text: "Rematch" }) : null, " ",
        el("a", { href: `#/replay/${t.id}` + (v.seat !== null && v.seat !== undefined ? `/${v.seat}` : ""), id: "replay-link", text: "Watch replay" }), " · ",
        el("a", { href: `/api/tables/${t.id}/record`, download: `garrison-${t.game}-${t.id}.json`, id: "record-link", text: "Download record" })),
      offerBox);
  }

  // A rematch is an offer every seated player answers (bots at once); the server tells every
  // page how it stands, and when all accepted, where the new table is.
  function rematch(accept) {
    if (!socket || socket.readyState !== WebSocket.OPEN) { toast("Not connected; try again in a moment."); return; }
    sendOn(socket, { type: "rematch", accept });
  }
  let offer = null;
  function drawOffer() {
    const v = last;
    if (!offer || !v) { fill(offerBox); return; }
    const t = v.table;
    if (offer.state === "ready") {
      fill(offerBox, el("p", { text: "Everyone accepted: to the new table…" }));
      location.hash = `#/table/${offer.table}`;
      return;
    }
    if (offer.state === "declined") {
      fill(offerBox, el("p", { id: "rematch-state", text: `${seatName(t, offer.by)} declined the rematch.` }));
      return;
    }
    const mine = v.seat !== null && v.seat !== undefined;
    const waiting = offer.waiting.map(s => seatName(t, s)).join(", ");
    fill(offerBox, el("p", { id: "rematch-state", text: `${seatName(t, offer.by)} offers a rematch (seats move one place on). Waiting for: ${waiting}.` }),
      mine && offer.waiting.includes(v.seat) ? el("p", {},
        el("button", { class: "primary", id: "rematch-accept", onclick: () => rematch(true), text: "Accept rematch" }), " ",
        el("button", { id: "rematch-decline", onclick: () => rematch(false), text: "Decline" })) : null);
    const b = document.getElementById("rematch");
    if (b) b.hidden = true;
  }

  // Resign (asked twice, on the page itself) and, in a two-player game, a draw offered, answered
  // by the other player; the server tells every page how it stands.
  let drawState = null, confirming = false;
  function end(type, accept) {
    if (!socket || socket.readyState !== WebSocket.OPEN) { toast("Not connected; try again in a moment."); return; }
    sendOn(socket, accept === undefined ? { type } : { type, accept });
  }
  function drawControls() {
    const v = last;
    const mine = v && v.seat !== null && v.seat !== undefined;
    endBox.hidden = !(mine && v.table.status === "playing");
    if (endBox.hidden) { confirming = false; fill(endBox); return; }
    const t = v.table, two = t.seats.length === 2;
    const resign = confirming
      ? el("p", { class: "confirm" }, el("span", { text: two ? "Resign and lose this game?" : "Resign? A bot plays your seat on." }), " ",
          el("button", { class: "danger", id: "resign-yes", onclick: () => { confirming = false; end("resign"); }, text: "Yes, resign" }), " ",
          el("button", { id: "resign-no", onclick: () => { confirming = false; drawControls(); }, text: "Keep playing" }))
      : el("button", { id: "resign", onclick: () => { confirming = true; drawControls(); }, text: "Resign" });
    let offer = null;
    if (two) {
      if (drawState && drawState.state === "open" && drawState.by !== v.seat) {
        offer = el("p", { id: "draw-state" }, el("span", { text: `${seatName(t, drawState.by)} offers a draw.` }), " ",
          el("button", { class: "primary", id: "draw-accept", onclick: () => end("draw", true), text: "Accept draw" }), " ",
          el("button", { id: "draw-decline", onclick: () => end("draw", false), text: "Decline" }));
      } else if (drawState && drawState.state === "open") {
        offer = el("p", { id: "draw-state", text: "You offered a draw; waiting for the answer." });
      } else {
        offer = el("p", {}, drawState && drawState.state === "declined"
          ? el("span", { id: "draw-state", text: `${seatName(t, drawState.by)} declined the draw. ` }) : null,
          el("button", { id: "draw-offer", onclick: () => end("draw", true), text: "Offer a draw" }));
      }
    }
    fill(endBox, el("div", { class: "end-row" }, resign, offer));
  }

  // Chat: each line with its sender; a player may mute another (kept in this browser).
  const mutedKey = "garrison.muted";
  function muted() { try { return JSON.parse(localStorage.getItem(mutedKey) || "[]"); } catch { return []; } }
  function setMuted(list) { localStorage.setItem(mutedKey, JSON.stringify(list)); drawChat(); }
  let chat = [];
  function drawChat() {
    const off = muted();
    const g = me();
    fill(chatLines, ...chat.filter(m => !off.some(x => x.id === m.from)).map(m => el("li", { "data-from": m.from },
      el("b", { text: m.name + (m.seat !== null && m.seat !== undefined ? ` (${seatLabel(m.seat)})` : "") }), ": ", el("span", { class: "said", text: m.text }),
      g && g.id !== m.from ? el("button", { class: "link mute", title: `Hide ${m.name}'s lines`, onclick: () => setMuted([...off, { id: m.from, name: m.name }]), text: "mute" }) : null)));
    chatLines.scrollTop = chatLines.scrollHeight;
    fill(mutedBox, ...(off.length ? ["Muted: ", ...off.map(x => el("button", { class: "link unmute", onclick: () => setMuted(off.filter(y => y.id !== x.id)), text: `${x.name} (unmute)` }))] : []));
    chatForm.hidden = !g;
  }
  chatForm.onsubmit = ev => {
    ev.preventDefault();
    const text = chatText.value.trim();
    if (!text || !socket || socket.readyState !== WebSocket.OPEN) return;
    sendOn(socket, { type: "chat", text });
    chatText.value = "";
  };
  let here = null;
  function drawPresence() {
    if (!here) { watchers.textContent = ""; return; }
    const names = here.watchers.slice();
    if (here.anonymous) names.push(`${here.anonymous} without a name`);
    watchers.textContent = names.length ? `Watching: ${names.join(", ")}` : "Nobody else is watching.";
  }

  // Back after a bot took your seat: what it played for you, and one click to take it back.
  let awayShown = null;
  async function drawAway(v) {
    const g = me();
    const kept = g && v.table.status === "playing" ? v.table.seats.find(s => s.away && s.player === g.id) : null;
    if (!kept) { awayBox.hidden = true; awayShown = null; return; }
    const key = `${v.table.id}/${v.n}`;
    if (awayShown === key) return;
    awayShown = key;
    let info;
    try { info = await api(`/api/tables/${v.table.id}/away`); } catch { awayBox.hidden = true; return; }
    const moves = info.moves;
    awayBox.hidden = false;
    fill(awayBox, el("h2", { text: "A bot played for you" }),
      el("p", { id: "away-summary", text: `You were away, so a ${botWords(last && last.table, info.bot).replace(": ", " ")} took your seat (${seatLabel(info.seat)}) and has made ${moves.length} move${moves.length === 1 ? "" : "s"} for you${moves.length ? ":" : " so far."}` }),
      moves.length ? el("ol", { id: "away-moves", class: "away-moves" }, moves.slice(-30).map(m => el("li", { text: m.text }))) : null,
      moves.length > 30 ? el("p", { class: "muted", text: `(the last 30 of ${moves.length})` }) : null,
      el("button", { class: "primary", id: "reclaim", onclick: () => reclaim(info.seat), text: "Take my seat back" }));
  }
  async function reclaim(seat) {
    try {
      await api(`/api/tables/${tid}/reclaim`, { method: "POST", body: JSON.stringify({ seat }) });
      awayBox.hidden = true;
      toast(`${seatLabel(seat)} is yours again.`);
      params.set("seat", seat);
      const old = socket; socket = null; if (old) old.close();
      last = null;
      connect();
    } catch (err) { toast(err.message); }
  }

  function drawHelp(v, info) {
    const paras = v.ui && v.ui.help && v.ui.help.length ? v.ui.help
      : info && info.how_to_play && info.how_to_play.length ? info.how_to_play : [info ? info.summary : ""];
    fill(howto, el("h2", { text: `How to play ${v.table.title}` }), ...paras.map(p => el("p", { text: p })));
  }

  // Where cards were before a redraw, to move them from there (or from a seat) to where they are.
  function snapshot() {
    const cards = new Map();
    for (const n of play.querySelectorAll("#middle .card[data-key]")) cards.set(n.dataset.key, { rect: n.getBoundingClientRect(), node: n.cloneNode(true) });
    return cards;
  }
  function plaqueRect(s) {
    const p = main.querySelector(`.plaque[data-seat="${s}"]`);
    return p ? p.getBoundingClientRect() : null;
  }
  function animate(before, v, prev) {
    if (reducedMotion() || !before) return;
    const now = new Set();
    for (const n of play.querySelectorAll("#middle .card[data-key]")) {
      now.add(n.dataset.key);
      if (before.has(n.dataset.key)) continue;
      const by = n.parentElement && n.parentElement.dataset.by;
      const from = by !== undefined ? plaqueRect(+by) : null;
      if (!from) continue;
      const to = n.getBoundingClientRect();
      n.animate([{ transform: `translate(${from.left + from.width / 2 - to.left - to.width / 2}px, ${from.top + from.height / 2 - to.top - to.height / 2}px) scale(.6)`, opacity: 0.3 },
        { transform: "none", opacity: 1 }], { duration: 320, easing: "ease-out" });
    }
    // cards that left the middle go to whoever took them: the winner of the trick that just
    // ended, else the player who just moved (a Scopa capture, an 1848 stack won)
    const lt = v.ui && v.ui.last_trick;
    const taker = lt && lt.winner !== undefined ? lt.winner
      : prev && prev.to_move !== null && prev.to_move !== undefined ? prev.to_move : null;
    for (const [key, { rect, node }] of before) {
      if (now.has(key)) continue;
      const dest = taker !== null ? plaqueRect(taker) : null;
      const ghost = node;
      ghost.classList.add("ghost");
      ghost.style.left = `${rect.left}px`; ghost.style.top = `${rect.top}px`;
      ghost.style.width = `${rect.width}px`; ghost.style.height = `${rect.height}px`;
      document.body.append(ghost);
      const dx = dest ? dest.left + dest.width / 2 - rect.left - rect.width / 2 : 0;
      const dy = dest ? dest.top + dest.height / 2 - rect.top - rect.height / 2 : -20;
      const anim = ghost.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0 }],
        { duration: 420, easing: "ease-in", delay: 250 });
      anim.onfinish = () => ghost.remove();
      anim.oncancel = () => ghost.remove();
    }
    const boardZone = v.ui && (v.ui.zones || []).find(z => z.kind === "board");
    if (boardZone && last && before.moved) animateMove(play, boardZone);
  }

  // The "just happened" line names the latest moves, whoever made them (yours too), oldest
  // first: from each seat's last move where the game gives it, else from the new log lines.
  function announceMoves(v, added, prev, taken) {
    const plaques = v.ui && v.ui.seats, before = prev && prev.ui && prev.ui.seats;
    const who = s => s === v.seat ? "You" : seatName(v.table, s);
    let said = [], others = false;
    if (plaques && plaques.some(p => p.last)) {   // the game says each seat's last move itself
      const n = plaques.length, start = prev && prev.to_move !== null && prev.to_move !== undefined ? prev.to_move : 0;
      for (let i = 0; i < n; i++) {
        const s = (start + i) % n, p = plaques[s];
        if (p.last && (!before || !before[s] || before[s].last !== p.last || prev.n + 1 < v.n)) {
          said.push(`${who(s)} ${p.last}`);
          others = others || s !== v.seat;
        }
      }
    }
    if (!said.length) {
      const mine = v.seat !== null && v.seat !== undefined ? logName(v, v.seat) : null;
      const names = v.table.seats.map(s => logName(v, s.seat));
      said = added.filter(line => names.some(n => line.startsWith(n + " ")));
      others = said.some(line => !mine || !line.startsWith(mine + " "));
    }
    if (taken) said.push(takenText(v, taken));
    if (!said.length) return;
    announce.textContent = said.slice(-3).join(" · ");
    if (others) sounds.move();
  }

  function drawSeatList(v) {
    const t = v.table;
    const mine = v.seat !== null && v.seat !== undefined;
    fill(seats, ...t.seats.map(s => {
      const row = el("div", { class: "seat" + (v.to_move === s.seat ? " tomove" : "") + (v.seat === s.seat ? " mine" : ""), "data-seat": s.seat }, seatName(t, s.seat));
      if (here && s.kind === "human" && s.name) row.append(" ", el("span", { class: here.seats.includes(s.seat) ? "here" : "gone", text: here.seats.includes(s.seat) ? "● here" : "○ not here" }));
      if (t.status === "waiting" && !s.taken && !mine) row.append(" ", el("button", { class: "join", onclick: () => join(t.id, s.seat), text: "sit here" }));
      return row;
    }));
  }

  function draw(v) {
    const before = last && last.table.id === v.table.id ? snapshot() : null;
    if (before && last.n !== v.n) before.moved = true;
    const wasMyTurn = last && last.to_move === last.seat && last.table.status === "playing";
    const prev = last;
    last = v;
    const t = v.table;
    document.getElementById("title").textContent = `${t.title} — table ${t.id}`;
    const mine = v.seat !== null && v.seat !== undefined;
    const myTurn = mine && v.to_move === v.seat && t.status === "playing";
    document.title = (myTurn ? "Your move — " : "") + `${t.title} — Garrison`;
    if (rulesFor !== t.game) {
      rulesFor = t.game;
      drawHelp(v, null);
      api(`/api/games/${t.game}`).then(info => { drawHelp(last, info); }).catch(() => {});
    } else if (v.ui && v.ui.help) drawHelp(v, null);
    drawSeatList(v);
    pre.textContent = v.text || JSON.stringify(v.obs, null, 1);
    const mover = v.to_move !== null && v.to_move !== undefined ? seatName(t, v.to_move) : "-";
    if (t.status === "waiting") status.textContent = "Waiting for players to sit down.";
    else if (t.status === "finished") status.textContent = "The game is over.";
    else if (myTurn) status.textContent = queue.length ? "Setting up your army…" : "Your move.";
    else if (!mine) status.textContent = `Watching; ${mover} to move.`;
    else status.textContent = `${mover} to move.`;
    const entries = (Array.isArray(v.obs && v.obs.log) ? v.obs.log : []).map(e => typeof e === "string" ? e : JSON.stringify(e));
    const had = logKept.length;
    const keptBefore = logKept;
    // a game that sends its newest lines only (or a view cut to its newest lines) is merged into
    // what this page saw; any other log is the game's own account of the whole game, shown as
    // it is (Solo 66 sums up a finished deal in one line: nothing is repeated)
    const windowed = (v.ui && v.ui.log_window) || (v.log_total !== undefined && v.log_total !== null);
    logKept = windowed ? mergeLog(logKept, entries) : entries.slice();
    const added = logKept.slice(0, had).every((e, i) => e === keptBefore[i]) ? logKept.slice(had) : [];
    const taken = before ? completedTrick(prev, v) : null;
    if (before) announceMoves(v, added, prev, taken);
    drawRing(v);
    drawBoard(v);
    drawLastTrick(v);
    drawResult(v);
    drawOffer();
    drawControls();
    drawAway(v);
    fill(actions, ...actionButtons(v.legal, send));
    const widgets = widgetsNode(v.ui, v.legal, send, {
      key: `${t.id}/${v.seat}`, redraw: () => draw(last),
      queue: list => { queue = list.slice(); pump(); },
    });
    fill(play, ...(widgets ? [widgets] : []));
    holdTrick(taken);
    showHeld(v);
    // without widgets the text view and the buttons are the game; with them, they are a fallback
    openedByPage.text = !widgets; openedByPage.fallback = !widgets;
    textBox.open = !widgets || openedByUser.text;
    fallback.open = !widgets || openedByUser.fallback;
    window.garrisonView = v;
    fill(logList, ...logKept.map(e => el("li", { text: e })));
    logList.scrollTop = logList.scrollHeight;
    animate(before, v, prev);
    if (myTurn && !wasMyTurn && before) sounds.yourTurn();
    if (t.status === "finished" && before && last && before.moved) sounds.end();
    if (queue.length) pump();
  }

  // Send the next queued setup action when it is this seat's turn and the game allows it.
  function pump() {
    const v = last;
    if (!queue.length || !v || v.to_move !== v.seat || v.table.status !== "playing") return;
    if (socket && socket.pending === v.n) return;
    const next = queue[0];
    const want = v.ui.actions.find(d => d.kind === "square" && d.square.join() === next.square.join());
    if (!want) { queue = []; toast(`The game refused the square for the ${next.rank}: arrange again.`); return; }
    queue.shift();
    send(want.id);
  }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !last) return;
    for (const b of main.querySelectorAll("button.action, #play button")) b.disabled = true;
    socket.pending = last.n;
    sendOn(socket, { type: "move", n: last.n, action, ref: String(Date.now()) });
  }

  function connect() {
    if (last) params.set("n", last.n);
    params.set("delta", "1");
    params.set("room", "1");
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // the guest's token travels as a subprotocol, never in the URL
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tid}?${params}`,
      guest ? ["garrison", "token." + guest.token] : []);
    socket = ws;
    ws.onmessage = ev => {
      const msg = JSON.parse(ev.data);
      const problem = checkMessage(msg);   // the server's messages as protocol.js declares them
      if (problem) console.error(`garrison protocol: ${problem}`);
      if (msg.type === "view") { retry = 0; delete msg.missed; if (!last || msg.n >= last.n || msg.seat !== last.seat) draw(msg); }
      else if (msg.type === "delta") {
        if (last && msg.from === last.n) draw(applyPatch(last, msg.patch));
        else sendOn(ws, { type: "sync", n: last ? last.n : 0 });   // out of step: ask again
      }
      else if (msg.type === "seat_lost") toast(msg.message);
      else if (msg.type === "notice") { toast(msg.message); announce.textContent = msg.message; }
      else if (msg.type === "clock") { clock = { ...msg, at: performance.now() }; tickClock(); }
      else if (msg.type === "rematch") { offer = msg; drawOffer(); }
      else if (msg.type === "draw") { drawState = msg; drawControls(); if (msg.state !== "open" && msg.by !== (last && last.seat)) announce.textContent = msg.state === "declined" ? "The draw was declined." : ""; }
      else if (msg.type === "ended") { confirming = false; }
      else if (msg.type === "chat") { chat.push(msg); chat = chat.slice(-100); drawChat(); }
      else if (msg.type === "chat_log") { chat = msg.lines.slice(); drawChat(); }
      else if (msg.type === "presence") { here = msg; drawPresence(); if (last) drawSeatList(last); }
      else if (msg.type === "error" && msg.code === "not_found") { socket = null; ws.close(); status.textContent = msg.message; }
      else if (msg.type === "error") { toast(msg.message); ws.pending = null; queue = []; if (last) draw(last); }
      tickClock();   // plaques drawn anew show the clock at once
    };
    ws.onclose = () => {
      if (socket !== ws) return;          // we left this table
      status.textContent = "Connection lost; reconnecting…";
      setTimeout(() => { if (socket === ws) connect(); }, Math.min(5000, 300 * 2 ** retry++));
    };
  }
  // The clock counts down on the page between the server's words (each change sends them anew).
  function tickClock() {
    if (!clock) return;
    const gone = (performance.now() - clock.at) / 1000;
    for (const box of main.querySelectorAll(".clock[data-clock]")) {
      const s = +box.dataset.clock, left = clock.left[s];
      if (left === null || left === undefined || !last || last.status !== "playing") { box.hidden = true; continue; }
      const now = s === clock.to_move ? Math.max(0, left - gone) : left;
      box.hidden = false;
      box.textContent = `⏱ ${Math.floor(now / 60)}:${String(Math.floor(now % 60)).padStart(2, "0")}` + (clock.kind === "move" ? " this move" : "");
      box.classList.toggle("low", s === clock.to_move && now < 10);
    }
  }
  if (clockTicker) clearInterval(clockTicker);
  clockTicker = setInterval(tickClock, 500);
  drawChat();
  connect();
  // the bots' levels (seats say "bot: good"): drawn again once the games' list is known
  games().then(() => { if (last && socket) draw(last); }).catch(() => {});
}

// A click anywhere ends the moving cards and pieces at once.
document.addEventListener("pointerdown", () => {
  for (const a of document.getAnimations ? document.getAnimations() : []) a.finish();
}, true);
