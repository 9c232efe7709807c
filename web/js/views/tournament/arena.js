// An arena's panel on its event page: players in rank order with their status (waiting,
// playing, paused), score sheet (each counted game's points; a flame while on fire: the next
// game scores double) and total, then the most recent games (newest first, void ones marked).
// A team battle adds the team standings (each team's best players' scores summed) and each
// player's team.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { playerName, playerLink } from './names.js';

/** The arena's players table. */
export function arenaPlayers(ev, me) {
  const points = new Map(ev.standings.map((r) => [r.user, r]));
  const teams = new Map((ev.arena?.teams || []).map((x) => [x.team, x.name]));
  const battle = (ev.arena?.team_top || 0) > 0;
  return h('table.games-table', { 'data-testid': 'arena-players' },
    h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('tour.player') }),
      battle ? h('th', { text: t('tour.team') }) : null,
      h('th', { text: t('tour.status') }), h('th', { text: t('tour.sheet') }), h('th', { text: t('tour.points') }))),
    h('tbody', {}, (ev.arena?.players || []).map((p) => {
      const row = points.get(p.user);
      return h(`tr${p.user === me ? '.me' : ''}`, { 'data-user': p.user, 'data-status': p.status },
        h('td', { text: row ? String(row.rank) : '' }),
        h('td', {}, playerLink(ev, p.user),
          p.fire ? h('span.fire', { title: t('tour.fire'), text: ' 🔥' }) : null),
        battle ? h('td', { text: teams.get(p.team) || '' }) : null,
        h('td', { text: ev.status === 'running' ? t(`tour.st.${p.status}`) : t(`tour.s.${ev.status}`) }),
        h('td.sheet', { text: p.sheet.join(' ') }),
        h('td.num', { text: row ? String(row.points) : '0' }));
    })));
}

/** The most recent games, newest first. */
export function arenaGames(ev) {
  const boards = (ev.rounds[0]?.boards || []).slice().reverse();
  return h('table.games-table', { 'data-testid': 'arena-games' }, h('tbody', {}, boards.map((b) => h('tr', {},
    h('td', {}, playerLink(ev, b.red)), h('td', {}, playerLink(ev, b.black)),
    h('td', {}, b.result === 'void' ? t('tour.void')
      : b.result || h('a', { href: `#/table/${b.table}`, text: t('tour.go') }))))));
}

/** A team battle's team standings: rank, team, score (its best players' sum), who counted. */
export function arenaTeams(ev) {
  const top = ev.arena?.team_top || 0;
  if (!top) return null;
  return h('section.panel', { 'data-testid': 'arena-teams' },
    h('h2', { text: t('tour.teams', { n: top }) }),
    h('div.scroll-x', {}, h('table.games-table', {},
      h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('tour.team') }),
        h('th', { text: t('tour.points') }), h('th', { text: t('tour.teamTop') }), h('th', { text: t('tour.teamPlayers') }))),
      h('tbody', {}, ev.arena.teams.map((x) => h('tr', { 'data-team': x.team },
        h('td', { text: String(x.rank) }),
        h('td', {}, h('a', { href: `#/team/${x.team}`, text: x.name })),
        h('td.num', { text: String(x.score) }),
        h('td', { text: x.top.map(([u, s]) => `${playerName(ev, u)} ${s}`).join(' · ') }),
        h('td.num', { text: String(x.players) })))))));
}
