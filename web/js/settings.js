// The user's settings (issue 36): board theme, piece set, sounds, move notation, confirm moves,
// premove, board orientation, keyboard move entry. Kept in localStorage for everyone (a visitor
// or guest keeps them in this browser), and for a signed-in user also on the server
// (GET/PUT /api/me/settings), read at every page load. Two settings live under the keys older
// code reads: sounds in "chuhe.mute" (notify.js) and notation in "chuhe.notation" (movelist.js).

import { api } from './net/http.js';

const KEY = 'chuhe.settings';
const MUTE_KEY = 'chuhe.mute';
const NOTATION_KEY = 'chuhe.notation';

/** Every setting with its values (the first is the default); the server checks the same list. */
export const CHOICES = Object.freeze({
  board: ['wood', 'green', 'dark'],
  pieces: ['chars', 'icons'],
  sound: [true, false],
  notation: ['auto', 'chinese', 'wxf', 'iccs'],
  confirm: [false, true],
  premove: [false, true],
  orientation: ['auto', 'red'],
  keyboard: [false, true],
});

const listeners = new Set();

function storage() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

/** The settings stored in this browser (unknown keys and values dropped). */
function readLocal() {
  const out = {};
  const s = storage();
  if (!s) return out;
  try {
    const saved = JSON.parse(s.getItem(KEY) || '{}');
    for (const [k, v] of Object.entries(saved || {})) if (CHOICES[k]?.includes(v)) out[k] = v;
  } catch { /* unreadable: defaults */ }
  const mute = s.getItem(MUTE_KEY);
  if (mute === '1' || mute === '0') out.sound = mute === '0';
  const n = s.getItem(NOTATION_KEY);
  out.notation = CHOICES.notation.includes(n) ? n : 'auto';
  return out;
}

function writeLocal(all) {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(KEY, JSON.stringify(all));
    s.setItem(MUTE_KEY, all.sound === false ? '1' : '0');
    if (all.notation && all.notation !== 'auto') s.setItem(NOTATION_KEY, all.notation);
    else s.removeItem(NOTATION_KEY);
  } catch { /* storage full or disabled */ }
}

/** Every setting: the saved value, else the default. */
export function allSettings() {
  const saved = readLocal();
  const out = {};
  for (const [k, values] of Object.entries(CHOICES)) out[k] = k in saved ? saved[k] : values[0];
  return out;
}

/** One setting's value. */
export const getSetting = (key) => allSettings()[key];

/** Calls fn(settings) after every change; returns an unsubscribe function. */
export function onSettingsChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Shows the settings that are drawn by CSS (board theme, piece set) on the page. */
export function applySettings() {
  const all = allSettings();
  const root = globalThis.document?.documentElement;
  if (root) {
    root.dataset.board = all.board;
    root.dataset.pieces = all.pieces;
  }
  for (const fn of listeners) fn(all);
  return all;
}

/** Whether a session is there to save to (set by main.js: a signed-in user or guest). */
let signedIn = false;

/**
 * Changes one setting here and, when signed in, on the server. Resolves when saved; a refusal
 * of the server rejects (the local change stays).
 */
export async function setSetting(key, value) {
  if (!CHOICES[key]?.includes(value)) throw new Error(`bad setting ${key}=${value}`);
  const all = { ...allSettings(), [key]: value };
  writeLocal(all);
  applySettings();
  if (signedIn) await save();
}

/** The saves in flight, one after another, so that a later change never lands before an earlier one. */
let saving = Promise.resolve();
function save() {
  saving = saving.catch(() => {}).then(() => api.putSettings(allSettings()));
  return saving;
}

/**
 * After sign-in (or at page load with a session): the server's settings win where it has
 * any; else this browser's are saved there (a visitor's choices follow them into the account).
 */
export async function loadSettings(hasSession) {
  signedIn = !!hasSession;
  applySettings();
  if (!signedIn) return;
  try {
    const { settings } = await api.settings();
    if (settings && Object.keys(settings).length) writeLocal({ ...allSettings(), ...settings });
    else await save();
  } catch { /* offline: this browser's settings */ }
  applySettings();
}
