// The replay viewer: a finished game decision by decision (deals and dice are not counted), by
// trick and by hand, with a slider, the arrow keys and autoplay; seen as a spectator, as one
// seat, or as every seat (the game is over: its record is public). The address names the view
// and the decision (#/replay/<table>/<seat or "all">?at=<decision>), so a moment can be linked.
import { api, el, fill, games, main, seatLabel, seatName, svg } from "./util.js";
import { widgetsNode } from "./widgets.js";
import { fillTextView } from "./textview.js";

let stopReplay = () => {};

// The bar's icons, drawn (a font may have no ⏮ or ⏭): triangles and bars in a 24 × 24 box.
const SHAPES = {
  back: ["M16 5 L6 12 L16 19 Z"], fwd: ["M8 5 L18 12 L8 19 Z"],
  back2: ["M12 5 L3 12 L12 19 Z", "M21 5 L12 12 L21 19 Z"], fwd2: ["M3 5 L12 12 L3 19 Z", "M12 5 L21 12 L12 19 Z"],
  "bar-back": ["M4 5 H7 V19 H4 Z", "M20 5 L9 12 L20 19 Z"], "fwd-bar": ["M4 5 L15 12 L4 19 Z", "M17 5 H20 V19 H17 Z"],
};
function icon(shape) {
  return svg("svg", { viewBox: "0 0 24 24", width: "20", height: "20", "aria-hidden": "true", focusable: "false" },
    SHAPES[shape].map(d => svg("path", { d, fill: "currentColor" })));
}
export function leaveReplay() { stopReplay(); }

// The keys the replay answers; Page Up and Page Down only where the game has tricks.
const KEYS = tricks => "Keys: ← → a move, " + (tricks ? "Page Up / Page Down a trick, " : "")
  + "Home / End the start and the end, space plays.";

export async function replayView(tid, as, at) {
  leaveReplay();
  const pre = el("pre", { class: "view", id: "view" });
  const play = el("div", { id: "play" });
  const where = el("span", { id: "where", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "slider", "aria-label": "Decision" });
  const asSel = el("select", { id: "replay-seat", "aria-label": "Seen as" });
  const auto = el("button", { id: "autoplay", onclick: () => toggleAuto(), text: "▶ play", "aria-label": "Autoplay" });
  const btn = (id, shape, label, fn) => el("button", { id, class: "icon", onclick: fn, "aria-label": label, title: label }, icon(shape));
  const link = el("a", { id: "replay-permalink", text: "link to this moment" });
  const players = el("section", { id: "replay-players", role: "region", "aria-label": "Players" });
  fill(main, el("section", { id: "replay" }, el("h2", { id: "title", text: "Replay " + tid }),
    el("p", { class: "muted", id: "replay-as" }, el("label", { for: "replay-seat", text: "Seen as " }), asSel, " · ", link, " · ",
      el("a", { href: `/api/tables/${tid}/record`, download: `garrison-${tid}.json`, id: "replay-record", text: "download record" })),
    el("div", { class: "replay-bar" },
      btn("prev-hand", "bar-back", "Previous hand", () => jump("hands", -1)), btn("prev-trick", "back2", "Previous trick", () => jump("tricks", -1)),
      btn("prev", "back", "Previous move", () => go(step - 1)), " ", slider, " ",
      btn("next", "fwd", "Next move", () => go(step + 1)), btn("next-trick", "fwd2", "Next trick", () => jump("tricks", +1)),
      btn("next-hand", "fwd-bar", "Next hand", () => jump("hands", +1)), " ", auto, " ", where),
    players, el("div", { class: "felt replay-felt" }, play), el("details", { id: "text-view", open: true }, el("summary", { text: "Text view, as the seat read it at that moment" }), pre),
    el("p", { class: "muted", id: "replay-keys", text: KEYS(true) })));
  // the players at this moment: each seat with its counts and its row of the scoreboard
  function drawPlayers(rec) {
    const ui = rec.ui || (rec.views && rec.views[0] && rec.views[0].ui) || {};
    const sb = ui.scoreboard, plaques = ui.seats || [];
    fill(players, el("h3", { text: "Players" }), el("div", { class: "replay-players" }, rec.table.seats.map(seat => {
      const s = seat.seat, info = plaques[s] || {};
      const row = sb ? (sb.rows.find(r => r.seat === s) || { cells: [] }).cells : [];
      // the scoreboard's row says all the plaque says and more: the plaque's lines only where
      // the game has no scoreboard
      return el("div", { class: "replay-player", "data-seat": s },
        el("b", { text: seatName(rec.table, s) }),
        row.length ? el("div", { text: row.map((c, i) => `${sb.columns[i] || "Status"}: ${c}`).join(" · ") }) : [
          info.hand !== undefined && info.hand !== null ? el("div", { text: `${info.hand} card${info.hand === 1 ? "" : "s"} in hand` }) : null,
          info.stats ? el("div", { text: info.stats }) : null]);
    })), sb && sb.notes.length ? el("p", { class: "muted", text: sb.notes.join(" · ") }) : null);
  }
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
      // the game's own word for its hands: Scopa's hand, Solo 66's deal, 1848's round
      const word = rec.hand_word || "hand";
      for (const [id, label] of [["prev-hand", `Previous ${word}`], ["next-hand", `Next ${word}`]]) {
        const b = document.getElementById(id);
        b.title = label;
        b.setAttribute("aria-label", label);
      }
      document.getElementById("replay-keys").textContent = KEYS(rec.tricks.length > 0);
      const trick = rec.tricks.filter(i => i <= step).length, hand = rec.hands.filter(i => i <= step).length;
      where.textContent = `move ${step} of ${rec.decisions}` + (rec.hands.length ? ` · ${word} ${hand + 1}` : "") + (rec.tricks.length ? ` · trick ${trick + 1}` : "")
        + (step === 0 ? " (the deal, before the first move)" : "");
      document.getElementById("title").textContent = `Replay: ${rec.table.title} — table ${tid}`;
      const hash = `#/replay/${tid}${seen === "" ? "" : "/" + seen}?at=${step}`;
      link.href = hash;
      history.replaceState(null, "", hash);
      drawPlayers(rec);
      if (rec.views) {
        fillTextView(pre, rec.views.map(v => `— ${seatLabel(v.seat)} —\n${v.text || JSON.stringify(v.obs, null, 1)}`).join("\n\n"));
        fill(play, ...rec.views.map(v => el("div", { class: "replay-seat", "data-seat": v.seat },
          el("h3", { text: seatName(rec.table, v.seat) }), widgetsNode(v.ui, [], () => {}) || el("p", { class: "muted", text: "(no drawing)" }))));
      } else {
        fillTextView(pre, rec.text || JSON.stringify(rec.obs, null, 1));
        const widgets = widgetsNode(rec.ui, [], () => {});
        fill(play, ...(widgets ? [widgets] : []));
      }
    } catch (err) {
      stopReplay();
      fill(main, el("section", {}, el("p", { id: "replay-error", text: err.message }),
        el("a", { href: `#/table/${tid}`, text: "go to the table" }), " · ", el("a", { href: "#/", text: "back to the lobby" })));
    }
  }
  // the seats' bots by the level chosen ("bot: easy"), known once the games have answered (a
  // replay opened by its link has not asked yet); without them, by the bots' names
  await games().catch(() => {});
  go(at || 0);
}
