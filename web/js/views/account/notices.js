// #/notices: one's stored notices (ladder challenges, deadlines, places; league matches), newest
// first, each linking to where it happened; opening the page marks them seen. `noticeText`
// words any notice message (NOTICE_TYPES: main.js toasts each when it arrives), `noticeLink`
// says where it leads.

import { api } from '../../net/http.js';
import { t, formatDate } from '../../i18n.js';
import { h, toast, errorText } from '../../ui.js';
import { noticeText as ladderText } from '../ladder/ladder.js';
import { conductText } from '../table/conduct.js';

/** Words per kind of notice message; areas add theirs (`registerNotice`). */
const WORDERS = new Map([['ladder_notice', ladderText], ['conduct_notice', conductText]]);

/** Lets an area word its own notice message `t` (e.g. 'league_notice'). */
export function registerNotice(type, word, link) {
  WORDERS.set(type, word);
  if (link) LINKS.set(type, link);
}

/** Where a notice message leads, per kind. */
const LINKS = new Map([
  ['ladder_notice', (m) => (m.notice?.table ? `#/table/${m.notice.table}` : `#/ladder/${m.ladder}`)],
  ['conduct_notice', (m) => `#/game/${m.game_id}`],
]);

/**
 * The server's notice messages, each also stored (docs/protocol.md: `ladder_notice`,
 * `league_notice`, `team_notice`, `conduct_notice`): main.js subscribes to these and toasts each one.
 */
export const NOTICE_TYPES = Object.freeze(['ladder_notice', 'league_notice', 'team_notice', 'conduct_notice']);

/** A notice message in words. */
export function noticeText(msg) {
  const word = WORDERS.get(msg?.t);
  return (word && word(msg)) || t('notices.other', { what: msg?.t || '?' });
}

/** The page a notice message leads to, or null. */
export function noticeLink(msg) {
  const link = LINKS.get(msg?.t);
  return link ? link(msg) : null;
}

export function mount(root, app) {
  const list = h('ul.notices-list', { 'data-testid': 'notices' });
  const more = h('button', { type: 'button', hidden: true, text: t('notices.more') });
  root.appendChild(h('section.notices-page', {}, h('h2', { text: t('notices.title') }), list, more));
  let oldest = null;
  let gone = false;

  function row(n) {
    const link = noticeLink(n.msg);
    const text = noticeText(n.msg);
    return h('li', { class: n.seen ? 'seen' : 'unseen', dataset: { id: n.id } },
      h('time', { text: formatDate(n.at) }), ' ',
      link ? h('a', { href: link, text }) : h('span', { text }));
  }

  async function load(first) {
    try {
      const { notices } = await api.notices(50, oldest);
      if (gone) return;
      if (first && !notices.length) list.appendChild(h('li.muted', { text: t('notices.empty') }));
      for (const n of notices) list.appendChild(row(n));
      if (notices.length) oldest = notices[notices.length - 1].id;
      more.hidden = notices.length < 50;
      if (first && notices.length && notices.some((n) => !n.seen)) {
        const { unseen } = await api.noticesSeen(notices[0].id);
        app.setUnseen?.(unseen);
      }
    } catch (e) {
      toast(errorText(e));
    }
  }
  more.addEventListener('click', () => load(false));
  load(true);
  return { unmount() { gone = true; } };
}
