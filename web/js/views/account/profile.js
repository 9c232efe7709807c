// Profile and records: rating, titles (rating title, awarded, honorary), coins, the behaviour
// score and counters (with one's own ban or mute and its countdown), the rating
// history chart, the ratings in events' own rating pools, the coin history and the bets placed (own profile), and the list of finished games, each opening
// its replay. The coin figure and history follow the private `balance` message live.

import { api } from '../../net/http.js';
import { t, titleText, formatDate } from '../../i18n.js';
import { h, errorText, titleBadges, displayName, isComputer } from '../../ui.js';
import { formatCoins } from '../../economy.js';
import { ratingChart } from './ratingchart.js';
import { ledgerList } from './ledger.js';
import { myBetsList } from './mybets.js';
import { showSanction } from './sanction.js';

/** The ratings in events' own rating pools (ladders, tournaments); `null` when none. */
function poolsPanel(pools) {
  if (!pools?.length) return null;
  return h('div.panel', {},
    h('h2', { text: t('pool.title') }),
    h('table.games-table', { 'data-testid': 'profile-pools' },
      h('tr', {}, ...['pool.name', 'pool.profile', 'pool.rating', 'pool.games'].map((k) => h('th', { text: t(k) }))),
      ...pools.map((p) => h('tr', { 'data-pool': p.pool },
        h('td', { text: p.pool }),
        h('td', { text: t(`pool.profile.${p.profile}`) }),
        h('td', {}, h('b', { text: String(Math.round(p.rating)) }), p.provisional ? ` ${t('pool.provisional')}` : ''),
        h('td', { text: String(p.games) })))));
}

/** The behaviour panel: the score, the counters, and (own profile) a ban or mute in force. */
function behaviourPanel(b, own) {
  const c = b.counters;
  const counts = ['completed', 'left', 'aborted', 'no_shows', 'timeouts_away']
    .map((k) => h('span', { 'data-testid': `behaviour-${k}` }, `${t(`behaviour.${k}`)}: `, h('b', { text: String(c[k]) })));
  if (own && b.ban) showSanction('ban', b.ban.until, b.ban.reason);
  else if (own && b.mute) showSanction('mute', b.mute.until, b.mute.reason);
  return h('div.panel', {},
    h('h2', { text: t('behaviour.title') }),
    h('div.stat-row', {},
      h('span', {}, `${t('behaviour.score')}: `, h('b', { 'data-testid': 'profile-behaviour', text: String(b.score) })),
      ...counts),
    b.ban ? h('p.error', { 'data-testid': 'profile-ban', text: `${t('sanction.banned')} · ${t('sanction.reason')}: ${b.ban.reason}` }) : null,
    b.mute ? h('p.error', { 'data-testid': 'profile-mute', text: `${t('sanction.muted')} · ${t('sanction.reason')}: ${b.mute.reason}` }) : null);
}

export function mount(root, app, [idText]) {
  const id = idText ? Number(idText) : app.user.id;
  const own = !!app.user && id === app.user.id;
  const box = h('div.profile', { 'data-testid': 'profile' }, h('div.panel', {}, h('span.muted', { text: '…' })));
  root.appendChild(box);
  const coinsNode = h('b.coins-figure', { 'data-testid': 'profile-coins', text: '—' });
  let ledger = null;
  let bets = null;

  // One's own balance follows the private `balance` message; another's profile hears nothing.
  const off = own ? app.socket.on('balance', (msg) => {
    coinsNode.textContent = formatCoins(msg.coins);
    ledger?.reload();
    bets?.reload();
  }) : () => {};

  Promise.all([api.user(id), api.userGames(id, 50), api.ratings(id).catch(() => null), api.behaviour(id).catch(() => null),
    api.pools(id).catch(() => null)]).then(([{ user, played }, { games }, history, behaviour, pools]) => {
    /** This player's outcome of `g`: 'win', 'loss', 'draw' or 'none' (unfinished, aborted). */
    const outcomeFor = (g) => {
      if (g.result === '1/2-1/2') return 'draw';
      if (g.result !== '1-0' && g.result !== '0-1') return 'none';
      const won = (g.result === '1-0' && g.red.id === id) || (g.result === '0-1' && g.black.id === id);
      return won ? 'win' : 'loss';
    };
    const coins = own && Number.isFinite(app.user.coins) ? app.user.coins : user.coins;
    coinsNode.textContent = formatCoins(coins);
    const awarded = user.title?.awarded ? titleText(user.title.awarded) : '';
    const honorary = user.title?.honorary ? titleText(user.title.honorary) : '';
    const head = h('div.panel.profile-head', {},
      h('h1', {}, h('span', { text: displayName(user) }), ' ', isComputer(user) ? null : titleBadges(user.title),
        user.guest ? h('span.muted', { text: ` (${t('profile.guest')})` }) : null),
      h('div.stat-row', {},
        h('span', {}, `${t('profile.rating')}: `, h('b', { 'data-testid': 'profile-rating', text: String(Math.round(user.rating)) }),
          user.provisional ? ` ${t('profile.provisional')}` : ''),
        h('span', {}, `${t('profile.title2')}: `, h('b', { 'data-testid': 'profile-title', text: titleText(user.title) || '—' })),
        awarded ? h('span', {}, `${t('profile.awarded')}: `, h('b.awarded', { 'data-testid': 'profile-awarded', text: awarded })) : null,
        honorary ? h('span', {}, `${t('profile.honorary')}: `, h('b.honorary', { 'data-testid': 'profile-honorary' }, h('span.hon-mark', { text: '◆' }), ` ${honorary}`)) : null,
        h('span', {}, `${t('profile.games')}: `, h('b', { text: String(user.games) })),
        played ? h('span', {}, `${t('profile.played')}: `, h('b', { 'data-testid': 'profile-played', text: t('profile.playedCounts', played) })) : null,
        user.guest ? null : h('span', {}, `${t('profile.coins')}: `, h('span.coin-icon'), coinsNode)));
    const chart = h('div.panel', {},
      h('h2', { text: t('chart.title') }),
      ratingChart(history, { onGame: (g) => app.go(`#/game/${g}`) }));
    if (own && !user.guest) {
      ledger = ledgerList();
      bets = myBetsList();
    }
    const gamesPanel = h('div.panel', {},
      h('h2', { text: t('profile.history') }),
      games.length ? h('table.games-table', { 'data-testid': 'games' },
        h('tr', {}, ...['profile.date', 'color.red', 'color.black', 'profile.result', 'profile.rated', 'game.replay'].map((k) => h('th', { text: t(k) }))),
        ...games.map((g) => {
          const outcome = outcomeFor(g);
          const result = g.result === '*' ? t('result.*') : `${t(`result.${g.result}`)}${g.reason ? ` · ${t(`reason.${g.reason}`)}` : ''}`;
          return h('tr', { 'data-game': g.id },
            h('td', { text: formatDate(g.ended_at || g.started_at) }),
            h('td', { text: displayName(g.red) }), h('td', { text: displayName(g.black) }),
            h('td', { 'data-testid': `result-${g.id}` },
              outcome === 'none' ? null : h(`b.outcome.${outcome}`, { text: t(`profile.${outcome}`) }), outcome === 'none' ? '' : ' ', result),
            h('td', { text: g.rated ? t('profile.ratedYes') : t('profile.ratedNo') }),
            h('td', {}, h('a', { href: `#/game/${g.id}`, 'data-testid': `replay-${g.id}` }, `${t('game.replay')} · ${t('replay.plies', { n: g.plies })}`)));
        }))
        : h('p.muted', { text: t('profile.none') }));
    const conduct = behaviour && !isComputer(user) ? behaviourPanel(behaviour, own) : null;
    box.replaceChildren(...[head, conduct, chart, poolsPanel(pools?.pools),
      ledger ? h('div.panel', {}, h('h2', { text: t('ledger.title') }), ledger.node) : null,
      bets ? h('div.panel', {}, h('h2', { text: t('mybets.title') }), bets.node) : null,
      gamesPanel].filter(Boolean));
  }).catch((e) => box.replaceChildren(h('div.panel', {}, h('p.error', { text: errorText(e) }))));

  return { unmount() { off(); } };
}
