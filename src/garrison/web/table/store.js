// What the page holds of a table between messages: the view (whole, or patched by a delta) and
// the log as this page saw it. Pure functions; table.js keeps the state.

// A patch from the server (a "delta" message) applied to the view we hold; the same rules as
// garrison/server/net/wire.py: "list" (drop the first k items, append), "sub" (nested), "set",
// "del".
export function applyPatch(old, p) {
  const out = { ...old };
  for (const [k, [drop, items]] of Object.entries(p.list || {})) out[k] = out[k].slice(drop).concat(items);
  for (const [k, sub] of Object.entries(p.sub || {})) out[k] = applyPatch(out[k], sub);
  Object.assign(out, p.set || {});
  for (const k of p.del || []) delete out[k];
  return out;
}

// A game may send only its latest log lines, and may rewrite its last line ("trick 2 so far:
// ..."): keep what was seen, and add the lines after the longest overlap of what we hold with
// what came (the last line we hold may have changed since).
export function mergeLog(kept, latest) {
  if (!kept.length || latest.length >= kept.length && latest.slice(0, kept.length).every((e, i) => e === kept[i])) return latest.slice();
  for (let k = Math.min(kept.length, latest.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = kept[kept.length - k + i] === latest[i];
    if (same) return kept.concat(latest.slice(k));
  }
  // the same lines but our last one rewritten: at least one line before it must agree
  for (let p = Math.max(0, kept.length - latest.length); p <= kept.length - 2; p++) {
    let same = true;
    for (let i = p; i < kept.length - 1 && same; i++) same = kept[i] === latest[i - p];
    if (same) return kept.slice(0, p).concat(latest);
  }
  // a new part (Solo 66's next deal) may repeat summaries we hold already: add them once
  const seen = new Set(kept);
  let i = 0;
  while (i < latest.length && seen.has(latest[i])) i++;
  return kept.concat(latest.slice(i));
}

// The log a page keeps after view `v`, and the lines it gained. A game that sends its newest
// lines only (or a view cut to its newest lines) is merged into what this page saw; any other
// log is the game's own account of the whole game, shown as it is (Solo 66 sums up a finished
// deal in one line: nothing is repeated).
export function keptLog(kept, v) {
  const entries = (Array.isArray(v.obs && v.obs.log) ? v.obs.log : []).map(e => typeof e === "string" ? e : JSON.stringify(e));
  const windowed = (v.ui && v.ui.log_window) || (v.log_total !== undefined && v.log_total !== null);
  const now = windowed ? mergeLog(kept, entries) : entries.slice();
  const added = now.slice(0, kept.length).every((e, i) => e === kept[i]) ? now.slice(kept.length) : [];
  return { log: now, added };
}

// How a log names a seat ("P2 plays ...", "Blue d7-d8 ..."): the game's words if it says them.
export function logName(v, s) { return (v.ui && v.ui.log_names && v.ui.log_names[s]) || `P${s + 1}`; }

export function lastLineOf(log, name) {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].startsWith(name + " ")) return log[i];
  return null;
}

// Where each seat sits around the table: the others across the top (in turn order after you).
export function seatOrder(n, mine) {
  const start = mine === null || mine === undefined ? 0 : mine;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}

export function seated(v) { return v.seat !== null && v.seat !== undefined; }
