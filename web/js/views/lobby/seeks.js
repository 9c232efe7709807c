// Seeks in the hall, for the room shown: the quick-game grid (快速开始: common controls as
// lichess's grid, with the portals' staged and 局时/步时/读秒 presets), one's waiting seeks with
// the rating window as it widens and a cancel button, an open seek, a challenge to a named
// player, an invitation by link (/?seek=ID), challenges received (accept or decline), the
// room's open seeks with an accept button, and why one's last seek went without a game (no free
// table, expired, declined). Speaks seek / seek_accept / seek_cancel / seek_decline
// (docs/protocol.md §3.3); a pair formed is followed to its table by main.js (seek_paired).

import { t } from '../../i18n.js';
import { h, fill, toast, errorText, userLine } from '../../ui.js';
import { showSanction } from '../account/sanction.js';
import { describeControl } from '../../clock.js';
import { toTimeControl, PRESETS } from '../../timecontrol.js';

/** The quick grid: key -> [system, fields]. */
export const GRID = [
  ['1+1', 'fischer', { base: 1, inc: 1 }],
  ['3+2', 'fischer', { base: 3, inc: 2 }],
  ['5+3', 'fischer', { base: 5, inc: 3 }],
  ['10+5', 'fischer', { base: 10, inc: 5 }],
  ['15+10', 'fischer', { base: 15, inc: 10 }],
  ['30+0', 'fischer', { base: 30, inc: 0 }],
  ['qq_fast', PRESETS.qq_fast.system, PRESETS.qq_fast.fields],
  ['qq', PRESETS.qq.system, PRESETS.qq.fields],
  ['ourgame', PRESETS.ourgame.system, PRESETS.ourgame.fields],
  ['byoyomi', PRESETS.byoyomi.system, PRESETS.byoyomi.fields],
].map(([key, system, fields]) => ({ key, control: toTimeControl(system, fields) }));

/** Reasons of `seek_gone` the seeker is told in the hall (the others they caused themselves). */
const NOTICES = ['no_free_table', 'expired', 'declined', 'playing'];

/** The link that accepts link seek `s` (its id and key). */
export function seekLink(s) {
  return `${location.origin}/?seek=${s.id}&key=${encodeURIComponent(s.key || '')}`;
}

export function createSeeks(app) {
  let room = null;
  const mine = app.mySeeks; // seek id -> { seek, window }, kept by main.js
  const challenges = new Map(); // seek id -> seek
  let chosen = GRID[2].key;
  let notice = null; // the last seek of one's gone without a game, when worth saying: { reason, by }

  const node = h('section.seeks', { 'data-testid': 'seeks' });
  const send = (msg) => app.socket.send(msg).catch((e) => (e.until ? showSanction(e.code, e.until, e.message) : toast(errorText(e))));
  let casual = false; // chosen: seek unrated (casual) games; guests always do
  const rated = () => !app.user?.guest && !casual;
  const control = (key) => GRID.find((g) => g.key === key)?.control;
  const seek = (kind, extra = {}) => send({
    t: 'seek', room: room.id, control: control(chosen), rated: rated(), kind, ...extra,
  });

  function grid() {
    return h('div.quick-grid', { 'data-testid': 'quick-grid' }, GRID.map((g) => h('button.quick', {
      type: 'button', 'data-testid': `quick-${g.key}`,
      on: { click: () => { chosen = g.key; seek('quick'); } },
    }, h('b', { text: describeControl(g.control, t) }))));
  }

  function waiting() {
    return [...mine.values()].map(({ seek: s, window }) => h('div.seek-waiting', { 'data-testid': 'seek-waiting', 'data-seek': s.id },
      h('span', { text: `${t(`seek.waiting.${s.kind}`, { tc: describeControl(s.control, t), to: s.to || '' })} · ${t(s.rated ? 'seek.rated' : 'seek.unrated')}` }),
      s.kind === 'quick' ? h('span.muted', {
        'data-testid': 'seek-window',
        text: window == null ? t('seek.anyRating') : t('seek.window', { n: window }),
      }) : null,
      s.kind === 'link' ? h('input.seek-link', { readonly: true, value: seekLink(s), 'data-testid': 'seek-link-url', on: { focus: (e) => e.target.select() } }) : null,
      h('button', { type: 'button', 'data-testid': 'seek-cancel', on: { click: () => send({ t: 'seek_cancel', seek: s.id }) } }, t('seek.cancel'))));
  }

  function actions() {
    const select = h('select', { 'data-testid': 'seek-control', 'aria-label': t('table.control'), on: { change: () => { chosen = select.value; } } },
      GRID.map((g) => h('option', { value: g.key, text: describeControl(g.control, t) })));
    select.value = chosen;
    const name = h('input', { placeholder: t('seek.playerName'), 'data-testid': 'challenge-name' });
    const mode = h('select', { 'data-testid': 'seek-rated', 'aria-label': t('ai.rated'), disabled: !!app.user?.guest, on: { change: () => { casual = mode.value === '0'; } } },
      h('option', { value: '1', text: t('seek.rated') }), h('option', { value: '0', text: t('seek.unrated') }));
    mode.value = rated() ? '1' : '0';
    return h('div.seek-actions', {},
      select, mode,
      h('button', { type: 'button', 'data-testid': 'seek-open', on: { click: () => seek('open') } }, t('seek.open')),
      h('button', { type: 'button', 'data-testid': 'seek-link', on: { click: () => seek('link') } }, t('seek.invite')),
      name,
      h('button', { type: 'button', 'data-testid': 'challenge-send', on: { click: () => { if (name.value.trim()) seek('challenge', { to: name.value.trim() }); } } }, t('seek.challenge')));
  }

  const accept = (id) => send({ t: 'seek_accept', seek: id });

  function row(s, own) {
    return h('div.srow', { 'data-testid': `seek-${s.id}` },
      userLine({ ...s.user, title: null }),
      h('span.meta', { text: `${describeControl(s.control, t)} · ${t(s.rated ? 'seek.rated' : 'seek.unrated')}${s.color ? ` · ${t(`color.${s.color}`)}` : ''}` }),
      own ? h('span.muted', { text: t('seek.yours') })
        : h('button.primary', { type: 'button', 'data-testid': `seek-accept-${s.id}`, on: { click: () => accept(s.id) } }, t('seek.accept')));
  }

  function render() {
    if (!room) { node.replaceChildren(); return; }
    const listed = room.seeks || [];
    fill(node,
      h('h2', { text: t('seek.quick') }), grid(), ...waiting(),
      notice ? h('p.seek-notice', { 'data-testid': 'seek-notice', 'data-reason': notice.reason, text: t(`seek.gone.${notice.reason}`, { by: notice.by || '' }) }) : null,
      actions(),
      ...[...challenges.values()].map((s) => h('div.challenge', { 'data-testid': `challenge-${s.id}` },
        h('span', { text: t('seek.challenged', { who: s.user.name, tc: describeControl(s.control, t) }) }),
        h('button.primary', { type: 'button', 'data-testid': `challenge-accept-${s.id}`, on: { click: () => { challenges.delete(s.id); accept(s.id); render(); } } }, t('seek.accept')),
        h('button', { type: 'button', 'data-testid': `challenge-decline-${s.id}`, on: { click: () => { challenges.delete(s.id); send({ t: 'seek_decline', seek: s.id }); render(); } } }, t('seek.decline')))),
      h('h3', { text: t('seek.list') }),
      h('div.slist', { 'data-testid': 'seek-list' }, listed.length
        ? listed.map((s) => row(s, s.user.id === app.user?.id))
        : h('p.muted', { text: t('seek.none') })));
  }

  // One's seeks (kept in app.mySeeks by main.js, which hears them first) and challenges received.
  const offs = [
    app.socket.on('seek_waiting', () => { notice = null; render(); }),
    app.socket.on('seek_paired', () => { notice = null; render(); }),
    app.socket.on('seek_gone', (msg) => {
      if (NOTICES.includes(msg.reason)) notice = { reason: msg.reason, by: msg.by };
      render();
    }),
    app.socket.on('challenge', (msg) => { challenges.set(msg.seek.id, msg.seek); render(); }),
  ];

  return {
    node,
    /** Stops listening (the hall is torn down). */
    destroy() { for (const off of offs) off(); },
    /** Shows `r` (a Room with its seeks). */
    show(r) { room = r; render(); },
  };
}
