// Profile and records: rating, title, games; the list of finished games, each opening its replay.

import { api } from '../net/http.js';
import { t, titleText } from '../i18n.js';
import { h, errorText } from '../ui.js';

export function mount(root, app, [idText]) {
  const id = idText ? Number(idText) : app.user.id;
  const box = h('div.panel', { 'data-testid': 'profile' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  Promise.all([api.user(id), api.userGames(id, 50)]).then(([{ user }, { games }]) => {
    const resultFor = (g) => {
      if (g.result === '1/2-1/2') return '½';
      const won = (g.result === '1-0' && g.red.id === id) || (g.result === '0-1' && g.black.id === id);
      return g.result === '*' ? '*' : (won ? '1' : '0');
    };
    box.replaceChildren(
      h('h1', { text: `${user.name}${user.guest ? ` (${t('profile.guest')})` : ''}` }),
      h('div.stat-row', {},
        h('span', {}, `${t('profile.rating')}: `, h('b', { 'data-testid': 'profile-rating', text: String(Math.round(user.rating)) }),
          user.provisional ? ` ${t('profile.provisional')}` : ''),
        h('span', {}, `${t('profile.title2')}: `, h('b', { text: titleText(user.title) || '—' })),
        h('span', {}, `${t('profile.games')}: `, h('b', { text: String(user.games) }))),
      h('h2', { text: t('profile.history') }),
      games.length ? h('table.games-table', { 'data-testid': 'games' },
        h('tr', {}, ...['profile.date', 'color.red', 'color.black', 'profile.result', 'game.replay'].map((k) => h('th', { text: t(k) }))),
        ...games.map((g) => h('tr', { 'data-game': g.id },
          h('td', { text: new Date(g.ended_at || g.started_at).toLocaleString() }),
          h('td', { text: g.red.name }), h('td', { text: g.black.name }),
          h('td', { title: g.reason ? t(`reason.${g.reason}`) : '' }, `${g.result} (${resultFor(g)})${g.reason ? ` ${t(`reason.${g.reason}`)}` : ''}`),
          h('td', {}, h('a', { href: `#/game/${g.id}`, 'data-testid': `replay-${g.id}` }, `${t('game.replay')} (${g.plies})`)))))
        : h('p.muted', { text: t('profile.none') }));
  }).catch((e) => box.replaceChildren(h('p.error', { text: errorText(e) })));
}
