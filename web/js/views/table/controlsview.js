// Draws controlsFor()'s notices and controls (controls.js) as DOM, and hands every click to
// `onControl(control)`; the table view decides what each one does.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { describeControl } from '../../clock.js';
import { handicapText } from '../../handicap.js';

/** A button for a control descriptor. */
function button(c, onControl) {
  return h(`button${c.primary ? '.primary' : ''}`, {
    type: 'button', 'data-testid': c.id, disabled: !c.enabled, on: { click: () => onControl(c) },
  }, t(c.label));
}

/** The text of a notice (its buttons follow it). */
function noticeText(n) {
  const who = n.by ? t(`color.${n.by}`) : '';
  switch (n.id) {
    case 'proposal': return t('table.proposal', { who, tc: describeControl(n.control, t) });
    case 'handicap-proposal': return t('hc.proposal', { who, what: handicapText(n.handicap) });
    case 'draw-offer': return t('game.drawOffered', { who });
    case 'undo-request': return t('game.undoRequested', { who });
    case 'rematch-offer': return t('rematch.asked');
    case 'rematch-waiting': return t('rematch.waiting');
    case 'result':
      return `${n.end.kind === 'aborted' ? t('result.aborted') : t(`result.${n.end.result}`)} · ${n.end.reason ? t(`reason.${n.end.reason}`) : ''}`;
    default: return '';
  }
}

/** createControlsView({ onControl }) -> { notices, controls, update({ notices, buttons }) } */
export function createControlsView({ onControl }) {
  const notices = h('div.notices');
  const controls = h('div.controls', { 'data-testid': 'controls' });
  return {
    notices,
    controls,
    update(model) {
      notices.replaceChildren(...model.notices.map((n) => h('div.notice', { 'data-testid': n.id },
        noticeText(n),
        n.id === 'result' && n.gameId ? h('a', { href: `#/game/${n.gameId}` }, t('game.replay')) : null,
        ...n.buttons.map((c) => button(c, onControl)))));
      controls.replaceChildren(...model.buttons.map((c) => button(c, onControl)));
    },
  };
}
