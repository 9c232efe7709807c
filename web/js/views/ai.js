// Against the computer: choose level and side, start a private game (ai_start), then go to its table.

import { t } from '../i18n.js';
import { h, toast, errorText } from '../ui.js';
import { PRESETS, toTimeControl } from '../timecontrol.js';

export function mount(root, app) {
  const params = new URLSearchParams(location.hash.split('?')[1] || '');
  const level = h('select', { 'data-testid': 'ai-level' },
    Array.from({ length: 10 }, (_, i) => h('option', { value: i + 1, text: String(i + 1) })));
  level.value = params.get('level') || localStorage.getItem('chuhe.ai.level') || '3';
  const color = h('select', { 'data-testid': 'ai-color' },
    ['red', 'black'].map((c) => h('option', { value: c, text: t(`color.${c}`) })));
  color.value = params.get('color') || 'red';
  const control = h('select', { 'data-testid': 'ai-control' },
    ['untimed', 'blitz', 'rapid', 'qq'].map((id) => h('option', { value: id, text: t(`tc.p.${id}`) })));
  let off = null;
  const start = async () => {
    localStorage.setItem('chuhe.ai.level', level.value);
    const p = PRESETS[control.value];
    off?.();
    off = app.onMessage((msg) => {
      if (msg.t !== 'table_state') return;
      off();
      off = null;
      sessionStorage.setItem(`chuhe.ai.${msg.table}`, JSON.stringify({ level: Number(level.value), color: color.value }));
      app.go(`#/table/${msg.table}`);
    });
    try {
      await app.socket.send({ t: 'ai_start', level: Number(level.value), color: color.value, control: toTimeControl(p.system, p.fields) });
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
    h('label', {}, t('table.control'), control),
    h('div.row', {}, h('button.primary', { type: 'button', 'data-testid': 'ai-start', on: { click: start } }, t('ai.start')))));
  if (params.get('go') === '1') start();
  return { unmount() { off?.(); } };
}
