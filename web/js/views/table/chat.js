// The table's chat: the log of messages and the line to write one; `onSend(text)` returns a
// promise, and the line is cleared once it resolves.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';

/** createChat({ onSend }) -> { node, update(messages) } */
export function createChat({ onSend }) {
  const log = h('div.chat-log', { 'data-testid': 'chat-log' });
  const input = h('input', { maxlength: 140, 'data-testid': 'chat-input', 'data-i18n-ph': 'table.chat', placeholder: t('table.chat') });
  const send = () => {
    const text = input.value.trim();
    if (!text) return;
    onSend(text).then(() => { input.value = ''; }, () => {});
  };
  const form = h('form.chat-form', { on: { submit: (e) => { e.preventDefault(); send(); } } },
    input, h('button', { type: 'submit', 'data-testid': 'chat-send', 'data-i18n': 'table.send' }, t('table.send')));
  return {
    node: h('div.panel', {}, h('b', { 'data-i18n': 'table.chat', text: t('table.chat') }), log, form),
    /** Shows `messages` ([{ name, text }]), scrolled to the newest. */
    update(messages) {
      log.replaceChildren(...messages.map((m) => h('div', {}, h('b', { text: `${m.name}: ` }), m.text)));
      log.scrollTop = log.scrollHeight;
    },
  };
}
