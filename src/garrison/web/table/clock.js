// The clock counts down on the page between the server's words (each change sends them anew).
import { main } from "../util.js";

export function tickClock(T) {
  const clock = T.clock;
  if (!clock) return;
  const gone = (performance.now() - clock.at) / 1000;
  for (const box of main.querySelectorAll(".clock[data-clock]")) {
    const s = +box.dataset.clock, left = clock.left[s];
    if (left === null || left === undefined || !T.last || T.last.table.status !== "playing") { box.hidden = true; continue; }
    const now = s === clock.to_move ? Math.max(0, left - gone) : left;
    box.hidden = false;
    box.textContent = `⏱ ${Math.floor(now / 60)}:${String(Math.floor(now % 60)).padStart(2, "0")}` + (clock.kind === "move" ? " this move" : "");
    box.classList.toggle("low", s === clock.to_move && now < 10);
  }
}
