// #/league/ID: one league — each division's standings table (场分, then the tie-break columns
// 局分 and board-1 局分) and its matches by round, each linking to the match page
// (#/league/ID/match/M, match.js). Ended seasons stay browsable: a season selector
// (shown once there are two) reloads the view with `?season=N`.

import { api } from '../../net/http.js';
import { t, formatDate } from '../../i18n.js';
import { h, errorText } from '../../ui.js';

function standings(div, id) {
  const cols = ['lg.played', 'lg.won', 'lg.drawn', 'lg.lost', 'lg.mp', 'lg.gp', 'lg.b1'];
  return h('table.games-table.league-standings', { 'data-testid': 'league-standings' },
    h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('lg.team') }), cols.map((c) => h('th.num', { text: t(c) })))),
    h('tbody', {}, div.standings.map((s) => h('tr', { 'data-team': String(s.team) },
      h('td', { text: String(s.rank) }),
      h('td', {}, h('a', { href: `#/team/${s.team}`, text: s.name })),
      [s.played, s.won, s.drawn, s.lost, s.match_points, s.game_points, s.board_one]
        .map((n) => h('td.num', { text: String(n ?? '') }))))));
}

function matches(l, d) {
  const mine = l.matches.filter((m) => m.division === d);
  return h('ul.tour-list.league-matches', {}, mine.map((m) => h('li', {},
    h('span.muted', { text: `${t('lg.round', { n: m.round })} · ` }),
    h('a', { href: `#/league/${l.id}/match/${m.id}`, 'data-testid': 'league-match-link', 'data-match': String(m.id),
      text: t('lg.vs', { home: m.home.name, away: m.away.name }) }),
    m.score ? h('b', { text: ` ${m.score.home_games}:${m.score.away_games}` }) : null,
    h('span.muted', { text: ` · ${formatDate(m.time)}${m.agreed ? ` (${t('lg.agreed')})` : ''}` }))));
}

function seasonPicker(l, show) {
  const seasons = l.seasons ?? [l.season];
  if (seasons.length < 2) return null;
  const sel = h('select', { 'data-testid': 'league-season', 'aria-label': t('lg.pickSeason') },
    seasons.map((n) => h('option', { value: String(n), text: t('lg.season', { n }) })));
  sel.value = String(l.season);
  sel.addEventListener('change', () => show(Number(sel.value)));
  return h('label', {}, `${t('lg.pickSeason')} `, sel);
}

export function mount(root, app, [idText]) {
  const id = Number(idText);
  const box = h('div.league', { 'data-testid': 'league' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  const show = (season) => api.league(id, season).then((l) => {
    box.replaceChildren(
      h('section.panel', {}, h('h1', { text: l.name }),
        h('p.muted', { text: `${t('lg.season', { n: l.season })} · ${t(`lg.phase.${l.phase}`)}` }),
        seasonPicker(l, show)),
      ...l.divisions.map((div, d) => h('section.panel', { 'data-testid': 'league-division' },
        h('h2', { text: div.name }),
        h('div.scroll-x', {}, standings(div, id)),
        h('h3', { text: t('lg.matches') }),
        matches(l, d))));
  }).catch((e) => box.replaceChildren(h('p.error', { text: errorText(e) })));
  show();
}
