// #/ladder/ID: one ladder (梯级挑战赛). The rungs, with the players the user may challenge
// highlighted and a 挑战 button on each; the user's open challenges with a countdown to the
// deadline and a link to the table; the history of challenges. A `ladder_notice` for this
// ladder reloads the page; `noticeText` words a notice for the toast main.js shows anywhere.

import { api } from '../../net/http.js';
import { t, formatDate } from '../../i18n.js';
import { presetName } from '../../i18n/site.js';
import { h, toast, errorText } from '../../ui.js';
import { ratingScopeText } from '../../i18n/pools.js';

/** How often the page reloads the ladder by itself (others' challenges and results). */
const RELOAD_MS = 30_000;

/** "2天 03:04:05" / "2d 03:04:05" until `ms` runs out ("0:00:00" once past). */
export function countdown(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const pad = (n) => String(n).padStart(2, '0');
  const hms = `${Math.floor((s % 86_400) / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${t('ladder.days', { n: d })} ${hms}` : hms;
}

/** A challenge's outcome in words. */
export function outcomeText(o) {
  if (o.t === 'timed_out') return t(`ladder.o.timed_out_${o.side}`);
  if (o.t === 'no_show') {
    if (o.challenger && o.defender) return t('ladder.o.no_show_both');
    return t(o.challenger ? 'ladder.o.no_show_challenger' : 'ladder.o.no_show_defender');
  }
  return t(`ladder.o.${o.t}`);
}

/** The toast for a `ladder_notice` message. */
export function noticeText(msg) {
  const n = msg.notice || {};
  switch (n.kind) {
    case 'challenged': return t('ladder.n.challenged');
    case 'deadline_near': return t('ladder.n.deadline_near');
    case 'ended': return `${t('ladder.n.ended')}: ${outcomeText(n.outcome)}`;
    case 'moved': return t(n.to < n.from ? 'ladder.n.up' : 'ladder.n.down', { from: n.from, to: n.to });
    case 'removed': return t(`ladder.n.removed_${n.reason}`);
    default: return '';
  }
}

export function mount(root, app, [idText]) {
  const id = Number(idText);
  const box = h('div.ladder', { 'data-testid': 'ladder' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  let ladder = null;
  let skew = 0; // server clock minus ours
  let gone = false;
  const timers = [];

  async function act(fn) {
    try {
      await fn();
      load();
    } catch (e) {
      toast(errorText(e));
    }
  }

  function draw() {
    const l = ladder;
    const me = app.user?.id;
    const mine = l.rungs.find((r) => r.user === me);
    const busy = new Set(l.open.filter((c) => c.challenger === me || c.defender === me)
      .map((c) => (c.challenger === me ? c.defender : c.challenger)));
    const inReach = (r) => mine && mine.top !== null && r.place >= mine.top && r.place < mine.place;
    const head = h('div.panel', {},
      h('h1', { text: l.name }),
      h('p.muted', { text: `${t('ladder.players', { n: l.rungs.length })} · ${presetName(l.rules.time_control, t)}` }),
      h('p.muted', { 'data-testid': 'ladder-rating', text: ratingScopeText(l.rules.rating, t) }),
      mine
        ? h('p', { 'data-testid': 'ladder-me', 'data-place': String(mine.place),
          text: mine.top === null ? t('ladder.mePlaceTop', { place: mine.place }) : t('ladder.mePlace', { place: mine.place, range: mine.top === mine.place - 1 ? mine.top : `${mine.top}–${mine.place - 1}` }) })
        : null,
      mine
        ? h('button', { type: 'button', 'data-testid': 'ladder-leave', on: { click: () => act(() => api.ladderLeave(id)) } }, t('ladder.leave'))
        : h('button.primary', { type: 'button', 'data-testid': 'ladder-join', on: { click: () => act(() => api.ladderJoin(id)) } }, t('ladder.join')));
    const myOpen = l.open.filter((c) => c.challenger === me || c.defender === me);
    const open = h('section.panel', { 'data-testid': 'ladder-open' },
      h('h2', { text: t('ladder.myOpen') }),
      myOpen.length
        ? h('ul.tour-list', {}, myOpen.map((c) => h('li', { 'data-testid': 'ladder-my-challenge', 'data-table': String(c.table) },
          h('span', { text: c.challenger === me ? t('ladder.iChallenged', { name: c.defender_name }) : t('ladder.challengedMe', { name: c.challenger_name }) }),
          h('span.muted', { text: ` · ${t('ladder.deadline')} ` }),
          h('span.countdown', { 'data-deadline': String(c.deadline), text: countdown(c.deadline - (Date.now() + skew)) }),
          ' ',
          h('a', { href: `#/table/${c.table}`, 'data-testid': 'ladder-go', text: t('tour.go') }))))
        : h('p.muted', { text: t('tour.none') }));
    const rungs = h('table.games-table', { 'data-testid': 'ladder-rungs' },
      h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('tour.player') }), h('th', { text: t('ladder.rating') }), h('th', {}))),
      h('tbody', {}, l.rungs.map((r) => {
        const can = inReach(r) && !busy.has(r.user);
        const cls = `${r.user === me ? '.me' : ''}${inReach(r) ? '.reach' : ''}`;
        return h(`tr${cls}`, { 'data-user': String(r.user), 'data-place': String(r.place) },
          h('td', { text: String(r.place) }),
          h('td', {}, h('a', { href: `#/user/${r.user}`, text: r.name })),
          h('td.num', { text: String(r.rating) }),
          h('td', {}, can
            ? h('button.primary', { type: 'button', 'data-testid': 'ladder-challenge',
              on: { click: () => act(async () => {
                const res = await api.ladderChallenge(id, r.user);
                toast(t('ladder.n.challenged'));
                if (res?.table) app.go(`#/table/${res.table}`);
              }) } }, t('ladder.challenge'))
            : null));
      })));
    const history = h('section.panel', { 'data-testid': 'ladder-history' },
      h('h2', { text: t('ladder.history') }),
      l.history.length
        ? h('ul.tour-list', {}, l.history.map((c) => h('li', {},
          h('span', { text: t('ladder.vs', { a: c.challenger_name, b: c.defender_name }) }),
          h('span', { text: ` · ${outcomeText(c.outcome)}` }),
          h('span.muted', { text: ` · ${formatDate(c.ended_at)}` }))))
        : h('p.muted', { text: t('tour.none') }));
    box.replaceChildren(head, open, h('section.panel', {}, h('h2', { text: t('ladder.rungs') }), rungs), history);
  }

  async function load() {
    try {
      const l = await api.ladder(id);
      if (gone) return;
      ladder = l;
      skew = l.now - Date.now();
      draw();
    } catch (e) {
      box.replaceChildren(h('p.error', { text: errorText(e) }));
    }
  }

  timers.push(setInterval(() => {
    for (const node of box.querySelectorAll('.countdown')) {
      node.textContent = countdown(Number(node.dataset.deadline) - (Date.now() + skew));
    }
  }, 1000));
  timers.push(setInterval(load, RELOAD_MS));
  const off = app.socket.on('ladder_notice', (msg) => {
    if (msg.ladder === id) load();
  });
  load();
  return { unmount() { gone = true; off(); for (const x of timers) clearInterval(x); } };
}
