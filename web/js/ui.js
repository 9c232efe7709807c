// DOM helpers shared by the views: element builder, modal dialogs, toasts, error texts.

import { t, has, titleText, getLang, formatDate } from './i18n.js';
import { reasonOf } from './i18n/errors.js';

/** h('div.cls', {attrs, on: {click}}, children...) */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split('.');
  const node = document.createElement(name || 'div');
  if (classes.length) node.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'on') for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className += ` ${v}`;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return node;
}

/**
 * Replaces `node`'s children with `children`, leaving out null, undefined and false (the DOM's
 * own replaceChildren writes them as the text "null"); strings and numbers become text.
 */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c)));
  return node;
}

/**
 * Calls `fn` when Escape is pressed while `back` (a .modal-back) is the topmost dialog; the
 * listener goes once `back` leaves the page.
 */
export function closeOnEscape(back, fn) {
  const onKey = (e) => {
    if (!back.isConnected) { document.removeEventListener('keydown', onKey); return; }
    if (e.key !== 'Escape') return;
    const backs = document.querySelectorAll('.modal-back');
    if (backs[backs.length - 1] !== back) return;
    e.preventDefault();
    document.removeEventListener('keydown', onKey);
    fn();
  };
  document.addEventListener('keydown', onKey);
}

/**
 * Shows a modal with `body` nodes and buttons [{label, primary, value, testid}]; resolves with the
 * value. A click beside it or Escape resolves `dismiss`, unless `dismiss` is undefined.
 */
export function modal({ title, body = [], buttons = [], testid, dismiss = null }) {
  return new Promise((resolve) => {
    const close = (value) => { back.remove(); resolve(value); };
    const box = h('div.modal', { role: 'dialog', 'aria-modal': 'true', 'data-testid': testid },
      title ? h('h3', { text: title }) : null,
      ...body,
      h('div.buttons', {}, buttons.map((b) => h(`button${b.primary ? '.primary' : ''}`, {
        type: 'button', 'data-testid': b.testid, on: { click: () => close(typeof b.value === 'function' ? b.value() : b.value) },
      }, b.label))));
    const back = h('div.modal-back', { on: { click: (e) => { if (e.target === back && dismiss !== undefined) close(dismiss); } } }, box);
    document.body.appendChild(back);
    if (dismiss !== undefined) closeOnEscape(back, () => close(dismiss));
    box.querySelector('button.primary, button')?.focus();
  });
}

/** A yes/no confirmation; resolves true or false. */
export function confirmDialog(text, testid = 'confirm') {
  return modal({
    title: text, testid,
    buttons: [
      { label: t('game.no'), value: false, testid: `${testid}-no` },
      { label: t('game.yes'), value: true, primary: true, testid: `${testid}-yes` },
    ],
    dismiss: false,
  });
}

let toastTimer = null;
/** Shows a short message at the bottom of the screen. */
export function toast(text, ms = 2600) {
  const node = document.getElementById('toast');
  if (!node) return;
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, ms);
}

/** Codes whose message names a reason (`i18n/errors.js` REASONS). */
const REFUSALS = new Set(['tournament_refused', 'ladder_refused', 'team_refused', 'league_refused', 'not_enough_coins']);

/**
 * The user-facing text for an error with a protocol code: translated from its code (and, for
 * the events' refusals, the reason in its message). The server's English message shows only
 * where nothing else is known: in English, or for an error without a code.
 */
export function errorText(err) {
  const code = err?.code;
  if (code && REFUSALS.has(code)) {
    const why = reasonOf(err.message, (ms) => formatDate(ms));
    if (why) return t(...why);
  }
  if (code && has(`err.${code}`)) {
    const base = t(`err.${code}`);
    const extra = REFUSALS.has(code) && getLang() === 'en' && err.message && err.message !== code ? `: ${err.message}` : '';
    return base + extra;
  }
  return t('err.generic', { msg: getLang() === 'en' ? (err?.message || code || String(err)) : t('err.unknown') });
}

/**
 * The title badges of a User.title ({zh, en, honorary, awarded}): the shown title, then the
 * honorary title after a ◆ marker (PLATFORM.md §4: shown after "·").
 */
export function titleBadges(title) {
  if (!title) return null;
  const shown = titleText(title);
  const hon = title.honorary ? titleText(title.honorary) : '';
  return h('span.titles', {},
    shown ? h(`span.title-badge${title.awarded ? '.awarded' : ''}`, { text: shown }) : null,
    hon ? h('span.title-badge.honorary', { 'data-testid': 'honorary', title: t('profile.honorary') }, h('span.hon-mark', { text: '◆' }), hon) : null);
}

/** The user id of the computer (the server's `user::COMPUTER`). */
export const COMPUTER_ID = 0;

/** Whether `user` is the computer: user 0 (unrated games) or a level's stored player (rated). */
export function isComputer(user) {
  return user?.id === COMPUTER_ID || Number.isInteger(user?.computer);
}

/** A user's name as shown: the computer's in the interface's language ("电脑 · 3级"). */
export function displayName(user) {
  if (!isComputer(user)) return user?.name ?? '';
  const level = user.computer ?? /(\d+)$/.exec(user.name || '')?.[1];
  return level ? `${t('ai.computer')} · ${t('ai.levelN', { n: level })}` : t('ai.computer');
}

/** A user's name with rating and titles: "alice 1400 五级棋士 ◆国家大师"; the computer without a title. */
export function userLine(user) {
  if (!user) return h('span.muted', { text: '—' });
  if (isComputer(user)) {
    return h('span.user.computer', {}, h('span.name', { text: displayName(user) }),
      user.id === COMPUTER_ID ? null : h('span.rating', { text: ` ${Math.round(user.rating)}` }));
  }
  return h('span.user', {},
    h('span.name', { text: user.name }), ' ',
    user.guest ? null : h('span.rating', { text: String(Math.round(user.rating)) }), ' ',
    titleBadges(user.title));
}
