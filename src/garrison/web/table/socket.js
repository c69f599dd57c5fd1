// The table's socket: the one way the page talks to the server. Every message is checked
// against the protocol's declaration (protocol.js, made from the server's): one the server sends
// that it does not declare is said on the console, one the page would send is not sent.
import { CLIENT_MESSAGES, checkMessage } from "../protocol.js";

export function sendOn(ws, msg) {
  const kind = CLIENT_MESSAGES[msg.type];
  const fields = kind ? new Set(["type", ...kind.required, ...kind.optional]) : null;
  const bad = !kind ? "unknown type" : Object.keys(msg).filter(f => !fields.has(f)).join(", ");
  if (bad) { console.error(`garrison protocol: a ${msg.type} message the server does not take (${bad})`); return; }
  ws.send(JSON.stringify(msg));
}

// Open the table's socket: `onMessage(msg, ws)` gets every message; when it drops while it is
// still `current(ws)`, `onLost()` is told and `reconnect()` called after a back-off that grows
// with `retries()`. The guest's token travels as a subprotocol, never in the URL.
export function openSocket({ tid, guest, params, onMessage, onLost, reconnect, current, retries }) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tid}?${params}`,
    guest ? ["garrison", "token." + guest.token] : []);
  ws.onmessage = ev => {
    const msg = JSON.parse(ev.data);
    const problem = checkMessage(msg);
    if (problem) console.error(`garrison protocol: ${problem}`);
    onMessage(msg, ws);
  };
  ws.onclose = () => {
    if (!current(ws)) return;          // we left this table
    onLost();
    setTimeout(() => { if (current(ws)) reconnect(); }, Math.min(5000, 300 * 2 ** retries()));
  };
  return ws;
}

export function isOpen(ws) { return ws && ws.readyState === WebSocket.OPEN; }
