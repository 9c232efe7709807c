// The opening explorer beside a board (GET /api/explorer): the position's ECCO name, the moves
// the masters played from it with Red win / draw / Black win, how often the position after each
// was reached by another move order, small samples greyed, the top games, and the source's
// credit. Filters: years and player. Clicking a move calls onMove(iccs).

import { api } from '../../net/http.js';
import { t, getLang } from '../../i18n.js';
import { h, errorText } from '../../ui.js';
import { replay } from '../../rules.js';
import { describeMove } from '../../notation.js';

/** "C44 中炮对屏风马 · Central cannon …" of an opening view, or ''. */
export function openingText(o) {
  if (!o) return '';
  const name = o.variation ? `${o.name} ${o.variation}` : o.name;
  return `${o.code} ${name}${o.english ? ` · ${o.english}` : ''}`;
}

/** A bar of the three results. */
function scoreBar(m) {
  const n = Math.max(1, m.red + m.draw + m.black);
  const pct = (x) => `${Math.round((100 * x) / n)}%`;
  return h('span.ex-bar', { title: `${m.red} / ${m.draw} / ${m.black}` },
    h('span.ex-red', { style: `width:${pct(m.red)}`, text: m.red ? pct(m.red) : '' }),
    h('span.ex-draw', { style: `width:${pct(m.draw)}`, text: m.draw ? pct(m.draw) : '' }),
    h('span.ex-black', { style: `width:${pct(m.black)}`, text: m.black ? pct(m.black) : '' }));
}

/** Creates the panel; returns { node, update(startFen, moves), destroy }. */
export function createExplorer({ onMove, onGame }) {
  const name = h('p.ex-opening', { 'data-testid': 'opening-name' });
  const rows = h('div.ex-rows', { 'data-testid': 'explorer-moves' });
  const top = h('div.ex-top', { 'data-testid': 'explorer-top' });
  const credit = h('p.muted.ex-credit', { 'data-testid': 'explorer-credit' });
  const yearFrom = h('input', { type: 'number', 'data-testid': 'ex-year-from', placeholder: t('ms.yearFrom'), 'data-i18n-ph': 'ms.yearFrom' });
  const yearTo = h('input', { type: 'number', 'data-testid': 'ex-year-to', placeholder: t('ms.yearTo'), 'data-i18n-ph': 'ms.yearTo' });
  const player = h('input', { 'data-testid': 'ex-player', placeholder: t('ex.player'), 'data-i18n-ph': 'ex.player' });
  let last = null;
  let seq = 0;
  const refresh = () => { if (last) update(...last); };
  for (const i of [yearFrom, yearTo, player]) i.addEventListener('change', refresh);

  async function update(startFen, moves) {
    last = [startFen, moves];
    const mine = ++seq;
    const q = { moves: moves.join(','), year_from: yearFrom.value, year_to: yearTo.value, player: player.value.trim() };
    if (startFen && !startFen.startsWith('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w')) q.fen = startFen;
    let r;
    try { r = await api.explorer(q); } catch (e) {
      if (mine === seq) rows.replaceChildren(h('p.error', { text: errorText(e) }));
      return;
    }
    if (mine !== seq) return;
    let pieces = null;
    try { pieces = replay(startFen, moves).at(-1).pieces; } catch { pieces = null; }
    const label = (iccs) => (pieces && describeMove(pieces, iccs)?.chinese) || iccs;
    name.textContent = r.opening ? openingText(r.opening) : '';
    const m = r.masters;
    credit.textContent = m.credit ? t('ms.credit', { credit: m.credit }) : '';
    if (!m.moves.length) {
      rows.replaceChildren(h('p.muted', { 'data-testid': 'explorer-none', text: m.games ? t('ex.ended', { n: m.games }) : t('ex.none') }));
    } else {
      rows.replaceChildren(
        h('div.ex-row.ex-head', {}, h('span', { text: t('ex.move') }), h('span', { text: t('ex.games') }), h('span', { text: t('ex.score') })),
        ...m.moves.map((mv) => h(`div.ex-row${mv.small ? '.ex-small' : ''}`, {
          'data-testid': 'explorer-move', 'data-move': mv.move,
          title: [mv.small ? t('ex.small') : '', mv.transposed ? t('ex.reached', { n: mv.transposed }) : ''].filter(Boolean).join(' · '),
          on: { click: () => onMove(mv.move) },
        },
        h('span.ex-mv', { text: label(mv.move) }),
        h('span.ex-n', { text: `${mv.games}${mv.transposed ? ` (+${mv.transposed})` : ''}` }),
        scoreBar(mv))),
        ...(m.ended_here ? [h('p.muted', { text: t('ex.ended', { n: m.ended_here }) })] : []));
    }
    const zh = getLang() === 'zh';
    top.replaceChildren(...(m.top_games.length ? [h('b', { text: t('ex.top') })] : []),
      ...m.top_games.map((g) => h('button.ex-game', {
        type: 'button', 'data-testid': 'explorer-game', on: { click: () => onGame?.(g.id) },
        text: `${zh ? g.red_hans : g.red} – ${zh ? g.black_hans : g.black} ${g.result}${g.year ? ` · ${g.year}` : ''}`,
      })));
  }

  const node = h('div.panel.explorer', { 'data-testid': 'explorer' },
    h('b', { 'data-i18n': 'ex.title', text: t('ex.title') }), name,
    h('div.row.ex-filters', {}, yearFrom, yearTo, player),
    rows, top, credit);
  return { node, update, destroy() { seq += 1; } };
}
