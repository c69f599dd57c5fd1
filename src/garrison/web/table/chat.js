// Chat: each line with its sender; a player may mute another (kept in this browser).
import { el, fill, me, seatLabel } from "../util.js";
import { isOpen, sendOn } from "./socket.js";

const MUTED = "garrison.muted";
function muted() { try { return JSON.parse(localStorage.getItem(MUTED) || "[]"); } catch { return []; } }

export function drawChat(T) {
  const { chatLines, mutedBox, chatForm } = T.nodes;
  const off = muted();
  const setMuted = list => { localStorage.setItem(MUTED, JSON.stringify(list)); drawChat(T); };
  const g = me();
  fill(chatLines, ...T.chat.filter(m => !off.some(x => x.id === m.from)).map(m => el("li", { "data-from": m.from },
    el("b", { text: m.name + (m.seat !== null && m.seat !== undefined ? ` (${seatLabel(m.seat)})` : "") }), ": ", el("span", { class: "said", text: m.text }),
    g && g.id !== m.from ? el("button", { class: "link mute", title: `Hide ${m.name}'s lines`, onclick: () => setMuted([...off, { id: m.from, name: m.name }]), text: "mute" }) : null)));
  chatLines.scrollTop = chatLines.scrollHeight;
  fill(mutedBox, ...(off.length ? ["Muted: ", ...off.map(x => el("button", { class: "link unmute", onclick: () => setMuted(off.filter(y => y.id !== x.id)), text: `${x.name} (unmute)` }))] : []));
  chatForm.hidden = !g;
}

export function wireChat(T) {
  const { chatForm, chatText } = T.nodes;
  chatForm.onsubmit = ev => {
    ev.preventDefault();
    const text = chatText.value.trim();
    if (!text || !isOpen(T.socket)) return;
    sendOn(T.socket, { type: "chat", text });
    chatText.value = "";
  };
}
