// Telling a player what happened without looking: move, capture and check sounds (synthesised with
// Web Audio, no files), a mute switch remembered in localStorage ("chuhe.mute"), and the page title
// that says "your move" while the tab is in the background.

import { t } from './i18n.js';

const MUTE_KEY = 'chuhe.mute';

/** The tones of each sound: [frequency Hz, start s, length s, gain]. */
const TONES = {
  move: [[660, 0, 0.06, 0.25]],
  capture: [[330, 0, 0.09, 0.35], [220, 0.05, 0.1, 0.3]],
  check: [[880, 0, 0.08, 0.3], [1175, 0.09, 0.12, 0.3]],
  turn: [[523, 0, 0.1, 0.2], [784, 0.11, 0.14, 0.2]],
};

let audio = null;
let attention = false;
let baseTitle = () => 'Chuhe';
/** The sounds played since the page opened (newest last, at most 20): for tests and debugging. */
export const played = [];

/** Whether sounds are switched off. */
export function isMuted() {
  try { return globalThis.localStorage?.getItem(MUTE_KEY) === '1'; } catch { return false; }
}

/** Switches sounds off or on and remembers it. */
export function setMuted(muted) {
  try { globalThis.localStorage?.setItem(MUTE_KEY, muted ? '1' : '0'); } catch { /* storage disabled */ }
}

/** Plays `kind` ('move', 'capture', 'check', 'turn') unless muted; never throws. */
export function playSound(kind) {
  const tones = TONES[kind];
  if (!tones || isMuted()) return;
  played.push(kind);
  if (played.length > 20) played.shift();
  try {
    const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Ctx) return;
    audio = audio || new Ctx();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    const now = audio.currentTime;
    for (const [freq, start, len, gain] of tones) {
      const osc = audio.createOscillator();
      const amp = audio.createGain();
      osc.frequency.value = freq;
      amp.gain.setValueAtTime(gain, now + start);
      amp.gain.exponentialRampToValueAtTime(0.001, now + start + len);
      osc.connect(amp).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + len);
    }
  } catch { /* no audio here */ }
}

/** The sound of a move just made: check over capture over a plain move. */
export function moveSound({ capture, check }) {
  playSound(check ? 'check' : capture ? 'capture' : 'move');
}

function drawTitle() {
  document.title = attention ? `● ${t('game.yourTurn')} · ${baseTitle()}` : baseTitle();
}

/** Sets the page's own title (a function, so that it follows the language). */
export function setBaseTitle(fn) {
  baseTitle = fn;
  drawTitle();
}

/**
 * Called whenever the table changes: while it is the viewer's move and the tab is hidden, the
 * title says so (and a sound plays once); the title goes back when the tab is shown or the turn passes.
 */
export function turnAlert(myTurn) {
  const next = !!myTurn && !!globalThis.document?.hidden;
  if (next === attention) return;
  attention = next;
  if (attention) playSound('turn');
  drawTitle();
}

globalThis.document?.addEventListener('visibilitychange', () => {
  if (!document.hidden && attention) {
    attention = false;
    drawTitle();
  }
});
