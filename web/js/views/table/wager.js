// The wager panel (竞猜) of a table: the two seated players propose stakes for both sides and a
// mode (ordinary / paid coaching 有偿指导), see and modify each other's proposal, confirm,
// agree (the stakes go to escrow), cancel, and top up (追加). Spectators see it read-only.
// Also: the settlement box (stake, returned, net, tax rate per side) and the table's wager
// history (GET /api/tables/{id}/wagers). Commands: docs/protocol.md, CONTRACTS.md §D.

import { t, formatDate } from '../../i18n.js';
import { h, modal, closeOnEscape, errorText } from '../../ui.js';
import { api } from '../../net/http.js';
import {
  formatCoins, signedCoins, percent, parseAmount, wagerPot, coachOf, wagerPhase, wagerActions,
  wagerWaitingFor, proposalStakes, newKey, wagerSeen,
} from '../../economy.js';

const COLORS = ['red', 'black'];

/**
 * Creates the panel. `send(msg)` sends a table command (rejects with {code}); `balance()` is the
 * user's coins. Returns {node, update(st, seat), settled(ev, st)}.
 */
export function createWagerPanel({ tableId, send, balance }) {
  const node = h('div.panel.wager-panel', { 'data-testid': 'wager-panel', hidden: true });
  let st = null;
  let seat = null;
  const quiet = (p) => p.catch(() => {});
  const nameOf = (c) => st?.summary.seats[c]?.user.name || st?.game?.[c]?.name || t(`color.${c}`);

  function update(state, mySeat) {
    st = state;
    seat = mySeat;
    const g = st.game;
    const both = COLORS.every((c) => st.summary.seats[c]);
    const ai = !!g?.ai_level;
    const guest = COLORS.some((c) => st.summary.seats[c]?.user.guest);
    node.hidden = ai || (!st.wager && !st.settlement && !(both && seat && !guest));
    if (node.hidden) return;
    const w = st.wager;
    const phase = wagerPhase(w);
    const can = wagerActions(w, seat);
    const head = h('div.panel-head', {},
      h('b', { text: t('wager.title') }),
      w ? h(`span.pill.${phase}`, { 'data-testid': 'wager-status', 'data-phase': phase, text: t(`wager.phase.${phase}`) }) : null,
      h('button.link', { type: 'button', 'data-testid': 'wager-history', on: { click: () => historyDialog(tableId) } }, t('wager.history')));
    const body = [];
    if (!w) {
      body.push(h('p.muted', { 'data-testid': 'wager-none', text: t('wager.none') }));
    } else {
      const coach = coachOf(w);
      body.push(h('div.wager-mode', { 'data-testid': 'wager-mode' },
        t(`wager.mode.${w.mode}`),
        coach ? h('span.muted', { text: ` · ${t('wager.coachIs', { who: nameOf(coach) })}` }) : null));
      body.push(h('table.wager-stakes', {},
        h('tr', {}, h('th'), h('th.num', { text: t('wager.stake') }), h('th.mark', { text: t('wager.confirmed') }), h('th.mark', { text: t('wager.agreed') })),
        ...COLORS.map((c) => h('tr', { 'data-color': c },
          h('td', {}, h(`span.dot.${c}`), ` ${nameOf(c)}${c === seat ? ` (${t('wager.you')})` : ''}`),
          h('td.num', { 'data-testid': `wager-stake-${c}`, text: formatCoins(w.stakes?.[c]) }),
          mark(`wager-confirmed-${c}`, !!w.confirmed?.[c]),
          mark(`wager-agreed-${c}`, !!w.agreed?.[c] || phase === 'escrowed' || phase === 'in_game')))));
      body.push(h('div.wager-sums', {},
        h('span', {}, `${t('wager.pot')}: `, h('b', { 'data-testid': 'wager-pot', text: formatCoins(wagerPot(w)) })),
        h('span', {}, `${t('wager.tax')}: `, h('b', { 'data-testid': 'wager-tax', text: percent(w.tax_rate_permille) }))));
      const waiting = wagerWaitingFor(w, seat);
      if (waiting) body.push(h(`div.wager-hint.${waiting}`, { 'data-testid': 'wager-hint', text: t(`wager.wait.${phase}.${waiting}`) }));
      if (phase === 'escrowed') body.push(h('div.muted', { text: t('wager.nextGame') }));
    }
    if (st.settlement) body.push(settlementSummary(st.settlement, nameOf, seat));

    const buttons = [];
    const btn = (label, testid, fn, primary = false) => h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid, on: { click: fn } }, label);
    if (can.propose) buttons.push(btn(t('wager.propose'), 'wager-propose', () => proposeDialog(null), true));
    if (can.confirm) buttons.push(btn(t('wager.confirm'), 'wager-confirm', () => quiet(send({ t: 'wager_confirm', ...wagerSeen(w) })), true));
    if (can.agree) buttons.push(btn(t('wager.agree'), 'wager-agree', () => quiet(send({ t: 'wager_agree', key: newKey(), ...wagerSeen(w) })), true));
    if (can.modify) buttons.push(btn(t('wager.modify'), 'wager-modify', () => proposeDialog(w)));
    if (can.cancel) buttons.push(btn(t('wager.cancel'), 'wager-cancel', () => quiet(send({ t: 'wager_cancel' }))));
    if (can.topup) buttons.push(btn(t('wager.topup'), 'wager-topup', () => topupDialog()));
    node.replaceChildren(...[head, ...body, buttons.length ? h('div.controls', {}, buttons) : null].filter(Boolean));
  }

  async function proposeDialog(w) {
    const fields = await stakeDialog({ w, seat, nameOf, balance: balance() });
    if (!fields) return;
    quiet(send({ t: 'wager_propose', stakes: fields.stakes, mode: fields.mode }));
  }

  async function topupDialog() {
    const input = h('input', { type: 'number', min: 1, step: 1, value: 50, 'data-testid': 'topup-amount' });
    const amount = await modal({
      title: t('wager.topupTitle'), testid: 'topup-dialog',
      body: [h('div.fields', {}, h('label', { text: t('wager.topupAmount') }), input),
        h('div.muted', { text: `${t('wager.balance')}: ${formatCoins(balance())}` })],
      buttons: [
        { label: t('game.no'), value: null, testid: 'topup-cancel' },
        { label: t('wager.topup'), primary: true, testid: 'topup-ok', value: () => parseAmount(input.value, 1) },
      ],
      dismiss: null,
    });
    if (amount) quiet(send({ t: 'wager_topup', amount, key: newKey() }));
  }

  /** Shows a live `wager_settled` event: inside `host` (the game-over box) when given, else in its own box. */
  function settled(ev, host = null) {
    if (host) {
      host.add(h('div.settle-box', { 'data-testid': 'wager-settlement' }, h('h4', { text: t('wager.settledTitle') }), settlementTable(ev, nameOf, seat)));
      return;
    }
    modal({
      title: t('wager.settledTitle'), testid: 'wager-settlement',
      body: [settlementTable(ev, nameOf, seat)],
      buttons: [{ label: t('game.close'), value: null, primary: true, testid: 'wager-settlement-close' }],
      dismiss: null,
    });
  }

  return { node, update, settled };
}

/** A ✓ / – cell of the stakes table. */
function mark(testid, yes) {
  return h(`td.mark${yes ? '.yes' : ''}`, { 'data-testid': testid, 'data-yes': String(yes), text: yes ? '✓' : '–' });
}

/** The outcome line of a settlement: "won" / "drawn" / "coaching" / "refunded". */
function outcomeText(ev) {
  return t(`wager.outcome.${ev.outcome}`);
}

/** A one-line summary of the last settlement, for the panel. */
function settlementSummary(ev, nameOf, seat) {
  const mine = seat && ev.statements?.[seat];
  return h('div.wager-last', { 'data-testid': 'wager-last' },
    `${t('wager.last')}: ${outcomeText(ev)}`,
    mine ? h(`b.amount.${mine.net >= 0 ? 'up' : 'down'}`, { text: ` ${signedCoins(mine.net)}` }) : null);
}

/** Per side: stake, returned, net, tax rate. */
export function settlementTable(ev, nameOf, seat) {
  const rows = COLORS.map((c) => {
    const s = ev.statements?.[c];
    if (!s) return null;
    return h('tr', { 'data-color': c, 'data-testid': `settle-${c}` },
      h('td', {}, h(`span.dot.${c}`), ` ${nameOf(c)}${c === seat ? ` (${t('wager.you')})` : ''}`),
      h('td.num', { 'data-testid': `settle-stake-${c}`, text: formatCoins(s.stake) }),
      h('td.num', { 'data-testid': `settle-returned-${c}`, text: formatCoins(s.returned) }),
      h(`td.num.amount.${s.net >= 0 ? 'up' : 'down'}`, { 'data-testid': `settle-net-${c}`, text: signedCoins(s.net) }),
      h('td.num', { text: percent(s.tax_rate_permille) }));
  });
  return h('div', {},
    h('div.result-big', { 'data-testid': 'settle-outcome', text: outcomeText(ev) }),
    h('table.wager-stakes.settle', {},
      h('tr', {}, h('th'), ...['wager.stake', 'wager.returned', 'wager.net', 'wager.tax'].map((k) => h('th.num', { text: t(k) }))),
      ...rows));
}

/**
 * The proposal dialog: mode (fixed once set), the stakes of both sides (ordinary) or the coach and
 * the student's fee (coaching). Resolves {mode, stakes} or null.
 */
function stakeDialog({ w, seat, nameOf, balance }) {
  return new Promise((resolve) => {
    const mode = h('select', { 'data-testid': 'wager-mode-select', 'aria-label': t('wager.modeLabel'), disabled: !!w },
      ['ordinary', 'coaching'].map((m) => h('option', { value: m, text: t(`wager.mode.${m}`) })));
    mode.value = w?.mode || 'ordinary';
    const stakeIn = (c) => h('input', { type: 'number', min: 0, step: 1, value: w?.stakes?.[c] ?? 100, 'data-testid': `wager-input-${c}` });
    const inputs = { red: stakeIn('red'), black: stakeIn('black') };
    const coach = h('select', { 'data-testid': 'wager-coach', 'aria-label': t('wager.coach'), disabled: !!w },
      COLORS.map((c) => h('option', { value: c, text: `${t(`color.${c}`)} ${nameOf(c)}` })));
    coach.value = coachOf(w) || seat || 'red';
    const fee = h('input', { type: 'number', min: 1, step: 1, value: w ? wagerPot(w) || 100 : 100, 'data-testid': 'wager-fee' });
    const fields = h('div.fields');
    const err = h('div.error', { 'data-testid': 'wager-error' });
    const draw = () => {
      if (mode.value === 'coaching') {
        fields.replaceChildren(h('label', { text: t('wager.coach') }), coach, h('label', { text: t('wager.fee') }), fee);
      } else {
        fields.replaceChildren(...COLORS.flatMap((c) => [h('label', {}, h(`span.dot.${c}`), ` ${t(`color.${c}`)} ${nameOf(c)}`), inputs[c]]));
      }
    };
    mode.addEventListener('change', draw);
    draw();
    const close = (v) => { back.remove(); resolve(v); };
    const ok = () => {
      const stakes = proposalStakes({ mode: mode.value, red: inputs.red.value, black: inputs.black.value, coach: coach.value, fee: fee.value });
      if (!stakes) { err.textContent = t('wager.invalid'); return; }
      if (seat && balance !== null && stakes[seat] > balance) { err.textContent = t('err.not_enough_coins'); return; }
      close({ mode: mode.value, stakes });
    };
    const box = h('div.modal', { role: 'dialog', 'aria-modal': 'true', 'data-testid': 'wager-dialog' },
      h('h3', { text: w ? t('wager.modifyTitle') : t('wager.proposeTitle') }),
      h('div.fields', {}, h('label', { text: t('wager.modeLabel') }), mode),
      fields,
      h('div.muted', { text: `${t('wager.balance')}: ${formatCoins(balance)} · ${t('wager.rules')}` }),
      err,
      h('div.buttons', {},
        h('button', { type: 'button', 'data-testid': 'wager-dialog-cancel', on: { click: () => close(null) } }, t('game.no')),
        h('button.primary', { type: 'button', 'data-testid': 'wager-dialog-ok', on: { click: ok } }, w ? t('wager.modify') : t('wager.propose'))));
    const back = h('div.modal-back', { on: { click: (e) => { if (e.target === back) close(null); } } }, box);
    document.body.appendChild(back);
    closeOnEscape(back, () => close(null));
    (w ? inputs[seat] || fee : inputs.red).focus();
  });
}

/** The table's past wagers, newest first. */
async function historyDialog(tableId) {
  const list = h('div.wager-history', { 'data-testid': 'wager-history-list' }, h('span.muted', { text: '…' }));
  const shown = modal({
    title: t('wager.historyTitle'), testid: 'wager-history-dialog', body: [list],
    buttons: [{ label: t('game.close'), value: null, primary: true, testid: 'wager-history-close' }],
  });
  try {
    const { wagers } = await api.tableWagers(tableId, 20);
    if (!wagers?.length) {
      list.replaceChildren(h('p.muted', { text: t('wager.noHistory') }));
    } else {
      list.replaceChildren(h('table.wager-stakes.history', {},
        h('tr', {}, ...['ledger.date', 'wager.modeLabel', 'wager.stakes', 'wager.outcomeLabel', 'wager.net'].map((k) => h('th', { text: t(k) }))),
        ...wagers.map((x) => h('tr', { 'data-wager': x.id },
          h('td', { text: x.at ? formatDate(x.at) : '' }),
          h('td', { text: t(`wager.mode.${x.mode}`) }),
          h('td.num', {}, h('span.red-text', { text: formatCoins(x.stakes?.red) }), ' : ', formatCoins(x.stakes?.black)),
          h('td', {}, x.outcome ? t(`wager.outcome.${x.outcome}`) : '—',
            x.game_id ? h('a', { href: `#/game/${x.game_id}`, text: ` ${t('game.numbered', { n: x.game_id })}` }) : null),
          h('td.num', {}, COLORS.map((c) => (x.statements?.[c]
            ? h(`div.amount.${x.statements[c].net >= 0 ? 'up' : 'down'}`, { text: `${t(`color.${c}`)} ${signedCoins(x.statements[c].net)}` })
            : null)))))));
    }
  } catch (e) {
    list.replaceChildren(h('p.error', { text: errorText(e) }));
  }
  return shown;
}
