// #/league/ID/match/M: one team match — its boards with the players, results and live games
// (each board links to its table), the two lineups, and for a captain of either team, until
// the match begins, a board order editor (up / down, board 1 on top) that submits the order.

import { api } from '../../net/http.js';
import { t, formatDate } from '../../i18n.js';
import { h, toast, errorText } from '../../ui.js';
import { refusalText } from '../team/teams.js';

/** Moves item `i` of `list` by `step` (−1 up, +1 down); a new array. */
export function moved(list, i, step) {
  const j = i + step;
  if (j < 0 || j >= list.length) return list.slice();
  const out = list.slice();
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

export function mount(root, app, [idText, mText]) {
  const id = Number(idText);
  const m = Number(mText);
  const box = h('div.league-match', { 'data-testid': 'league-match' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  let gone = false;
  let order = null; // the captain's order being edited: [{id, name}]

  function boardsTable(x) {
    return h('table.games-table', { 'data-testid': 'league-boards' },
      h('thead', {}, h('tr', {}, h('th', { text: t('lg.board') }), h('th', { text: t('lg.red') }), h('th', { text: t('lg.black') }),
        h('th', { text: t('lg.result') }), h('th', {}))),
      h('tbody', {}, x.boards.map((b) => h('tr', { 'data-board': String(b.board) },
        h('td', { text: String(b.board) }),
        h('td', { text: b.red?.name ?? '—' }),
        h('td', { text: b.black?.name ?? '—' }),
        h('td', { text: b.result ? t(`lg.r.${b.result}`) : '' }),
        h('td', {}, b.table !== null && b.table !== undefined
          ? h('a', { href: `#/table/${b.table}`, 'data-testid': 'league-board-table', text: t('lg.watch') }) : null)))));
  }

  function editor(x, side, roster) {
    const boards = x.boards.length;
    if (!order) {
      const lineup = x.lineups[side];
      const rest = roster.filter((p) => !lineup.some((q) => q.id === p.id));
      order = lineup.concat(rest);
    }
    const draw = () => {
      list.replaceChildren(...order.map((p, i) => h('li', { 'data-testid': 'lineup-item', 'data-user': String(p.id) },
        h('span.lineup-board', { text: i < boards ? `${t('lg.board')} ${i + 1}` : t('lg.bench') }),
        h('span.lineup-name', { text: p.name }),
        h('button', { type: 'button', 'data-testid': 'lineup-up', disabled: i === 0, 'aria-label': t('lg.up'),
          on: { click: () => { order = moved(order, i, -1); draw(); } } }, '▲'),
        h('button', { type: 'button', 'data-testid': 'lineup-down', disabled: i === order.length - 1, 'aria-label': t('lg.down'),
          on: { click: () => { order = moved(order, i, 1); draw(); } } }, '▼'))));
    };
    const list = h('ol.lineup-editor', { 'data-testid': 'lineup-editor' });
    draw();
    return h('section.panel', {}, h('h2', { text: t('lg.order') }),
      h('p.muted', { text: `${t('lg.deadline')} · ${formatDate(x.time)}` }),
      list,
      h('button.primary', { type: 'button', 'data-testid': 'lineup-submit', on: { click: async () => {
        try {
          await api.leagueLineup(id, m, order.slice(0, boards).map((p) => p.id));
          toast(t('lg.saved'));
          order = null;
          load();
        } catch (e) {
          toast(refusalText(e));
        }
      } } }, t('lg.submit')));
  }

  async function load() {
    try {
      const x = await api.leagueMatch(id, m);
      if (gone) return;
      const me = app.user?.id;
      const teams = await Promise.all([x.home.id, x.away.id].map((tid) => api.team(tid).catch(() => null)));
      if (gone) return;
      const side = teams[0]?.captain === me ? 'home' : teams[1]?.captain === me ? 'away' : null;
      const lineups = h('section.panel', { 'data-testid': 'league-lineups' }, h('h2', { text: t('lg.lineups') }),
        h('div.lineups', {}, ['home', 'away'].map((s) => h('div', { 'data-side': s },
          h('h3', { text: `${t(`lg.${s}`)} · ${x[s].name}` }),
          h('ol', {}, x.lineups[s].map((p) => h('li', { 'data-user': String(p.id), text: p.name })))))));
      const roster = side ? (teams[side === 'home' ? 0 : 1].members.map((p) => ({ id: p.id, name: p.name }))) : [];
      box.replaceChildren(...[
        h('section.panel', {}, h('h1', { text: t('lg.vs', { home: x.home.name, away: x.away.name }) }),
          h('p.muted', {}, h('a', { href: `#/league/${id}`, text: '←' }), ` ${t('lg.round', { n: x.round })} · ${formatDate(x.time)}`,
            x.score ? ` · ${x.score.home_games}:${x.score.away_games}` : '')),
        h('section.panel', {}, h('h2', { text: t('lg.boards') }), h('div.scroll-x', {}, boardsTable(x))),
        side && !x.begun ? editor(x, side, roster) : null,
        lineups].filter(Boolean));
    } catch (e) {
      if (!gone) box.replaceChildren(h('p.error', { text: errorText(e) }));
    }
  }
  load();
  const timer = setInterval(() => { if (!order) load(); }, 15_000);
  return { unmount() { gone = true; clearInterval(timer); } };
}
