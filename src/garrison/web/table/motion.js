// Cards and pieces move briefly between views (not with reduced motion): a card played comes
// from its player's plaque, cards that leave the middle go to whoever took them.
import { main, reducedMotion } from "../util.js";
import { animateMove } from "../board.js";

// Where cards were before a redraw, to move them from there (or from a seat) to where they are.
export function snapshot(play) {
  const cards = new Map();
  for (const n of play.querySelectorAll("#middle .card[data-key]")) cards.set(n.dataset.key, { rect: n.getBoundingClientRect(), node: n.cloneNode(true) });
  return cards;
}

function plaqueRect(s) {
  const p = main.querySelector(`.plaque[data-seat="${s}"]`);
  return p ? p.getBoundingClientRect() : null;
}

export function animate(play, before, v, prev) {
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
  if (boardZone && before.moved) animateMove(play, boardZone);
}
