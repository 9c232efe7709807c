// Table dialogs: the time-control dialog (every clock system, with presets) and the game-over box.

import { t, getLang } from '../../i18n.js';
import { evidenceText } from '../../evidence.js';
import { h, modal, closeOnEscape, displayName } from '../../ui.js';
import { SYSTEMS, PRESETS, toTimeControl, fromTimeControl } from '../../timecontrol.js';
import { describeControl } from '../../clock.js';

/**
 * Asks for a time control; resolves a TimeControl or null when cancelled. `firstMoveSecs`, the
 * table's first-move rule (null: none), is stated under the fields.
 */
export function timeControlDialog(current, firstMoveSecs = null) {
  let { system, fields } = fromTimeControl(current);
  const preset = h('select', { 'data-testid': 'tc-preset', 'aria-label': t('tc.preset') },
    h('option', { value: '', text: '—' }),
    Object.keys(PRESETS).map((id) => h('option', { value: id, text: t(`tc.p.${id}`) })));
  const sys = h('select', { 'data-testid': 'tc-system', 'aria-label': t('tc.system') },
    Object.keys(SYSTEMS).map((id) => h('option', { value: id, text: t(`tc.sys.${id}`) })));
  const box = h('div.fields');
  const summary = h('div.muted', { 'data-testid': 'tc-summary' });
  const err = h('div.error');
  const inputs = {};
  const read = () => {
    const f = {};
    for (const [k, inp] of Object.entries(inputs)) f[k] = inp.value;
    return f;
  };
  const refresh = () => {
    err.textContent = '';
    try { summary.textContent = describeControl(toTimeControl(sys.value, read()), t); } catch { summary.textContent = t('tc.invalid'); }
  };
  const drawFields = () => {
    box.replaceChildren();
    for (const k of Object.keys(inputs)) delete inputs[k];
    for (const f of SYSTEMS[system]) {
      const inp = h('input', { type: 'number', min: 0, step: 'any', value: fields[f] ?? 0, 'data-testid': `tc-${f}`, on: { input: refresh } });
      inputs[f] = inp;
      box.append(h('label', { text: t(`tc.f.${f}`) }), inp);
    }
    sys.value = system;
    refresh();
  };
  preset.addEventListener('change', () => {
    const p = PRESETS[preset.value];
    if (!p) return;
    system = p.system;
    fields = { ...p.fields };
    drawFields();
  });
  sys.addEventListener('change', () => {
    system = sys.value;
    const p = Object.values(PRESETS).find((x) => x.system === system);
    fields = { ...(p?.fields || {}) };
    drawFields();
  });
  drawFields();
  return modal({
    title: t('tc.title'),
    testid: 'tc-dialog',
    body: [
      h('div.fields', {}, h('label', { text: t('tc.preset') }), preset, h('label', { text: t('tc.system') }), sys),
      box, summary,
      firstMoveSecs ? h('div.muted', { 'data-testid': 'tc-first-move', text: t('tc.firstMoveRule', { n: firstMoveSecs }) }) : null,
      err,
    ],
    buttons: [
      { label: t('game.no'), value: null, testid: 'tc-cancel' },
      {
        label: t('tc.propose'), primary: true, testid: 'tc-ok',
        value: () => { try { return toTimeControl(sys.value, read()); } catch { return null; } },
      },
    ],
    dismiss: null,
  });
}

/** "You won" / "You lost" / "Draw" for the player of `seat` after `result` ('1-0', '0-1', …); '' for others. */
export function outcomeFor(result, seat) {
  if (!seat) return '';
  if (result === '1/2-1/2') return t('game.youDrew');
  if (result === '1-0' || result === '0-1') return t((result === '1-0') === (seat === 'red') ? 'game.youWon' : 'game.youLost');
  return '';
}

/**
 * The game-over box: result (for a player: "you won" / "you lost"), reason, rating changes;
 * buttons Rematch (for the players only: `onRematch` null leaves it out; an event's game has
 * none) / Back to the event (`onEvent`) / Replay / Close. `seat` is the viewer's. Returns
 * { update(game), close(), add(node), isOpen() }.
 */
export function endDialog({ onRematch, onReplay, onEvent = null, seat = null }) {
  const body = h('div');
  const extra = h('div.game-over-extra');
  const back = h('div.modal-back', {});
  const box = h('div.modal', { role: 'dialog', 'data-testid': 'game-over' },
    h('h3', { text: t('game.over') }), body, extra,
    h('div.buttons', {},
      h('button', { type: 'button', 'data-testid': 'game-over-replay', on: { click: () => { close(); onReplay(); } } }, t('game.replay')),
      h('button', { type: 'button', 'data-testid': 'game-over-close', on: { click: () => close() } }, t('game.close')),
      onEvent ? h('button.primary', { type: 'button', 'data-testid': 'game-over-event', on: { click: () => { close(); onEvent(); } } }, t('ev.back')) : null,
      onRematch ? h('button.primary', { type: 'button', 'data-testid': 'rematch', on: { click: () => { close(); onRematch(); } } }, t('game.rematch')) : null));
  back.appendChild(box);
  back.addEventListener('click', (e) => { if (e.target === back) close(); });
  document.body.appendChild(back);
  closeOnEscape(back, () => close());
  function close() { back.remove(); }
  function update(game) {
    const end = game.end;
    const mine = end.kind === 'aborted' ? '' : outcomeFor(end.result, seat);
    const result = end.kind === 'aborted' ? t('result.aborted') : t(`result.${end.result}`);
    const rows = [];
    const why = game.rated && !game.rated.rated ? game.rated.why?.unrated : null;
    if (why) {
      const key = typeof why === 'string' ? why : Object.keys(why)[0];
      rows.push(h('div.muted', { 'data-testid': 'game-over-unrated', 'data-why': key },
        `${t('unrated.title')}: ${t(`unrated.${key}`)}`));
    } else if (game.ratings) {
      for (const c of ['red', 'black']) {
        const r = game.ratings[c];
        if (!r) continue;
        const d = Math.round(r.delta);
        rows.push(h('div', { 'data-testid': `rating-${c}` },
          `${t(`color.${c}`)} ${displayName(game[c])}: ${Math.round(r.before)} → ${Math.round(r.after)} `,
          h(`span.delta.${d >= 0 ? 'up' : 'down'}`, { text: `(${d >= 0 ? '+' : ''}${d})` })));
      }
    }
    body.replaceChildren(
      ...(mine ? [h('div.result-big.outcome', { 'data-testid': 'game-over-outcome', text: mine })] : []),
      h('div.result-big', { 'data-testid': 'game-over-result', text: result }),
      h('div.result-reason', { 'data-testid': 'game-over-reason', text: end.reason ? t(`reason.${end.reason}`) : '' }),
      ...(game.evidence ? [h('div.ruling', { 'data-testid': 'game-over-ruling', text: evidenceText(game.evidence, getLang()) })] : []),
      ...rows);
  }
  /** Adds a section under the result (the wager settlement). */
  function add(node) { extra.appendChild(node); }
  return { update, close, add, isOpen: () => back.isConnected };
}
