// The "just happened" line names the latest moves, whoever made them (yours too), oldest first:
// from each seat's last move where the game gives it, else from the new log lines.
import { seatName } from "../util.js";
import { sounds } from "../sound.js";
import { logName, seated } from "./store.js";
import { takenText } from "./trick.js";

export function announceMoves(T, v, added, prev, taken) {
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
    const mine = seated(v) ? logName(v, v.seat) : null;
    const names = v.table.seats.map(s => logName(v, s.seat));
    said = added.filter(line => names.some(n => line.startsWith(n + " ")));
    others = said.some(line => !mine || !line.startsWith(mine + " "));
  }
  if (taken) said.push(takenText(v, taken));
  if (!said.length) return;
  T.nodes.announce.textContent = said.slice(-3).join(" · ");
  if (others) sounds.move();
}
