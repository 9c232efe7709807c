// Handicaps (让子, docs/protocol.md): how one is named in the interface. A handicap is
// { giver: 'red' | 'black', kind: 'first_move' | 'horse' | 'two_horses' | 'chariot' | 'position' }.

import { t } from './i18n.js';

/** The handicap kinds the dialog offers, in order of size. */
export const HANDICAP_KINDS = ['first_move', 'horse', 'two_horses', 'chariot', 'position'];

/** "红方让单马" / "Red gives a horse"; '' for none. */
export function handicapText(hc) {
  if (!hc) return '';
  return t('hc.label', { who: t(`color.${hc.giver}`), what: t(`hc.kind.${hc.kind}`) });
}
