// The replay viewer: a finished game step by step, as a spectator or from a seat one held.
import { api, el, main, seatLabel } from "./util.js";
import { widgetsNode } from "./widgets.js";

export async function replayView(tid, seat) {
  const pre = el("pre", { class: "view", id: "view" });
  const play = el("div", { id: "play" });
  const board = el("div", { id: "replay-board" });
  const where = el("span", { id: "where" });
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "slider", "aria-label": "Move" });
  const whose = seat === null ? "as a spectator" : `as ${seatLabel(seat)}`;
  main.replaceChildren(el("section", {}, el("h2", { id: "title", text: "Replay " + tid }),
    el("p", { class: "muted", id: "replay-as", text: `Seen ${whose}. ` },
      seat === null ? null : el("a", { href: `#/replay/${tid}`, text: "see it as a spectator" })),
    el("div", { class: "replay-bar" }, el("button", { id: "prev", onclick: () => step(-1), text: "◀", "aria-label": "Previous move" }), " ", slider, " ",
      el("button", { id: "next", onclick: () => step(+1), text: "▶", "aria-label": "Next move" }), " ", where), board, play,
    el("details", { id: "text-view", open: true }, el("summary", { text: "Text view" }), pre)));
  let steps = [0];
  slider.oninput = () => go(steps[+slider.value] ?? 0);
  function step(by) { go(steps[Math.max(0, Math.min(steps.length - 1, +slider.value + by))]); }
  async function go(n) {
    try {
      const q = seat === null ? "" : `&seat=${seat}`;
      const rec = await api(`/api/tables/${tid}/replay?n=${n}${q}`);
      steps = rec.steps;
      slider.max = steps.length - 1;
      slider.value = Math.max(0, steps.indexOf(rec.n));
      where.textContent = `move ${rec.n} of ${rec.total}`;
      document.getElementById("title").textContent = `Replay: ${rec.table.title} — table ${tid}`;
      pre.textContent = rec.text || JSON.stringify(rec.obs, null, 1);
      const widgets = widgetsNode(rec.ui, [], () => {});
      play.replaceChildren(...(widgets ? [widgets] : []));
    } catch (err) {
      main.replaceChildren(el("section", {}, el("p", { id: "replay-error", text: err.message }),
        el("a", { href: `#/table/${tid}`, text: "go to the table" }), " · ", el("a", { href: "#/", text: "back to the lobby" })));
    }
  }
  go(0);
}
