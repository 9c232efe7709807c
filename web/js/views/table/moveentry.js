// Typed move entry under the table's board (setting "keyboard", settings.js): a text box that
// takes ICCS (h2e2), WXF (C2.5, C2=5) or Chinese (炮二平五) and plays the legal move it names
// (movetext.js) on Enter; an unknown or ambiguous text is said under the box and nothing is sent.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { readFen } from '../../board/geometry.js';
import { matchMove } from '../../movetext.js';
import { getSetting } from '../../settings.js';

/** Creates the entry; `onMove(mv)` gets an ICCS move. Returns { node, update(turn | null) }. */
export function createMoveEntry({ onMove }) {
  let turn = null; // { fen, legal } while it is the viewer's move
  const error = h('span.move-entry-error', { 'data-testid': 'move-entry-error', role: 'status' });
  const input = h('input', {
    type: 'text', autocomplete: 'off', spellcheck: 'false', 'data-testid': 'move-entry',
    'aria-label': t('set.typeMove'), placeholder: t('set.typeMovePh'),
    on: { keydown: (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); submit(); } } },
  });
  const node = h('div.move-entry', { hidden: true }, input, error);

  function submit() {
    if (!turn) { error.textContent = t('set.notYourMove'); return; }
    const found = matchMove(input.value, readFen(turn.fen), turn.legal || []);
    if (found.error) {
      error.textContent = found.error === 'empty' ? '' : t(`set.move.${found.error}`, { text: input.value.trim() });
      return;
    }
    input.value = '';
    error.textContent = '';
    onMove(found.mv);
  }

  return {
    node,
    /** `next`: { fen, legal } while the viewer is to move, else null. */
    update(next) {
      turn = next;
      node.hidden = !getSetting('keyboard');
      input.placeholder = t(next ? 'set.typeMovePh' : 'set.notYourMove');
      input.setAttribute('aria-label', t('set.typeMove'));
    },
  };
}
