// The text view (a game's render, the terminal's words) in the page. Lines laid out in columns —
// a board, a players' table, a legend — keep their shape and scroll sideways as a block when the
// box is narrower (a phone); the other lines wrap as prose. A line is laid out when two spaces
// stand inside it, or when it is as long as a laid-out line beside it (a board row of pieces
// only). The text itself is unchanged: the <pre> holds exactly the render's text.
import { el } from "./util.js";

const SPACED = /\S {2,}\S/;

function laidOut(lines) {
  const cols = lines.map(line => SPACED.test(line));
  for (let changed = true; changed;) {
    changed = false;
    lines.forEach((line, i) => {
      if (cols[i] || !line.trim()) return;
      const beside = [i - 1, i + 1].some(j => cols[j] && lines[j].length === line.length);
      if (beside) { cols[i] = true; changed = true; }
    });
  }
  return cols;
}

export function fillTextView(pre, text) {
  const lines = text.split("\n");
  const cols = laidOut(lines);
  const blocks = [];
  lines.forEach((line, i) => {
    const kind = cols[i] ? "cols" : "prose";
    const last = blocks[blocks.length - 1];
    if (last && last.kind === kind) last.lines.push(line);
    else blocks.push({ kind, lines: [line] });
  });
  pre.replaceChildren(...blocks.map((b, i) =>
    el("span", { class: `tv-${b.kind}`, text: b.lines.join("\n") + (i < blocks.length - 1 ? "\n" : "") })));
}
