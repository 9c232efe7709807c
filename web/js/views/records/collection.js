// One's games library (#/collection): search by player, event, opening, result and tag; open a
// game on the replay board, change its tags, delete it; export what is shown as one PGN.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, errorText, toast, confirmDialog } from '../../ui.js';
import { createGameViewer } from './gameviewer.js';
import { getNotation } from './movelist.js';
import { splitTags } from './import.js';

export function mount(root, app) {
  const viewer = createGameViewer(app);
  const field = (name, label) => h('input', { 'data-testid': `c-${name}`, name, placeholder: t(label), 'data-i18n-ph': label });
  const inputs = {
    player: field('player', 'coll.player'),
    event: field('event', 'coll.event'),
    opening: field('opening', 'coll.opening'),
    tag: field('tag', 'coll.tag'),
  };
  const result = h('select', { 'data-testid': 'c-result', 'aria-label': t('profile.result') },
    h('option', { value: '', text: t('coll.any') }),
    ...['1-0', '0-1', '1/2-1/2', '*'].map((r) => h('option', { value: r, text: t(`result.${r}`) })));
  const filter = () => ({ ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.value.trim()])), result: result.value });
  const exportLink = h('a', { 'data-testid': 'collection-export', download: 'chuhe-collection.pgn', 'data-i18n': 'coll.export', text: t('coll.export') });
  const rows = h('div.collection-list', { 'data-testid': 'collection-list' });
  const tagsInput = h('input', { 'data-testid': 'c-tags', placeholder: t('import.tags'), 'data-i18n-ph': 'import.tags' });
  let openId = null;
  const saveTags = h('button', {
    type: 'button', 'data-testid': 'c-save-tags', 'data-i18n': 'coll.saveTags', text: t('coll.saveTags'), disabled: true,
    on: {
      click: async () => {
        if (openId === null) return;
        try {
          await api.setCollectionTags(openId, splitTags(tagsInput.value));
          toast(t('study.tagsSaved'));
          search();
        } catch (e) { toast(errorText(e)); }
      },
    },
  });

  async function open(id) {
    try {
      const { game } = await api.collectionGame(id);
      const r = await api.importRecord(game.pgn);
      openId = id;
      tagsInput.value = game.tags.join(', ');
      saveTags.disabled = false;
      viewer.load(r.games[0]);
    } catch (e) { toast(errorText(e)); }
  }

  async function search() {
    exportLink.href = api.collectionPgnUrl(filter(), getNotation());
    try {
      const { games } = await api.collection(filter());
      if (!games.length) { rows.replaceChildren(h('p.muted', { 'data-testid': 'collection-empty', text: t('coll.empty') })); return; }
      rows.replaceChildren(h('p.muted', { text: t('coll.count', { n: games.length }) }), ...games.map((g) => h('div.collection-row', { 'data-testid': 'collection-row', 'data-id': g.id },
        h('button', { type: 'button', 'data-testid': 'c-open', on: { click: () => open(g.id) } },
          `${t('import.vs', { red: g.red || '?', black: g.black || '?' })} · ${t(`result.${g.result}`)}`),
        h('span.muted', { text: [g.event, g.date, g.ecco, g.opening].filter(Boolean).join(' · ') }),
        ...g.tags.map((tag) => h('span.tag', { text: tag })),
        h('button', {
          type: 'button', 'data-testid': 'c-delete', title: t('coll.delete'),
          on: {
            click: async () => {
              if (!(await confirmDialog(t('coll.deleteAsk')))) return;
              try { await api.deleteFromCollection(g.id); search(); } catch (e) { toast(errorText(e)); }
            },
          },
        }, '✕'))));
    } catch (e) { rows.replaceChildren(h('p.error', { text: errorText(e) })); }
  }

  const form = h('form.collection-search', { on: { submit: (e) => { e.preventDefault(); search(); } } },
    ...Object.values(inputs), result,
    h('button', { type: 'submit', 'data-testid': 'c-search', 'data-i18n': 'coll.search', text: t('coll.search') }));
  root.appendChild(h('div.table-view', { 'data-testid': 'collection' },
    viewer.boardCol,
    h('div.side-col', {},
      h('div.panel', {}, h('h2', { 'data-i18n': 'coll.title', text: t('coll.title') }), form, rows, exportLink),
      ...viewer.sideNodes,
      h('div.panel', {}, tagsInput, saveTags))));
  search();
  return { unmount() { viewer.destroy(); } };
}
