// Entry: register, log in, or play as a guest.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, errorText } from '../../ui.js';

export function mount(root, app) {
  const name = h('input', { name: 'name', autocomplete: 'username', 'data-testid': 'auth-name', required: true });
  const pass = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', 'data-testid': 'auth-password' });
  const err = h('div.error', { 'data-testid': 'auth-error' });
  const next = () => {
    const n = sessionStorage.getItem('chuhe.next');
    sessionStorage.removeItem('chuhe.next');
    return n && n !== '#/login' ? n : '#/';
  };
  const run = (fn) => async (ev) => {
    ev?.preventDefault();
    err.textContent = '';
    try {
      const { user } = await fn();
      app.loggedIn(user, next());
    } catch (e) {
      err.textContent = errorText(e);
    }
  };
  const form = h('form.auth.panel', { on: { submit: run(() => api.login(name.value.trim(), pass.value)) } },
    h('h2', { text: t('auth.title') }),
    h('label', {}, t('auth.name'), name),
    h('label', {}, t('auth.password'), pass),
    err,
    h('div.row', {},
      h('button.primary', { type: 'submit', 'data-testid': 'auth-login' }, t('auth.login')),
      h('button', { type: 'button', 'data-testid': 'auth-register', on: { click: run(() => api.register(name.value.trim(), pass.value)) } }, t('auth.register')),
      h('span.muted', { text: t('auth.or') }),
      h('button', { type: 'button', 'data-testid': 'auth-guest', on: { click: run(() => api.guest()) } }, t('auth.guest'))));
  root.appendChild(form);
  name.focus();
}
