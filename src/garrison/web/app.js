// Garrison's page: lobby, table (live over WebSocket) and replay viewer, as ES modules by
// concern (util, lobby, table, widgets, cards, board, dice, replay, sound). It knows no game's
// rules: it draws what the server describes for this seat and makes the things a legal action
// names clickable. Everything is built with textContent; nothing is fetched but the API.
import { api, el, main, me, setRouter, showWho } from "./util.js";
import { leaveLobby, lobby } from "./lobby.js";
import { closeTable, tableView } from "./table.js";
import { leaveReplay, replayView } from "./replay.js";

export { applyPatch, mergeLog } from "./table.js";

async function route() {
  closeTable();
  leaveLobby();
  leaveReplay();
  const hash = location.hash || "#/";
  // #/table/<id>, #/replay/<id>[/<seat>|/all][?at=<decision>]
  const m = hash.match(/^#\/(table|replay)\/([A-Za-z0-9]+)(?:\/([0-9]{1,2}|all))?(?:\?at=([0-9]{1,6}))?/);
  try {
    if (m && m[1] === "table") await tableView(m[2]);
    else if (m && m[1] === "replay") await replayView(m[2], m[3] === undefined ? null : m[3] === "all" ? "all" : +m[3], m[4] === undefined ? 0 : +m[4]);
    else await lobby();
  } catch (err) {
    main.replaceChildren(el("section", {}, el("p", { text: err.message }), el("a", { href: "#/", text: "back to the lobby" })));
  }
}
setRouter(route);

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
