// The spectators' betting panel: the pool of the table's game (totals and bettor counts per
// pick, open until `close_ply`), a form to bet on red / black / draw or add to one's bet (same
// pick only), one's own bet and, after the game, its payout (private `my_bet`). The two
// players see the pool but no form. Commands: CONTRACTS.md §E.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import {
  formatCoins, signedCoins, percent, parseAmount, estimateAfterBet, poolShares, poolOpen, newKey,
  betGame,
} from '../../economy.js';

const PICKS = ['red', 'black', 'draw'];

/**
 * Creates the panel. `send(msg)` sends a table command; `balance()` is the user's coins;
 * `taxPermille()` the pool's tax rate. Returns {node, update(st, seat), myBet(msg)}.
 */
export function createBetPanel({ send, balance, taxPermille }) {
  const node = h('div.panel.bet-panel', { 'data-testid': 'bet-panel', hidden: true });
  let mine = null; // the last my_bet for this table
  let pick = null;
  let busy = false;
  const amount = h('input', { type: 'number', min: 1, step: 1, value: 50, 'data-testid': 'bet-amount', on: { input: () => drawEstimate() } });
  const estimate = h('div.muted.bet-estimate', { 'data-testid': 'bet-estimate' });
  let st = null;
  let seat = null;

  function myBetFor(pool) {
    if (!mine) return null;
    return !pool || mine.game_id === pool.game_id ? mine : null;
  }

  function drawEstimate() {
    const pool = st?.pool;
    const my = myBetFor(pool);
    const p = my?.pick || pick;
    const a = parseAmount(amount.value, 1);
    if (!pool || !p || !a) { estimate.textContent = ''; return; }
    const stake = (my?.amount || 0) + a;
    const total = estimateAfterBet(pool, p, a, my?.amount || 0, taxPermille());
    estimate.textContent = total === null ? t('bet.estimateNone') : t('bet.estimate', { stake: formatCoins(stake), pay: formatCoins(total) });
  }

  function update(state, mySeat) {
    st = state;
    seat = mySeat;
    const pool = st.pool;
    const g = st.game;
    const my = myBetFor(pool);
    const guest = !!globalThis.chuhe?.user?.guest;
    if (!pool && !my) {
      // Before any game: spectators learn that betting opens with the game.
      node.hidden = !!seat || !!g?.ai_level || !bothSeated(st);
      node.replaceChildren(h('b', { text: t('bet.title') }), h('p.muted', { text: t('bet.noPool') }));
      return;
    }
    // The players see the pool once somebody bet on their game.
    node.hidden = !!seat && !pool?.bettors && !my;
    const ply = g && (!pool || g.game_id === pool.game_id) ? g.moves.length : null;
    const open = !!pool && poolOpen(pool, ply) && !!g && !g.end;
    const shares = poolShares(pool);
    const head = h('div.panel-head', {},
      h('b', { text: t('bet.title') }),
      h(`span.pill.${open ? 'open' : 'closed'}`, { 'data-testid': 'bet-state', 'data-open': String(open), text: open ? t('bet.open') : t('bet.closed') }),
      pool ? h('span.muted', { text: `${t('bet.total')}: ${formatCoins(pool.total)} · ${pool.bettors} ${t('bet.bettors')}` }) : null);
    const rows = PICKS.map((k) => {
      const p = pool?.picks?.[k] || { total: 0, bettors: 0 };
      return h(`div.pool-row.${k}`, { 'data-pick': k, 'data-testid': `pool-${k}` },
        h('span.pool-name', { text: t(`bet.pick.${k}`) }),
        h('span.pool-bar', {}, h(`span.pool-fill.${k}`, { style: `width:${shares[k]}%` })),
        h('span.num.pool-total', { 'data-testid': `pool-total-${k}`, text: formatCoins(p.total) }),
        h('span.muted.pool-bettors', { 'data-testid': `pool-bettors-${k}`, text: `${p.bettors}${t('bet.people')}` }));
    });
    const info = [];
    const result = st.poolResult && (!pool || st.poolResult.game_id === pool.game_id) ? st.poolResult : null;
    const ended = !!g?.end && (!pool || g.game_id === pool.game_id);
    if (pool && !result) {
      let note = t('bet.closedNote');
      if (open) note = t('bet.closesAt', { n: Math.ceil(pool.close_ply / 2), ply: pool.close_ply });
      else if (ended) note = pool.total ? t('bet.ended') : t('bet.nobody');
      info.push(h('div.muted', { 'data-testid': 'bet-close', text: note }));
    }
    if (my) {
      info.push(h('div.my-bet', { 'data-testid': 'my-bet', 'data-pick': my.pick, 'data-amount': my.amount },
        `${t('bet.mine')}: `, h('b', { text: `${t(`bet.pick.${my.pick}`)} ${formatCoins(my.amount)}` }),
        my.payout !== null && my.payout !== undefined
          ? h('span', { 'data-testid': 'my-payout', 'data-payout': my.payout },
            ` · ${t('bet.payout')}: `, h('b', { text: formatCoins(my.payout) }), ' ',
            h(`b.amount.${my.payout - my.amount >= 0 ? 'up' : 'down'}`, { text: `(${signedCoins(my.payout - my.amount)})` }))
          : null));
    }
    if (result) {
      const r = result;
      info.push(h('div.pool-result', { 'data-testid': 'pool-result' },
        r.refunded ? t('bet.refunded', { why: t(`bet.why.${r.reason || 'aborted'}`) }) : t('bet.settled', { result: t(`result.${r.result}`) })));
    }
    let form = null;
    if (seat) {
      form = h('div.muted', { 'data-testid': 'bet-players', text: t('bet.playersCannot') });
    } else if (guest) {
      form = h('div.muted', { text: t('bet.guests') });
    } else if (open) {
      const locked = my?.pick || null;
      if (locked) pick = locked;
      const picks = h('div.pick-group', { role: 'radiogroup' }, PICKS.map((k) => h(`button.pick.${k}${pick === k ? '.on' : ''}`, {
        type: 'button', role: 'radio', 'aria-checked': String(pick === k), 'data-testid': `bet-pick-${k}`,
        disabled: !!locked && locked !== k,
        on: { click: () => { pick = k; update(st, seat); } },
      }, t(`bet.pick.${k}`))));
      const submit = h('button.primary', { type: 'button', 'data-testid': 'bet-submit', disabled: !pick || busy, on: { click: () => placeBet() } },
        my ? t('bet.add') : t('bet.place'));
      form = h('div.bet-form', {}, picks,
        h('div.bet-line', {}, h('label', { text: t('bet.amount') }), amount, submit),
        h('div.muted', { text: `${t('wager.balance')}: ${formatCoins(balance())} · ${t('wager.tax')} ${percent(taxPermille())}` }),
        estimate);
    }
    const focused = document.activeElement === amount;
    node.replaceChildren(...[head, h('div.pool', {}, rows), ...info, form].filter(Boolean));
    if (focused && amount.isConnected) amount.focus();
    drawEstimate();
  }

  async function placeBet() {
    const a = parseAmount(amount.value, 1);
    if (!a || !pick || busy) return;
    busy = true;
    try {
      const game_id = betGame(st?.pool, st?.game);
      await send({ t: 'bet', pick, amount: a, key: newKey(), ...(game_id === null ? {} : { game_id }) });
    } catch { /* shown by send */ } finally {
      busy = false;
      if (st) update(st, seat);
    }
  }

  /** A private my_bet message for this table. */
  function myBet(msg) {
    mine = msg;
    if (st) update(st, seat);
  }

  /** One line for the game-over box: the bet and what it paid. */
  function payoutLine(msg) {
    return h('div.settle-box.line', { 'data-testid': 'bet-settlement' },
      `${t('bet.mine')}: ${t(`bet.pick.${msg.pick}`)} ${formatCoins(msg.amount)} · ${t('bet.payout')}: `,
      h('b', { text: formatCoins(msg.payout) }), ' ',
      h(`b.amount.${msg.payout - msg.amount >= 0 ? 'up' : 'down'}`, { text: `(${signedCoins(msg.payout - msg.amount)})` }));
  }

  return { node, update, myBet, payoutLine };
}

function bothSeated(st) {
  return !!(st.summary.seats.red && st.summary.seats.black);
}
