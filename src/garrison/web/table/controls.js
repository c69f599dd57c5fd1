// A seated player's way out of a game in play: resign (asked twice, on the page itself) and, in
// a two-player game, a draw offered and answered by the other player; the server tells every
// page how it stands.
import { el, fill, seatName, toast } from "../util.js";
import { isOpen, sendOn } from "./socket.js";
import { seated } from "./store.js";

function end(T, type, accept) {
  if (!isOpen(T.socket)) { toast("Not connected; try again in a moment."); return; }
  sendOn(T.socket, accept === undefined ? { type } : { type, accept });
}

export function drawControls(T) {
  const v = T.last, box = T.nodes.endBox;
  box.hidden = !(v && seated(v) && v.table.status === "playing");
  if (box.hidden) { T.confirming = false; fill(box); return; }
  const t = v.table, two = t.seats.length === 2, drawState = T.drawState;
  const confirm = on => () => { T.confirming = on; drawControls(T); };
  const resign = T.confirming
    ? el("p", { class: "confirm" }, el("span", { text: two ? "Resign and lose this game?" : "Resign? A bot plays your seat on." }), " ",
        el("button", { class: "danger", id: "resign-yes", onclick: () => { T.confirming = false; end(T, "resign"); }, text: "Yes, resign" }), " ",
        el("button", { id: "resign-no", onclick: confirm(false), text: "Keep playing" }))
    : el("button", { id: "resign", onclick: confirm(true), text: "Resign" });
  let offer = null;
  if (two) {
    if (drawState && drawState.state === "open" && drawState.by !== v.seat) {
      offer = el("p", { id: "draw-state" }, el("span", { text: `${seatName(t, drawState.by)} offers a draw.` }), " ",
        el("button", { class: "primary", id: "draw-accept", onclick: () => end(T, "draw", true), text: "Accept draw" }), " ",
        el("button", { id: "draw-decline", onclick: () => end(T, "draw", false), text: "Decline" }));
    } else if (drawState && drawState.state === "open") {
      offer = el("p", { id: "draw-state", text: "You offered a draw; waiting for the answer." });
    } else {
      offer = el("p", {}, drawState && drawState.state === "declined"
        ? el("span", { id: "draw-state", text: `${seatName(t, drawState.by)} declined the draw. ` }) : null,
        el("button", { id: "draw-offer", onclick: () => end(T, "draw", true), text: "Offer a draw" }));
    }
  }
  fill(box, el("div", { class: "end-row" }, resign, offer));
}
