// The bettor's own bets on the profile (own profile only): GET /api/me/bets, newest game
// first, with each pool's status and the payout once settled. Returns {node, reload()}.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, errorText } from '../../ui.js';
import { formatCoins } from '../../economy.js';

export function myBetsList() {
  const rows = h('tbody');
  const empty = h('p.muted', { text: t('mybets.none'), hidden: true });
  const err = h('p.error');
  const node = h('div.mybets', { 'data-testid': 'my-bets' },
    h('table.games-table', {},
      h('thead', {}, h('tr', {}, ...['mybets.game', 'mybets.pick', 'mybets.amount', 'mybets.status', 'mybets.payout'].map((k) => h('th', { text: t(k) })))),
      rows),
    empty, err);

  const row = (b) => h('tr', { 'data-game': b.game_id, 'data-status': b.status },
    h('td', {}, h('a', { href: `#/game/${b.game_id}` }, t('game.numbered', { n: b.game_id }))),
    h('td', { text: t(`bet.pick.${b.pick}`) }),
    h('td.num', { text: formatCoins(b.amount) }),
    h('td', { text: t(`mybets.s.${b.status}`) }),
    h('td.num', { 'data-testid': 'my-bet-payout', text: formatCoins(b.payout) }));

  async function load() {
    err.textContent = '';
    try {
      const bets = (await api.myBets(50))?.bets || [];
      rows.replaceChildren(...bets.map(row));
      empty.hidden = bets.length > 0;
    } catch (e) {
      err.textContent = errorText(e);
    }
  }
  load();
  return { node, reload: load };
}
