// #/team/ID: one team (团体) — its members in join order (the default board order) with their
// ratings and records, the team's record, and the actions one may take: join or leave; for the
// captain, remove a member, hand over the captaincy, open or close the team.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, toast, errorText, confirmDialog } from '../../ui.js';
import { refusalText } from './teams.js';

export function mount(root, app, [idText]) {
  const id = Number(idText);
  const box = h('div.team', { 'data-testid': 'team' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  let gone = false;

  async function act(fn, done) {
    try {
      const res = await fn();
      if (done) toast(done);
      if (res?.dissolved) { toast(t('team.dissolved')); app.go('#/teams'); return; }
      load();
    } catch (e) {
      toast(refusalText(e));
    }
  }

  function draw(team) {
    const me = app.user?.id;
    const isMember = team.members.some((m) => m.id === me);
    const isCaptain = team.captain === me;
    const canJoin = !isMember && team.open && app.user && !app.user.guest;
    const head = h('section.panel', {},
      h('h1', { 'data-testid': 'team-title', text: team.name }),
      h('p.muted', { text: `${t('team.members', { n: team.members.length })} · ${t(team.open ? 'team.open' : 'team.closed')}` }),
      h('p', { 'data-testid': 'team-results', text: t('team.results', { w: team.results.wins, d: team.results.draws, l: team.results.losses }) }),
      h('div.team-actions', {},
        canJoin ? h('button.primary', { type: 'button', 'data-testid': 'team-join', on: { click: () => act(() => api.teamJoin(id), t('team.joined')) } }, t('team.join')) : null,
        isMember ? h('button', { type: 'button', 'data-testid': 'team-leave', on: { click: async () => {
          if (await confirmDialog(t('team.leaveAsk'), 'team-leave-confirm')) act(() => api.teamLeave(id), t('team.left'));
        } } }, t('team.leave')) : null,
        isCaptain ? h('button', { type: 'button', 'data-testid': 'team-open', on: { click: () => act(() => api.teamOpen(id, !team.open)) } },
          t(team.open ? 'team.close' : 'team.reopen')) : null));
    const rows = team.members.map((m, i) => h(`tr${m.id === me ? '.me' : ''}`, { 'data-user': String(m.id), 'data-testid': 'team-member' },
      h('td', { text: String(i + 1) }),
      h('td', {}, h('a', { href: `#/user/${m.id}`, text: m.name }),
        m.captain ? h('span.title-badge', { 'data-testid': 'team-captain-badge', text: t('team.captain') }) : null),
      h('td.num', { text: String(m.rating) }),
      h('td.num.wide', { text: String(m.games) }),
      h('td.num', { text: `${m.wins}/${m.draws}/${m.losses}` }),
      h('td.team-member-actions', {}, isCaptain && m.id !== me ? [
        h('button', { type: 'button', 'data-testid': 'team-make-captain', on: { click: async () => {
          if (await confirmDialog(t('team.captainAsk', { name: m.name }), 'team-captain-confirm')) act(() => api.teamCaptain(id, m.id));
        } } }, t('team.makeCaptain')),
        h('button', { type: 'button', 'data-testid': 'team-kick', on: { click: async () => {
          if (await confirmDialog(t('team.kickAsk', { name: m.name }), 'team-kick-confirm')) act(() => api.teamKick(id, m.id));
        } } }, t('team.kick')),
      ] : null)));
    const table = h('section.panel', {}, h('table.games-table.team-members', { 'data-testid': 'team-members' },
      h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('team.player') }), h('th', { text: t('team.rating') }),
        h('th.wide', { text: t('team.games') }), h('th', { text: t('team.record') }), h('th', {}))),
      h('tbody', {}, rows)));
    box.replaceChildren(head, table);
  }

  async function load() {
    try {
      const team = await api.team(id);
      if (!gone) draw(team);
    } catch (e) {
      if (!gone) box.replaceChildren(h('p.error', { text: errorText(e) }));
    }
  }
  load();
  return { unmount() { gone = true; } };
}
