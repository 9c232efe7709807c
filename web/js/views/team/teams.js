// #/teams: the teams of the site (团体) — one's own first, then all — and a form to create one
// (the creator becomes its captain). Each links to its page (#/team/ID, team.js).

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, fill, toast, errorText } from '../../ui.js';

/** A refusal's words: the code's text or its reason, in the interface's language (ui.js). */
export const refusalText = (e) => errorText(e);

function teamList(teams, testid) {
  return teams.length
    ? h('ul.tour-list', { 'data-testid': testid }, teams.map((x) => h('li', {},
      h('a', { href: `#/team/${x.id}`, 'data-testid': 'team-link', text: x.name }),
      h('span.muted', { text: ` · ${t('team.captain')} ${x.captain_name} · ${t('team.members', { n: x.members })}${x.open ? '' : ` · ${t('team.closed')}`}` }))))
    : h('p.muted', { 'data-testid': testid, text: t('team.none') });
}

export function mount(root, app) {
  const box = h('div.teams', { 'data-testid': 'teams' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  let gone = false;

  const name = h('input', { type: 'text', maxlength: '24', 'data-testid': 'team-name', placeholder: t('team.nameHint'), 'aria-label': t('team.name') });
  const form = h('form.team-create', {
    on: {
      submit: async (e) => {
        e.preventDefault();
        try {
          const res = await api.teamCreate(name.value);
          toast(t('team.created'));
          app.go(`#/team/${res.id}`);
        } catch (err) {
          toast(refusalText(err));
        }
      },
    },
  }, name, h('button.primary', { type: 'submit', 'data-testid': 'team-create' }, t('team.create')));

  async function load() {
    try {
      const guest = !app.user || app.user.guest;
      const [all, mine] = await Promise.all([api.teams(), guest ? { teams: [] } : api.teams(app.user.id)]);
      if (gone) return;
      fill(box, h('h1', { text: t('team.title') }),
        guest ? null : h('section.panel', {}, h('h2', { text: t('team.create') }), form),
        guest ? null : h('section.panel', {}, h('h2', { text: t('team.mine') }), teamList(mine.teams, 'teams-mine')),
        h('section.panel', {}, h('h2', { text: t('team.all') }), teamList(all.teams, 'teams-all')));
    } catch (e) {
      box.replaceChildren(h('p.error', { text: errorText(e) }));
    }
  }
  load();
  return { unmount() { gone = true; } };
}
