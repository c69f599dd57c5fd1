// The replay viewer: a finished game decision by decision (deals and dice are not counted), by
// trick and by hand, with a slider, the arrow keys and autoplay; seen as a spectator, as one
// seat, or as every seat (the game is over: its record is public). The address names the view
// and the decision (#/replay/<table>/<seat or "all">?at=<decision>), so a moment can be linked.
import { api, el, fill, main, seatLabel, seatName } from "./util.js";
import { widgetsNode } from "./widgets.js";

let stopReplay = () => {};
export function leaveReplay() { stopReplay(); }

export async function replayView(tid, as, at) {
  leaveReplay();
  const pre = el("pre", { class: "view", id: "view" });
  const play = el("div", { id: "play" });
  const where = el("span", { id: "where", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "slider", "aria-label": "Decision" });
  const asSel = el("select", { id: "replay-seat", "aria-label": "Seen as" });
  const auto = el("button", { id: "autoplay", onclick: () => toggleAuto(), text: "▶ play", "aria-label": "Autoplay" });
  const btn = (id, text, label, fn) => el("button", { id, onclick: fn, text, "aria-label": label, title: label });
  const link = el("a", { id: "replay-permalink", text: "link to this moment" });
  fill(main, el("section", { id: "replay" }, el("h2", { id: "title", text: "Replay " + tid }),
    el("p", { class: "muted", id: "replay-as" }, el("label", { for: "replay-seat", text: "Seen as " }), asSel, " · ", link, " · ",
      el("a", { href: `/api/tables/${tid}/record`, download: `garrison-${tid}.json`, id: "replay-record", text: "download record" })),
    el("div", { class: "replay-bar" },
      btn("prev-hand", "⏮", "Previous hand", () => jump("hands", -1)), btn("prev-trick", "◀◀", "Previous trick", () => jump("tricks", -1)),
      btn("prev", "◀", "Previous move", () => go(step - 1)), " ", slider, " ",
      btn("next", "▶", "Next move", () => go(step + 1)), btn("next-trick", "▶▶", "Next trick", () => jump("tricks", +1)),
      btn("next-hand", "⏭", "Next hand", () => jump("hands", +1)), " ", auto, " ", where),
    play, el("details", { id: "text-view", open: true }, el("summary", { text: "Text view" }), pre),
    el("p", { class: "muted", text: "Keys: ← → a move, Page Up / Page Down a trick, Home / End the start and the end, space plays." })));
  let step = 0, marks = { steps: [0], tricks: [], hands: [] }, timer = null, token = 0;
  slider.oninput = () => go(+slider.value);
  let seen = as === null ? "" : String(as);
  asSel.onchange = () => { seen = asSel.value; go(step); };

  function jump(kind, dir) {
    const list = marks[kind] || [];
    const next = dir > 0 ? list.find(i => i > step) : [...list].reverse().find(i => i < step);
    go(next !== undefined ? next : dir > 0 ? marks.steps.length - 1 : 0);
  }
  function toggleAuto() {
    if (timer) { clearInterval(timer); timer = null; auto.textContent = "▶ play"; return; }
    auto.textContent = "❚❚ pause";
    timer = setInterval(() => { if (step >= marks.steps.length - 1) toggleAuto(); else go(step + 1); }, 900);
  }
  function onKey(ev) {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName) && ev.target !== slider) return;
    const keys = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1), PageUp: () => jump("tricks", -1), PageDown: () => jump("tricks", +1),
      Home: () => go(0), End: () => go(marks.steps.length - 1), " ": () => toggleAuto() };
    if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
  }
  document.addEventListener("keydown", onKey);
  stopReplay = () => { document.removeEventListener("keydown", onKey); if (timer) clearInterval(timer); timer = null; };

  function drawSeats(rec) {
    if (asSel.options.length) return;
    const opts = [["", "a spectator"], ...rec.table.seats.map(s => [String(s.seat), seatName(rec.table, s.seat)]), ["all", "every seat"]];
    for (const [value, text] of opts) asSel.append(el("option", { value, text, selected: value === seen }));
  }

  async function go(target) {
    const want = Math.max(0, Math.min(marks.steps.length - 1 || target, target));
    const mine = ++token;
    try {
      const q = seen === "all" ? "&all=1" : seen !== "" ? `&seat=${seen}` : "";
      const rec = await api(`/api/tables/${tid}/replay?step=${want}${q}`);
      if (mine !== token) return;     // a later step was asked for meanwhile
      drawSeats(rec);
      marks = rec;
      step = rec.step;
      slider.max = rec.decisions;
      slider.value = step;
      for (const [id, kind] of [["prev-trick", "tricks"], ["next-trick", "tricks"], ["prev-hand", "hands"], ["next-hand", "hands"]]) {
        document.getElementById(id).hidden = !(rec[kind] || []).length;
      }
      const trick = rec.tricks.filter(i => i <= step).length, hand = rec.hands.filter(i => i <= step).length;
      where.textContent = `move ${step} of ${rec.decisions}` + (rec.hands.length ? ` · hand ${hand + 1}` : "") + (rec.tricks.length ? ` · trick ${trick + 1}` : "")
        + (step === 0 ? " (the deal, before the first move)" : "");
      document.getElementById("title").textContent = `Replay: ${rec.table.title} — table ${tid}`;
      const hash = `#/replay/${tid}${seen === "" ? "" : "/" + seen}?at=${step}`;
      link.href = hash;
      history.replaceState(null, "", hash);
      if (rec.views) {
        pre.textContent = rec.views.map(v => `— ${seatLabel(v.seat)} —\n${v.text || JSON.stringify(v.obs, null, 1)}`).join("\n\n");
        fill(play, ...rec.views.map(v => el("section", { class: "replay-seat", "data-seat": v.seat },
          el("h3", { text: seatName(rec.table, v.seat) }), widgetsNode(v.ui, [], () => {}) || el("p", { class: "muted", text: "(no drawing)" }))));
      } else {
        pre.textContent = rec.text || JSON.stringify(rec.obs, null, 1);
        const widgets = widgetsNode(rec.ui, [], () => {});
        fill(play, ...(widgets ? [widgets] : []));
      }
    } catch (err) {
      stopReplay();
      fill(main, el("section", {}, el("p", { id: "replay-error", text: err.message }),
        el("a", { href: `#/table/${tid}`, text: "go to the table" }), " · ", el("a", { href: "#/", text: "back to the lobby" })));
    }
  }
  go(at || 0);
}
