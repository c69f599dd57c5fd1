// Back after a bot took your seat: what it played for you, and one click to take it back.
import { api, botWords, el, fill, me, seatLabel, toast } from "../util.js";

export async function drawAway(T, v) {
  const box = T.nodes.awayBox;
  const g = me();
  const kept = g && v.table.status === "playing" ? v.table.seats.find(s => s.away && s.player === g.id) : null;
  if (!kept) { box.hidden = true; T.awayShown = null; return; }
  const key = `${v.table.id}/${v.n}`;
  if (T.awayShown === key) return;
  T.awayShown = key;
  let info;
  try { info = await api(`/api/tables/${v.table.id}/away`); } catch { box.hidden = true; return; }
  const moves = info.moves;
  box.hidden = false;
  // "the strong bot" by the level it plays at; a bot outside the levels by its name
  const words = botWords(T.last && T.last.table, info.bot);
  const who = words.startsWith("bot: ") ? `the ${words.slice(5)} bot` : `a bot (${info.bot})`;
  fill(box, el("h2", { text: "A bot played for you" }),
    el("p", { id: "away-summary", text: `You were away, so ${who} took your seat (${seatLabel(info.seat)}) and has made ${moves.length} move${moves.length === 1 ? "" : "s"} for you${moves.length ? ":" : " so far."}` }),
    moves.length ? el("ol", { id: "away-moves", class: "away-moves" }, moves.slice(-30).map(m => el("li", { text: m.text }))) : null,
    moves.length > 30 ? el("p", { class: "muted", text: `(the last 30 of ${moves.length})` }) : null,
    el("button", { class: "primary", id: "reclaim", onclick: () => reclaim(T, info.seat), text: "Take my seat back" }));
  // the list scrolls: show its newest moves, the ones the table is at now
  const list = box.querySelector("#away-moves");
  if (list) list.scrollTop = list.scrollHeight;
}

async function reclaim(T, seat) {
  try {
    await api(`/api/tables/${T.tid}/reclaim`, { method: "POST", body: JSON.stringify({ seat }) });
    T.nodes.awayBox.hidden = true;
    toast(`${seatLabel(seat)} is yours again.`);
    T.params.set("seat", seat);
    T.reconnect();
  } catch (err) { toast(err.message); }
}
