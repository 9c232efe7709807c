// The masters database (#/masters, #/masters/ID): search by player (traditional or simplified),
// event, years, opening (ECCO code or name), result and position; a game opens on the replay
// board beside the opening explorer. The source is credited under the list and the game.

import { api } from '../../net/http.js';
import { t, getLang } from '../../i18n.js';
import { h, errorText, toast } from '../../ui.js';
import { createGameViewer } from './gameviewer.js';

/** The replay board's game ({ start_fen, moves, result, tags }) of `GET /api/masters/ID`. */
export function masterView(g) {
  const tags = [['Event', g.event], ['Date', g.date], ['Site', g.site], ['Red', g.red], ['Black', g.black], ['ECCO', g.ecco], ['Opening', g.opening]]
    .filter(([, v]) => v);
  return { number: 1, start_fen: g.start_fen, moves: g.moves, result: g.result, reason: null, tags, comments: {}, pgn: g.pgn };
}

export function mount(root, app, [openId] = []) {
  const viewer = createGameViewer(app);
  const field = (name, label, type = 'text') => h('input', { type, 'data-testid': `m-${name}`, name, placeholder: t(label), 'data-i18n-ph': label });
  const inputs = {
    player: field('player', 'ms.player'),
    event: field('event', 'ms.event'),
    year_from: field('year_from', 'ms.yearFrom', 'number'),
    year_to: field('year_to', 'ms.yearTo', 'number'),
    opening: field('opening', 'ms.opening'),
    fen: field('fen', 'ms.fen'),
  };
  const result = h('select', { 'data-testid': 'm-result' },
    h('option', { value: '', text: t('coll.any') }),
    ...['1-0', '0-1', '1/2-1/2'].map((r) => h('option', { value: r, text: t(`result.${r}`) })));
  const rows = h('div.collection-list', { 'data-testid': 'masters-list' });
  const credit = h('p.muted', { 'data-testid': 'masters-credit' });
  const info = h('div.import-info', { 'data-testid': 'master-info' });
  const zh = () => getLang() === 'zh';
  const who = (g) => t('import.vs', { red: (zh() ? g.red_hans : g.red) || '?', black: (zh() ? g.black_hans : g.black) || '?' });
  let before = null;

  async function open(id) {
    try {
      const g = await api.masterGame(id);
      info.replaceChildren(
        h('p', { 'data-testid': 'master-title', text: `${who(g)} · ${t(`result.${g.result}`)}` }),
        h('p.muted', { text: [zh() ? g.event_hans : g.event, g.date, g.site].filter(Boolean).join(' · ') }),
        ...[g.ecco ? h('p', { 'data-testid': 'master-opening', text: `${g.ecco} ${g.opening}${g.opening_en ? ` · ${g.opening_en}` : ''}` }) : null,
          g.credit ? h('p.muted', { 'data-testid': 'master-credit', text: t('ms.credit', { credit: g.credit }) }) : null].filter(Boolean));
      viewer.load(masterView(g));
    } catch (e) { toast(errorText(e)); }
  }

  async function search(more = false) {
    const q = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.value.trim()]));
    q.result = result.value;
    if (more && before) q.before = before;
    try {
      const r = await api.masters(q);
      credit.textContent = r.sources.filter((s) => s.credit).map((s) => t('ms.credit', { credit: s.credit })).join(' ');
      const items = r.games.map((g) => h('div.collection-row', { 'data-testid': 'masters-row', 'data-id': g.id },
        h('button', { type: 'button', 'data-testid': 'm-open', on: { click: () => app.go(`#/masters/${g.id}`) } },
          `${who(g)} · ${t(`result.${g.result}`)}`),
        h('span.muted', { text: [zh() ? g.event_hans : g.event, g.year || '', g.ecco, g.opening].filter(Boolean).join(' · ') })));
      before = r.games.length ? r.games.at(-1).id : null;
      const moreButton = r.games.length && r.games.length < r.total
        ? h('button', { type: 'button', 'data-testid': 'm-more', text: t('ms.more'), on: { click: () => search(true) } }) : null;
      if (!more) {
        if (!r.games.length) { rows.replaceChildren(h('p.muted', { 'data-testid': 'masters-empty', text: t('ms.empty') })); return; }
        rows.replaceChildren(h('p.muted', { 'data-testid': 'masters-count', text: t('ms.count', { n: r.total }) }), ...items);
      } else {
        rows.querySelector('[data-testid="m-more"]')?.remove();
        rows.append(...items);
      }
      if (moreButton) rows.append(moreButton);
    } catch (e) { rows.replaceChildren(h('p.error', { text: errorText(e) })); }
  }

  const form = h('form.collection-search', { on: { submit: (e) => { e.preventDefault(); search(); } } },
    ...Object.values(inputs), result,
    h('button', { type: 'submit', 'data-testid': 'm-search', 'data-i18n': 'ms.search', text: t('ms.search') }));
  root.appendChild(h('div.table-view', { 'data-testid': 'masters' },
    viewer.boardCol,
    h('div.side-col', {},
      h('div.panel', {}, h('h2', { 'data-i18n': 'ms.title', text: t('ms.title') }), form, rows, credit),
      h('div.panel', {}, info),
      ...viewer.sideNodes)));
  search();
  if (openId) open(openId);
  return { unmount() { viewer.destroy(); } };
}
