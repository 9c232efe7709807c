// Countdowns on an event's page ("starts in 4:59", "ends in 12:00"): an element remembers its
// target instant and its i18n key; `tickCountdowns` rewrites every one under a root (the page
// calls it once a second). Times are the client's; the server's pushes correct the targets.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { formatMs } from '../../clock.js';

/** The text of a countdown to `until` (ms since the epoch) at `now`. */
export function countdownText(key, until, now = Date.now()) {
  return t(key, { t: formatMs(Math.max(0, until - now), false) });
}

/** A countdown element (`key` takes `{t}`), or null without a target. */
export function countdown(key, until, testid = 'countdown') {
  if (!until) return null;
  return h('span.countdown', { 'data-testid': testid, 'data-until': String(until), 'data-key': key,
    text: countdownText(key, until) });
}

/** Rewrites every countdown under `root`. */
export function tickCountdowns(root, now = Date.now()) {
  for (const el of root.querySelectorAll('[data-until]')) {
    el.textContent = countdownText(el.dataset.key, Number(el.dataset.until), now);
  }
}
