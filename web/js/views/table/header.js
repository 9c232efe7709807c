// The head of the table's side panel: the table number, the status line (whose turn, check) and
// the agreed time control.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { describeControl } from '../../clock.js';
import { isLive } from './controls.js';

/** The status line for a viewer in `seat`; `inCheck` tells whether the side to move is in check. */
export function statusText(st, seat, inCheck) {
  const g = st.game;
  const live = isLive(st);
  return t(`status.${st.summary.status}`)
    + (live ? ` · ${seat ? (seat === g.turn ? t('game.yourTurn') : t('game.theirTurn')) : t(`color.${g.turn}`)}` : '')
    + (live && inCheck ? ` · ${t('game.check')}` : '');
}

/** createHeader(tableId) -> { nodes, update(st, seat, inCheck) } */
export function createHeader(tableId) {
  const title = h('h2');
  const status = h('div.muted', { 'data-testid': 'status' });
  const controlText = h('div.muted', { 'data-testid': 'control-text' });
  return {
    nodes: [title, status, controlText],
    update(st, seat, inCheck) {
      title.textContent = `${t('lobby.table')} ${tableId}`;
      status.textContent = statusText(st, seat, inCheck);
      controlText.textContent = `${t('table.control')}: ${describeControl(st.control, t)}`;
    },
  };
}
