// Import (#/import): paste or upload a record (PGN, XQF, DhtmlXQ), the server reads it
// (POST /api/import); the games read are listed, broken ones reported by number, and the one
// chosen opens on the replay board; it can be saved to one's library with tags.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, errorText, toast } from '../../ui.js';
import { createGameViewer } from './gameviewer.js';

/** A record's tag by name (`tags` is [[name, value]]). */
export const tagOf = (game, name) => (game.tags.find(([k]) => k.toLowerCase() === name.toLowerCase()) || [])[1] || '';

/** "Red vs Black · Event" of an imported game. */
export function gameTitle(game) {
  const red = tagOf(game, 'Red') || '?';
  const black = tagOf(game, 'Black') || '?';
  const event = tagOf(game, 'Event') || tagOf(game, 'Title');
  return `${t('import.vs', { red, black })}${event ? ` · ${event}` : ''}`;
}

/** Labels typed as "a, b，c" → ['a', 'b', 'c']. */
export const splitTags = (text) => text.split(/[,，]/).map((s) => s.trim()).filter(Boolean);

export function mount(root, app) {
  const viewer = createGameViewer(app);
  const text = h('textarea.import-text', { 'data-testid': 'import-text', rows: 6, placeholder: t('import.paste'), 'data-i18n-ph': 'import.paste' });
  const file = h('input', { type: 'file', 'data-testid': 'import-file', accept: '.pgn,.xqf,.txt,.htm,.html,.ubb' });
  // The text encoding: detected by the server (confirmed by the moves) unless named here.
  const encoding = h('select', { 'data-testid': 'import-encoding', title: t('import.encoding'), 'data-i18n-title': 'import.encoding' },
    h('option', { value: '', 'data-i18n': 'import.auto', text: t('import.auto') }),
    ...['utf-8', 'gbk', 'big5', 'utf-16le'].map((e) => h('option', { value: e, text: e.toUpperCase() })));
  const status = h('div.import-status', { 'data-testid': 'import-status' });
  const list = h('div.import-games', { 'data-testid': 'import-games' });
  const info = h('div.import-info', { 'data-testid': 'import-info' });
  const saved = h('div.import-saved');
  const tags = h('input', { 'data-testid': 'save-tags', placeholder: t('import.tags'), 'data-i18n-ph': 'import.tags' });
  let chosen = null;
  const save = h('button', {
    type: 'button', 'data-testid': 'save-collection', 'data-i18n': 'import.save', text: t('import.save'), disabled: true,
    on: {
      click: async () => {
        if (!chosen) return;
        try {
          const { id } = await api.saveToCollection(chosen.pgn, splitTags(tags.value));
          saved.replaceChildren(h('p.ok', { 'data-testid': 'save-status', 'data-id': id, text: t('import.saved') }));
        } catch (e) { toast(errorText(e)); }
      },
    },
  });

  function open(game, button) {
    chosen = game;
    // Tags and the saved note belong to the game shown.
    tags.value = '';
    saved.replaceChildren();
    for (const b of list.querySelectorAll('button')) b.classList.toggle('active', b === button);
    info.replaceChildren(h('dl.replay-meta', {}, ...game.tags.filter(([, v]) => v)
      .flatMap(([k, v]) => [h('dt', { text: k }), h('dd', { text: v })])),
    h('p', { 'data-testid': 'import-result', text: `${t(`result.${game.result}`)} · ${t('replay.plies', { n: game.moves.length })}` }));
    save.disabled = false;
    viewer.load(game);
  }

  async function read(data) {
    status.replaceChildren('…');
    list.replaceChildren();
    try {
      const r = await api.importRecord(data, encoding.value);
      const notes = [
        h('p', { 'data-testid': 'import-count', text: t('import.games', { n: r.games.length }) }),
        ...r.errors.map((e) => h('p.error', { 'data-testid': 'import-error', text: t('import.broken', { game: e.game, line: e.line, msg: e.message }) })),
        ...r.warnings.map((w) => h('p.muted', { text: t('import.skipped', { msg: w.message }) })),
      ];
      status.replaceChildren(...notes);
      const buttons = r.games.map((g) => {
        const b = h('button', { type: 'button', 'data-testid': `import-game-${g.number}`, text: `${g.number}. ${gameTitle(g)}` });
        b.addEventListener('click', () => open(g, b));
        return b;
      });
      list.replaceChildren(...buttons);
      if (r.games.length) open(r.games[0], buttons[0]);
    } catch (e) {
      status.replaceChildren(h('p.error', { 'data-testid': 'import-error', text: `${errorText(e)}${e.message && e.message !== e.code ? `: ${e.message}` : ''}` }));
    }
  }

  file.addEventListener('change', () => { if (file.files[0]) read(file.files[0]); });
  const go = h('button', { type: 'button', 'data-testid': 'import-go', 'data-i18n': 'import.go', text: t('import.go'), on: { click: () => { if (text.value.trim()) read(text.value); } } });
  root.appendChild(h('div.table-view', { 'data-testid': 'import' },
    viewer.boardCol,
    h('div.side-col', {},
      h('div.panel', {},
        h('h2', { 'data-i18n': 'import.title', text: t('import.title') }),
        h('p.muted', { 'data-i18n': 'import.hint', text: t('import.hint') }),
        text, h('div.row', {}, go, file, encoding), status, list, info),
      ...viewer.sideNodes,
      h('div.panel', {}, tags, save, saved))));
  return { unmount() { viewer.destroy(); } };
}
