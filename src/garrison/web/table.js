// A table, live over a WebSocket: the seats around it (name, bot or person, who is to move,
// cards in hand, score, last move), the middle (trick, table cards, board, dice), your hand at
// the bottom; beside it the scoreboard, the last trick, the log and the how-to. The game's text
// view and one button per legal move stay below as accessible fallbacks. An aria-live line
// announces each opponent's move; cards and pieces move briefly (not with reduced motion).
//
// This module lays the page out and draws each view through the panels in table/: the socket
// (socket.js), what the page holds (store.js), the seats, scoreboard, last trick, result,
// controls, chat, away box, motion, clock and the "just happened" line. A game's own drawing is
// its widgets (widgets.js, with cards.js, dice.js and board.js).
import { api, el, fill, games, main, me, seatName, toast } from "./util.js";
import { actionButtons, widgetsNode } from "./widgets.js";
import { fillTextView } from "./textview.js";
import { sounds, soundToggle } from "./sound.js";
import { isOpen, openSocket, sendOn } from "./table/socket.js";
import { applyPatch, keptLog, seated } from "./table/store.js";
import { drawPresence, drawRing, drawSeatList } from "./table/seats.js";
import { drawBoard, drawHelp } from "./table/scoreboard.js";
import { completedTrick, drawLastTrick, holdTrick, showHeld } from "./table/trick.js";
import { drawOffer, drawResult } from "./table/result.js";
import { drawControls } from "./table/controls.js";
import { drawChat, wireChat } from "./table/chat.js";
import { drawAway } from "./table/away.js";
import { animate, snapshot } from "./table/motion.js";
import { tickClock } from "./table/clock.js";
import { announceMoves } from "./table/announce.js";

export { applyPatch, mergeLog } from "./table/store.js";

let current = null;         // the table this page shows: its state (T below), if any
let clockTicker = null;     // the interval that counts the clock down on the page

export function closeTable() {
  if (clockTicker) { clearInterval(clockTicker); clockTicker = null; }
  if (current && current.socket) { const s = current.socket; current.socket = null; s.close(); }
  current = null;
}

// The page's nodes of a table, laid out.
function layOut(tid) {
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
  // A click (or Enter) on a summary is the player's wish at once: the toggle event comes a task
  // later, and a view drawn in between would close the box the player just opened.
  textBox.querySelector("summary").addEventListener("click", () => { openedByUser.text = !textBox.open; });
  fallback.querySelector("summary").addEventListener("click", () => { openedByUser.fallback = !fallback.open; });
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

  return { status, result, announce, resultPanel, board, lastTrick, pre, actions, play, others,
    myPlaque, textBox, fallback, openedByUser, openedByPage, seats, watchers, awayBox, offerBox,
    endBox, chatLines, chatText, chatForm, mutedBox, chatBox, logList, howto, felt };
}

export async function tableView(tid) {
  // everything the panels share: the nodes, the view held and what the page keeps between views
  const T = {
    tid, guest: me(), nodes: layOut(tid), params: new URLSearchParams(), socket: null, retry: 0,
    last: null, logKept: [], rulesFor: null, queue: [], clock: null, offer: null,
    drawState: null, confirming: false, chat: [], here: null, held: null, awayShown: null,
    reconnect: () => { const old = T.socket; T.socket = null; if (old) old.close(); T.last = null; connect(); },
  };
  current = T;
  const { status, announce, pre, actions, play, textBox, fallback, openedByUser, openedByPage, logList, felt } = T.nodes;

  function draw(v) {
    const before = T.last && T.last.table.id === v.table.id ? snapshot(play) : null;
    if (before && T.last.n !== v.n) before.moved = true;
    const wasMyTurn = T.last && T.last.to_move === T.last.seat && T.last.table.status === "playing";
    const prev = T.last;
    T.last = v;
    const t = v.table;
    document.getElementById("title").textContent = `${t.title} — table ${t.id}`;
    const mine = seated(v);
    const myTurn = mine && v.to_move === v.seat && t.status === "playing";
    document.title = (myTurn ? "Your move — " : "") + `${t.title} — Garrison`;
    if (T.rulesFor !== t.game) {
      T.rulesFor = t.game;
      drawHelp(T, v, null);
      api(`/api/games/${t.game}`).then(info => { drawHelp(T, T.last, info); }).catch(() => {});
    } else if (v.ui && v.ui.help) drawHelp(T, v, null);
    drawSeatList(T, v);
    fillTextView(pre, v.text || JSON.stringify(v.obs, null, 1));
    const mover = v.to_move !== null && v.to_move !== undefined ? seatName(t, v.to_move) : "-";
    if (t.status === "waiting") status.textContent = "Waiting for players to sit down.";
    else if (t.status === "finished") status.textContent = "The game is over.";
    else if (myTurn) status.textContent = T.queue.length ? "Setting up your army…" : "Your move.";
    else if (!mine) status.textContent = `Watching; ${mover} to move.`;
    else status.textContent = `${mover} to move.`;
    const { log, added } = keptLog(T.logKept, v);
    T.logKept = log;
    const taken = before ? completedTrick(prev, v) : null;
    if (before) announceMoves(T, v, added, prev, taken);
    drawRing(T, v);
    drawBoard(T, v);
    drawLastTrick(T, v);
    drawResult(T, v);
    drawOffer(T);
    drawControls(T);
    drawAway(T, v);
    fill(actions, ...actionButtons(v.legal, send));
    const widgets = widgetsNode(v.ui, v.legal, send, {
      key: `${t.id}/${v.seat}`, n: v.n, redraw: () => draw(T.last),
      queue: list => { T.queue = list.slice(); pump(); },
    });
    fill(play, ...(widgets ? [widgets] : []));
    holdTrick(T, taken, () => { if (T.last && document.body.contains(felt)) draw(T.last); });
    showHeld(T, v);
    // without widgets the text view and the buttons are the game; with them, they are a fallback
    openedByPage.text = !widgets; openedByPage.fallback = !widgets;
    textBox.open = !widgets || openedByUser.text;
    fallback.open = !widgets || openedByUser.fallback;
    window.garrisonView = v;
    fill(logList, ...T.logKept.map(e => el("li", { text: e })));
    logList.scrollTop = logList.scrollHeight;
    animate(play, before, v, prev);
    if (myTurn && !wasMyTurn && before) sounds.yourTurn();
    if (t.status === "finished" && before && T.last && before.moved) sounds.end();
    if (T.queue.length) pump();
  }

  // Send the next queued setup action when it is this seat's turn and the game allows it.
  function pump() {
    const v = T.last;
    if (!T.queue.length || !v || v.to_move !== v.seat || v.table.status !== "playing") return;
    if (T.socket && T.socket.pending === v.n) return;
    const next = T.queue[0];
    const want = v.ui.actions.find(d => d.kind === "square" && d.square.join() === next.square.join());
    if (!want) { T.queue = []; toast(`The game refused the square for the ${next.rank}: arrange again.`); return; }
    T.queue.shift();
    send(want.id);
  }

  function send(action) {
    if (!isOpen(T.socket) || !T.last) return;
    for (const b of main.querySelectorAll("button.action, #play button")) b.disabled = true;
    T.socket.pending = T.last.n;
    sendOn(T.socket, { type: "move", n: T.last.n, action, ref: String(Date.now()) });
  }

  // What each message the server sends does to the page.
  function receive(msg, ws) {
    if (msg.type === "view") { T.retry = 0; delete msg.missed; if (!T.last || msg.n >= T.last.n || msg.seat !== T.last.seat) draw(msg); }
    else if (msg.type === "delta") {
      if (T.last && msg.from === T.last.n) draw(applyPatch(T.last, msg.patch));
      else sendOn(ws, { type: "sync", n: T.last ? T.last.n : 0 });   // out of step: ask again
    }
    else if (msg.type === "seat_lost") toast(msg.message);
    else if (msg.type === "notice") { toast(msg.message); announce.textContent = msg.message; }
    else if (msg.type === "clock") { T.clock = { ...msg, at: performance.now() }; tickClock(T); }
    else if (msg.type === "rematch") { T.offer = msg; drawOffer(T); }
    else if (msg.type === "draw") { T.drawState = msg; drawControls(T); if (msg.state !== "open" && msg.by !== (T.last && T.last.seat)) announce.textContent = msg.state === "declined" ? "The draw was declined." : ""; }
    else if (msg.type === "ended") { T.confirming = false; }
    else if (msg.type === "chat") { T.chat.push(msg); T.chat = T.chat.slice(-100); drawChat(T); }
    else if (msg.type === "chat_log") { T.chat = msg.lines.slice(); drawChat(T); }
    else if (msg.type === "presence") { T.here = msg; drawPresence(T); if (T.last) drawSeatList(T, T.last); }
    else if (msg.type === "error" && msg.code === "not_found") { T.socket = null; ws.close(); status.textContent = msg.message; }
    else if (msg.type === "error") { toast(msg.message); ws.pending = null; T.queue = []; if (T.last) draw(T.last); }
    tickClock(T);   // plaques drawn anew show the clock at once
  }

  function connect() {
    if (T.last) T.params.set("n", T.last.n);
    T.params.set("delta", "1");
    T.params.set("room", "1");
    T.socket = openSocket({
      tid, guest: T.guest, params: T.params, onMessage: receive,
      onLost: () => { status.textContent = "Connection lost; reconnecting…"; },
      reconnect: connect, current: ws => T.socket === ws, retries: () => T.retry++,
    });
  }

  if (clockTicker) clearInterval(clockTicker);
  clockTicker = setInterval(() => tickClock(T), 500);
  wireChat(T);
  drawChat(T);
  connect();
  // the bots' levels (seats say "bot: good"): drawn again once the games' list is known
  games().then(() => { if (T.last && T.socket) draw(T.last); }).catch(() => {});
}

// A click anywhere ends the moving cards and pieces at once.
document.addEventListener("pointerdown", () => {
  for (const a of document.getAnimations ? document.getAnimations() : []) a.finish();
}, true);
