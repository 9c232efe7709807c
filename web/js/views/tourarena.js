// An arena's panel on its event page: players in rank order with their status (waiting,
// playing, paused), score sheet (each counted game's points; a flame while on fire: the next
// game scores double) and total, then the most recent games (newest first, void ones marked).

import { t } from '../i18n.js';
import { h } from '../ui.js';

/** The arena's players table. */
export function arenaPlayers(ev, me) {
  const points = new Map(ev.standings.map((r) => [r.user, r]));
  return h('table.games-table', { 'data-testid': 'arena-players' },
    h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('tour.player') }),
      h('th', { text: t('tour.status') }), h('th', { text: t('tour.sheet') }), h('th', { text: t('tour.points') }))),
    h('tbody', {}, (ev.arena?.players || []).map((p) => {
      const row = points.get(p.user);
      return h(`tr${p.user === me ? '.me' : ''}`, { 'data-user': p.user, 'data-status': p.status },
        h('td', { text: row ? String(row.rank) : '' }),
        h('td', {}, h('a', { href: `#/user/${p.user}`, text: `#${p.user}` }),
          p.fire ? h('span.fire', { title: t('tour.fire'), text: ' 🔥' }) : null),
        h('td', { text: t(`tour.st.${p.status}`) }),
        h('td.sheet', { text: p.sheet.join(' ') }),
        h('td.num', { text: row ? String(row.points) : '0' }));
    })));
}

/** The most recent games, newest first. */
export function arenaGames(ev) {
  const boards = (ev.rounds[0]?.boards || []).slice().reverse();
  return h('table.games-table', { 'data-testid': 'arena-games' }, h('tbody', {}, boards.map((b) => h('tr', {},
    h('td', { text: `#${b.red}` }), h('td', { text: `#${b.black}` }),
    h('td', {}, b.result === 'void' ? t('tour.void')
      : b.result || h('a', { href: `#/table/${b.table}`, text: t('tour.go') }))))));
}
