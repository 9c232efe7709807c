// Against the computer: choose level (each shown with its current rating), side, rated or not,
// and time control; start a private game (ai_start), then go to its table. A rated game needs a
// time control (no untimed), and has no undo and no hints.

import { t } from '../../i18n.js';
import { api } from '../../net/http.js';
import { h, toast, errorText } from '../../ui.js';
import { PRESETS, toTimeControl } from '../../timecontrol.js';

export function mount(root, app) {
  const params = new URLSearchParams(location.hash.split('?')[1] || '');
  const level = h('select', { 'data-testid': 'ai-level' },
    Array.from({ length: 10 }, (_, i) => h('option', { value: i + 1, text: String(i + 1) })));
  level.value = params.get('level') || localStorage.getItem('chuhe.ai.level') || '3';
  api.computerLevels().then(({ levels }) => {
    for (const l of levels) {
      const option = level.querySelector(`option[value="${l.level}"]`);
      if (option) option.textContent = t('ai.levelRating', { n: l.level, rating: Math.round(l.user.rating) });
    }
  }).catch(() => {});
  const color = h('select', { 'data-testid': 'ai-color' },
    ['red', 'black'].map((c) => h('option', { value: c, text: t(`color.${c}`) })));
  color.value = params.get('color') || 'red';
  const guest = !!app.user?.guest;
  const rated = h('select', { 'data-testid': 'ai-rated' },
    h('option', { value: '0', text: t('ai.ratedNo') }),
    guest ? null : h('option', { value: '1', text: t('ai.ratedYes') }));
  rated.value = !guest && params.get('rated') === '1' ? '1' : '0';
  const control = h('select', { 'data-testid': 'ai-control' },
    ['untimed', 'blitz', 'rapid', 'qq'].map((id) => h('option', { value: id, text: t(`tc.p.${id}`) })));
  if (params.get('control') && PRESETS[params.get('control')]) control.value = params.get('control');
  /** A rated game cannot be untimed. */
  const sync = () => {
    const untimed = control.querySelector('option[value="untimed"]');
    untimed.disabled = rated.value === '1';
    if (untimed.disabled && control.value === 'untimed') control.value = 'blitz';
  };
  rated.addEventListener('change', sync);
  sync();
  let off = null;
  const start = async () => {
    localStorage.setItem('chuhe.ai.level', level.value);
    // A visitor chooses who plays first; the game starts when they come back.
    if (!app.user) { app.askSignIn(`#/ai?go=1&level=${level.value}&color=${color.value}&control=${control.value}`); return; }
    const p = PRESETS[control.value];
    const isRated = rated.value === '1';
    off?.();
    off = app.socket.on('table_state', (msg) => {
      off();
      off = null;
      sessionStorage.setItem(`chuhe.ai.${msg.table}`, JSON.stringify({
        level: Number(level.value), color: color.value, rated: isRated, control: control.value,
      }));
      app.go(`#/table/${msg.table}`);
    });
    try {
      await app.socket.send({
        t: 'ai_start', level: Number(level.value), color: color.value,
        control: toTimeControl(p.system, p.fields), rated: isRated,
      });
    } catch (e) {
      off?.();
      off = null;
      toast(errorText(e));
    }
  };
  root.appendChild(h('div.auth.panel', { 'data-testid': 'ai-setup' },
    h('h2', { text: t('ai.title') }),
    h('label', {}, t('ai.level'), level),
    h('label', {}, t('ai.side'), color),
    h('label', {}, t('ai.rated'), rated),
    h('label', {}, t('table.control'), control),
    h('div.row', {}, h('button.primary', { type: 'button', 'data-testid': 'ai-start', on: { click: start } }, t('ai.start')))));
  if (params.get('go') === '1') start();
  return { unmount() { off?.(); } };
}
