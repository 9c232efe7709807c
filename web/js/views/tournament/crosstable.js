// A round robin's crosstable (循环赛成绩表): players × players in standings order, each cell the
// results of that pairing from the row player's side (1 win, ½ draw, 0 loss, + / − forfeit,
// · not played yet), then points, the preset's tie-break columns and the place. Built from the
// event as served (rounds with results, standings), so it redraws with every reload.

import { t, has } from '../../i18n.js';
import { h } from '../../ui.js';
import { playerLink } from './names.js';

const tbName = (name) => (has(`tour.tb.${name}`) ? t(`tour.tb.${name}`) : name);

/** The result text of a board from `user`'s side. */
export function sideResult(board, user) {
  const red = board.red === user;
  switch (board.result) {
    case '1-0': return red ? '1' : '0';
    case '0-1': return red ? '0' : '1';
    case '1/2-1/2': return '½';
    case '+-': return red ? '+' : '−';
    case '-+': return red ? '−' : '+';
    case '--': return '−';
    default: return '·';
  }
}

/** `{rowUser: {colUser: [results…]}}` over every game of `ev.rounds`. */
export function crossResults(ev) {
  const cells = {};
  const add = (a, b, v) => { ((cells[a] ||= {})[b] ||= []).push(v); };
  for (const r of ev.rounds) {
    for (const b of r.boards) {
      if (b.black === null) continue;
      add(b.red, b.black, sideResult(b, b.red));
      add(b.black, b.red, sideResult(b, b.black));
    }
  }
  return cells;
}

/** The crosstable element of a round-robin event `ev`; `me` is highlighted. */
export function crosstable(ev, me) {
  const rows = ev.standings;
  const cells = crossResults(ev);
  const head = h('tr', {}, h('th', { text: '#' }), h('th', { text: t('tour.player') }),
    rows.map((_, i) => h('th.num', { text: String(i + 1) })),
    h('th.num', { text: t('tour.points') }), ev.tiebreaks.map((tb) => h('th.num', { text: tbName(tb) })),
    h('th.num', { text: t('tour.place') }));
  const body = rows.map((r, i) => h(`tr${r.user === me ? '.me' : ''}`, { 'data-user': r.user },
    h('td', { text: String(i + 1) }),
    h('td', {}, playerLink(ev, r.user)),
    rows.map((c) => (c.user === r.user
      ? h('td.cross-self', { text: '╳' })
      : h('td.num', { 'data-testid': `cross-${r.user}-${c.user}`, text: (cells[r.user]?.[c.user] || []).join(' ') || '·' }))),
    h('td.num', { 'data-testid': `cross-points-${r.user}`, text: String(r.points) }),
    r.tiebreaks.map((v) => h('td.num', { text: v })),
    h('td.num', { text: String(r.rank) })));
  return h('div.scroll-x', {}, h('table.games-table.crosstable', { 'data-testid': 'crosstable' },
    h('thead', {}, head), h('tbody', {}, body)));
}
