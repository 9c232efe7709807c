// #/settings: the board theme and piece set (with a preview board), sounds, move notation,
// confirm moves, board orientation, keyboard move entry (settings.js keeps them: this browser,
// and the account when signed in), and for a registered user the password change and signing
// out of the other sessions.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, toast, errorText } from '../../ui.js';
import { createBoard } from '../../board/board.js';
import { START_FEN } from '../../board/geometry.js';
import { CHOICES, allSettings, setSetting, onSettingsChange } from '../../settings.js';
import { setMuted } from '../../notify.js';

/** The settings shown as a list of choices (the others are switches). */
const LISTS = ['board', 'pieces', 'notation', 'orientation'];
/** The switches, in their order on the page. */
const SWITCHES = ['sound', 'confirm', 'premove', 'keyboard'];

export function mount(root, app) {
  const status = h('div.saved', { 'data-testid': 'set-status', role: 'status' });
  const preview = h('div.preview', { 'data-testid': 'set-preview' });
  const board = createBoard(preview, { fen: START_FEN, animation: false });
  const now = allSettings();

  async function change(key, value) {
    try {
      if (key === 'sound') setMuted(!value);
      await setSetting(key, value);
      status.textContent = t(app.user ? 'set.saved' : 'set.savedLocal');
    } catch (e) {
      status.textContent = '';
      toast(errorText(e));
    }
  }

  const list = (key) => {
    const select = h('select', {
      id: `set-${key}`, 'data-testid': `set-${key}`,
      on: { change: () => change(key, select.value) },
    }, CHOICES[key].map((v) => h('option', { value: v, text: t(`set.${key}.${v}`) })));
    select.value = now[key];
    return h('div.setting', {}, h('label', { for: `set-${key}`, text: t(`set.${key}`) }), select);
  };
  const toggle = (key) => {
    const box = h('input', {
      type: 'checkbox', id: `set-${key}`, 'data-testid': `set-${key}`,
      on: { change: () => change(key, box.checked) },
    });
    box.checked = !!now[key];
    return h('div.setting', {}, h('label', { for: `set-${key}`, text: t(`set.${key}`) }), box);
  };

  const look = h('fieldset', {}, h('legend', { text: t('set.look') }),
    LISTS.slice(0, 2).map(list), preview);
  const play = h('fieldset', {}, h('legend', { text: t('set.play') }),
    LISTS.slice(2).map(list), SWITCHES.map(toggle),
    h('p.muted', { text: t('set.keyboardHelp') }));

  root.appendChild(h('div.settings-page', { 'data-testid': 'settings' },
    h('h1', { text: t('set.title') }),
    app.user ? null : h('p.muted', { 'data-testid': 'set-visitor', text: t('set.visitorNote') }),
    look, play, account(app), status));

  // A changed theme or piece set shows on the preview at once.
  // (The account's settings may arrive after the page opened: the controls follow.)
  const off = onSettingsChange((all) => {
    board.set({ fen: START_FEN, force: true });
    for (const key of [...LISTS, ...SWITCHES]) {
      const c = root.querySelector(`#set-${key}`);
      if (c?.type === 'checkbox') c.checked = !!all[key];
      else if (c) c.value = all[key];
    }
  });
  return { unmount() { off(); board.destroy(); } };
}

/** The account's part: a password change and signing out elsewhere (registered users only). */
function account(app) {
  if (!app.user) return null;
  const box = h('fieldset', { 'data-testid': 'set-account' }, h('legend', { text: t('set.account') }));
  if (app.user.guest) {
    box.appendChild(h('p.muted', { text: t('set.guestNoPassword') }));
    return box;
  }
  const field = (id, key) => [h('label', { for: id, text: t(key) }),
    h('input', { id, type: 'password', autocomplete: id === 'set-old' ? 'current-password' : 'new-password', 'data-testid': id, required: true })];
  const form = h('form', { 'data-testid': 'set-password-form' },
    h('b', { text: t('set.password') }),
    field('set-old', 'set.oldPassword'), field('set-new', 'set.newPassword'), field('set-new2', 'set.newPassword2'),
    h('button.primary', { type: 'submit', 'data-testid': 'set-password-submit', text: t('set.changePassword') }));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const val = (id) => form.querySelector(`#${id}`).value;
    if (val('set-new') !== val('set-new2')) { toast(t('set.passwordMismatch')); return; }
    try {
      const { signed_out: n } = await api.changePassword(val('set-old'), val('set-new'));
      form.reset();
      toast(t('set.passwordChanged', { n }));
    } catch (e) {
      toast(errorText(e));
    }
  });
  const others = h('button', {
    type: 'button', 'data-testid': 'set-signout-others', text: t('set.signOutOthers'),
    on: {
      click: async () => {
        try {
          const { signed_out: n } = await api.signOutOthers();
          toast(t('set.signedOutOthers', { n }));
        } catch (e) {
          toast(errorText(e));
        }
      },
    },
  });
  box.append(form, h('p', {}, others));
  return box;
}
