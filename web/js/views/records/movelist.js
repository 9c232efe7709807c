// The move list: numbered pairs in Chinese (the Chinese interface's default), WXF (the English
// one's) or ICCS notation, navigable by click,
// buttons and arrow keys. Emits onSelect(ply) where ply 0 is the start position.

import { t, getLang } from '../../i18n.js';
import { h } from '../../ui.js';
import { setSetting } from '../../settings.js';

const KEY = 'chuhe.notation';

/** The notation chosen (localStorage "chuhe.notation"), else the interface language's own. */
export function getNotation() {
  try {
    const n = localStorage.getItem(KEY);
    if (n === 'chinese' || n === 'wxf' || n === 'iccs') return n;
  } catch { /* storage disabled */ }
  return getLang() === 'en' ? 'wxf' : 'chinese';
}

/**
 * Creates the move list; returns { node, update(texts, current, startTurn, notes?), destroy }.
 * `notes[ply - 1]` (an engine analysis, gameanalysis.js) adds a move's mark and evaluation,
 * and its better line as the tooltip.
 */
export function createMoveList({ onSelect }) {
  let texts = [];
  let notes = null;
  let current = 0;
  let startBlack = false;
  const list = h('div.moves', { 'data-testid': 'moves' });
  const select = h('select', { 'data-testid': 'notation', 'aria-label': t('moves.notation'), on: { change: () => { setSetting('notation', select.value).catch(() => {}); draw(); } } },
    ['chinese', 'wxf', 'iccs'].map((n) => h('option', { value: n, 'data-i18n': `moves.${n}`, text: t(`moves.${n}`) })));
  select.value = getNotation();
  const go = (ply) => onSelect(Math.max(0, Math.min(texts.length, ply)));
  const nav = h('div.nav-buttons', {},
    h('button', { type: 'button', title: t('moves.first'), 'data-i18n-title': 'moves.first', 'data-testid': 'nav-first', on: { click: () => go(0) } }, '|◀'),
    h('button', { type: 'button', title: t('moves.prev'), 'data-i18n-title': 'moves.prev', 'data-testid': 'nav-prev', on: { click: () => go(current - 1) } }, '◀'),
    h('button', { type: 'button', title: t('moves.next'), 'data-i18n-title': 'moves.next', 'data-testid': 'nav-next', on: { click: () => go(current + 1) } }, '▶'),
    h('button', { type: 'button', title: t('moves.last'), 'data-i18n-title': 'moves.last', 'data-testid': 'nav-last', on: { click: () => go(texts.length) } }, '▶|'));
  const node = h('div.panel.movelist', {},
    h('div.moves-head', {}, h('b', { 'data-i18n': 'moves.title', text: t('moves.title') }), select), list, nav);

  function draw() {
    const n = select.value;
    const cells = [];
    const offset = startBlack ? 1 : 0;
    const total = texts.length + offset;
    for (let i = 0; i < total; i += 2) {
      cells.push(h('span.no', { text: `${i / 2 + 1}.` }));
      for (const j of [i, i + 1]) {
        const ply = j - offset + 1;
        const tx = texts[ply - 1];
        if (j < offset || !tx) { cells.push(h('span')); continue; }
        const note = notes?.[ply - 1];
        cells.push(h(`span.mv${ply === current ? '.current' : ''}`, {
          'data-ply': ply, 'data-testid': `move-${ply}`, on: { click: () => go(ply) },
          'data-judgment': note?.judgment, title: note?.line?.length ? `${t('an.better')}: ${note.line.join(' ')}` : null,
        }, tx[n] || tx.iccs,
        note?.mark ? h(`span.mark.${note.judgment}`, { text: note.mark }) : null,
        note ? h('span.ev', { 'data-eval': '', text: note.eval }) : null));
      }
    }
    list.replaceChildren(...cells);
    const cur = list.querySelector('.current');
    if (cur) reveal(cur);
    else list.scrollTop = list.scrollHeight;
  }
  /** Scrolls the list (only the list: scrollIntoView would scroll the page too) to show `cell`. */
  function reveal(cell) {
    const c = cell.getBoundingClientRect();
    const l = list.getBoundingClientRect();
    if (c.top < l.top) list.scrollTop -= l.top - c.top;
    else if (c.bottom > l.bottom) list.scrollTop += c.bottom - l.bottom;
  }
  const key = (ev) => {
    if (ev.target.closest?.('input, textarea, select')) return;
    if (ev.key === 'ArrowLeft') go(current - 1);
    else if (ev.key === 'ArrowRight') go(current + 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(texts.length);
  };
  document.addEventListener('keydown', key);
  return {
    node,
    update(newTexts, cur, firstMoverBlack = false, newNotes = null) {
      texts = newTexts;
      notes = newNotes;
      current = cur;
      startBlack = firstMoverBlack;
      draw();
    },
    destroy() { document.removeEventListener('keydown', key); },
  };
}
