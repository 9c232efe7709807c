// The coin history of the profile (own profile only): GET /api/me/ledger, newest first, with a
// "more" button paging by `before`. Returns {node, reload()}; reload() is called when the
// balance changes.

import { api } from '../../net/http.js';
import { t, has, formatDate } from '../../i18n.js';
import { h, errorText } from '../../ui.js';
import { formatCoins, signedCoins } from '../../economy.js';

const PAGE = 20;

// The server's memos are English bookkeeping text that repeats the kind ("wager 12 stakes"), so
// the row shows the translated kind and keeps the memo as its tooltip. Only an operator's grant
// carries words of its own: the note typed with `chuhe admin grant --memo`.
function memoNote(e) {
  if (e.kind !== 'admin_grant' || !e.memo) return '';
  return e.memo.replace(/^admin grant:\s*/, '');
}

export function ledgerList() {
  const rows = h('tbody');
  const more = h('button', { type: 'button', 'data-testid': 'ledger-more', hidden: true, on: { click: () => load(false) } }, t('ledger.more'));
  const empty = h('p.muted', { text: t('ledger.none'), hidden: true });
  const err = h('p.error');
  const node = h('div.ledger', { 'data-testid': 'ledger' },
    h('table.games-table.ledger-table', {},
      h('thead', {}, h('tr', {}, ...['ledger.date', 'ledger.kind', 'ledger.amount', 'ledger.after'].map((k) => h('th', { text: t(k) })))),
      rows),
    empty, err, more);
  let oldest = null;
  let busy = false;

  const row = (e) => h('tr', { 'data-tx': e.tx, 'data-kind': e.kind, title: e.memo || '' },
    h('td', { text: formatDate(e.at) }),
    h('td', {}, has(`ledger.k.${e.kind}`) ? t(`ledger.k.${e.kind}`) : e.kind, memoNote(e) ? h('span.muted.memo', { text: ` ${memoNote(e)}` }) : null),
    h(`td.num.amount.${e.amount >= 0 ? 'up' : 'down'}`, { 'data-testid': 'ledger-amount', text: signedCoins(e.amount) }),
    h('td.num', { text: formatCoins(e.balance_after) }));

  async function load(fresh) {
    if (busy) return;
    busy = true;
    err.textContent = '';
    try {
      const data = await api.ledger(PAGE, fresh ? null : oldest);
      const entries = data?.entries || [];
      if (fresh) rows.replaceChildren();
      rows.append(...entries.map(row));
      if (entries.length) oldest = entries[entries.length - 1].tx;
      more.hidden = entries.length < PAGE;
      empty.hidden = rows.children.length > 0;
    } catch (e) {
      err.textContent = errorText(e);
    } finally {
      busy = false;
    }
  }
  load(true);
  return { node, reload: () => { oldest = null; load(true); } };
}
