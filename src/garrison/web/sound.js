// Optional sounds, off by default and remembered in localStorage: short tones made with
// WebAudio (no sound files are fetched).
import { el } from "./util.js";

const KEY = "garrison.sound";
let audio = null;

export function soundOn() { return localStorage.getItem(KEY) === "on"; }

function tone(freqs, length = 0.09) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    let t = audio.currentTime;
    for (const f of freqs) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = f;
      osc.type = "triangle";
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.15, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
      t += length;
    }
  } catch { /* no audio here: stay silent */ }
}

export const sounds = {
  yourTurn: () => tone([660, 880], 0.12),
  move: () => tone([440], 0.06),
  end: () => tone([523, 659, 784], 0.16),
};

export function soundToggle() {
  const box = el("input", { type: "checkbox", id: "sound", checked: soundOn() });
  box.onchange = () => { localStorage.setItem(KEY, box.checked ? "on" : "off"); if (box.checked) sounds.move(); };
  return el("label", { class: "sound-toggle" }, box, " Sounds (your turn, moves)");
}
