// A ban or mute in force, shown with a live countdown and its reason: a banner at the top of the
// page, raised by a `banned`/`muted` refusal (its `until`) or by one's own profile. One banner at
// a time; it goes when the sanction ends or is closed.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';

let current = null;

/** "h:mm:ss" (or "m:ss") left until `until` (ms since the epoch). */
export function timeLeft(until, now = Date.now()) {
  const s = Math.max(0, Math.ceil((until - now) / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** Shows `kind` ('banned' or 'muted', or 'ban'/'mute') until `until`, with `reason`. */
export function showSanction(kind, until, reason) {
  current?.close();
  const key = kind === 'muted' || kind === 'mute' ? 'sanction.muted' : 'sanction.banned';
  const left = h('b', { 'data-testid': 'sanction-left' });
  const close = h('button.link', { type: 'button', text: '×' });
  const node = h('div.sanction-banner', { 'data-testid': 'sanction', role: 'alert' },
    h('span', { text: `${t(key)} ` }), left,
    h('span', { text: ` · ${t('sanction.reason')}: ${reason || '—'}` }), ' ', close);
  const tick = () => {
    if (Date.now() >= until) return me.close();
    left.textContent = timeLeft(until);
  };
  const timer = setInterval(tick, 1000);
  const me = {
    close() {
      clearInterval(timer);
      node.remove();
      if (current === me) current = null;
    },
  };
  close.addEventListener('click', () => me.close());
  tick();
  document.body.prepend(node);
  current = me;
  return me;
}
