// The handicap dialog (让子): which side gives what, or any start position as a FEN. Resolves the
// `handicap_propose` fields { giver, kind, fen? } or null when cancelled.

import { t } from '../../i18n.js';
import { h, modal } from '../../ui.js';
import { HANDICAP_KINDS } from '../../handicap.js';

/** Asks for a handicap; `seat` (the proposer's colour) is offered as the giver first. */
export function handicapDialog(seat) {
  const giver = h('select', { 'data-testid': 'hc-giver', 'aria-label': t('hc.giver') },
    ['red', 'black'].map((c) => h('option', { value: c, text: t(`color.${c}`) })));
  giver.value = seat || 'red';
  const kind = h('select', { 'data-testid': 'hc-kind', 'aria-label': t('hc.kind') },
    HANDICAP_KINDS.map((k) => h('option', { value: k, text: t(`hc.kind.${k}`) })));
  kind.value = 'horse';
  const fen = h('input', { type: 'text', 'data-testid': 'hc-fen', placeholder: 'FEN' });
  const fenRow = [h('label', { text: t('hc.fen') }), fen];
  const showFen = () => { for (const n of fenRow) n.hidden = kind.value !== 'position'; };
  kind.addEventListener('change', showFen);
  showFen();
  return modal({
    title: t('hc.title'),
    testid: 'hc-dialog',
    body: [h('div.fields', {}, h('label', { text: t('hc.giver') }), giver, h('label', { text: t('hc.kind') }), kind, ...fenRow)],
    buttons: [
      { label: t('game.no'), value: null, testid: 'hc-cancel' },
      {
        label: t('hc.propose'), primary: true, testid: 'hc-ok',
        value: () => ({ giver: giver.value, kind: kind.value, ...(kind.value === 'position' ? { fen: fen.value.trim() } : {}) }),
      },
    ],
    dismiss: null,
  });
}
