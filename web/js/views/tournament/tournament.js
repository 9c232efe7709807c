// #/tournament/ID: one event's page — join / withdraw (an arena: pause / back), countdowns to
// the start, the next round and an arena's end, standings with the preset's tie-break columns, a
// round robin's crosstable, a knockout's bracket, an arena's players and games, every round's
// pairings, and the organiser's tools. The list of events is tournaments.js.
// The page watches the event over the socket (`t_watch`): each numbered `t_ev` makes it reload
// the event (at most every RELOAD_MS), and when a new game of the player's is due it opens by
// itself.

import { api } from '../../net/http.js';
import { t, has, formatDate } from '../../i18n.js';
import { h, toast, errorText, confirmDialog } from '../../ui.js';
import { rulesText } from '../../repetition.js';
import { ratingScopeText } from '../../i18n/pools.js';
import { crosstable } from './crosstable.js';
import { bracket } from './bracket.js';
import { countdown, tickCountdowns } from './countdown.js';
import { arenaPlayers, arenaGames, arenaTeams } from './arena.js';
import { organiserPanel } from './organiser.js';
import { playerLink } from './names.js';
import { presetName } from '../../i18n/site.js';

/** The longest a change waits before the page reloads the event. */
const RELOAD_MS = 300;

const tbName = (name) => (has(`tour.tb.${name}`) ? t(`tour.tb.${name}`) : name);

export function mount(root, app, [idText]) {
  const id = Number(idText);
  const box = h('div.tournament', { 'data-testid': 'tournament' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  let timer = null;
  const ticker = setInterval(() => tickCountdowns(box), 1000);
  let seenTable;
  let gone = false;

  async function act(action, ev) {
    // An entry fee is confirmed before it is paid.
    const fee = ev?.spec?.entry_fee || 0;
    if (action === 'join' && fee > 0 && !await confirmDialog(t('tour.feeConfirm', { n: fee }), 'fee-confirm')) return;
    try {
      await api.tournamentAct(id, action);
      load();
    } catch (e) {
      toast(errorText(e));
    }
  }

  /** The event's rules as a table's `Rules` (an event stored before they existed: the defaults). */
  const specRules = (spec) => ({ profile: spec.rules || 'axf', move_limit: spec.move_limit ?? 60, repetition: spec.repetition || 'warn' });

  function draw(ev) {
    const me = app.user?.id;
    const entered = ev.players.find((p) => p.user === me);
    const open = ev.status === 'upcoming' || ev.status === 'running';
    const arena = ev.spec.system === 'arena';
    // An arena's paused player may come back; elsewhere a withdrawal is final.
    const canJoin = open && (!entered || (arena && entered.withdrawn));
    const canWithdraw = entered && !entered.withdrawn && open;
    const joinText = entered ? t('tour.rejoin') : t('tour.join');
    const withdrawText = arena && ev.status === 'running' ? t('tour.pause') : t('tour.withdraw');
    const clock = ev.status === 'upcoming' ? countdown('tour.startsIn', ev.starts_at, 'countdown-start')
      : ev.status !== 'running' ? null
        : arena ? countdown('tour.endsIn', ev.arena?.ends_at, 'countdown-end')
          : countdown('tour.nextIn', ev.next_at, 'countdown-next');
    const fee = ev.spec.entry_fee > 0 ? ` · ${t('tour.fee')} ${ev.spec.entry_fee}` : '';
    const system = ev.spec.system || 'swiss';
    const format = {
      swiss: () => t('tour.rounds', { n: ev.spec.rounds }),
      robin: () => (ev.spec.cycles > 1 ? t('tour.cycles', { n: ev.spec.cycles }) : t('tour.sys.robin')),
      knockout: () => t('tour.sys.knockout'),
      arena: () => t('tour.arenaMins', { n: ev.spec.minutes })
        + (ev.spec.team_top ? ` · ${t('tour.teamBattle', { n: ev.spec.team_top })}` : ''),
    }[system] || (() => system);
    const head = h('div.panel', {},
      h('h1', { text: ev.name }),
      h('p.muted', { 'data-testid': 'tournament-status', 'data-status': ev.status,
        text: `${t(`tour.s.${ev.status}`)} · ${formatDate(ev.starts_at)} · ${format()} · ${presetName(ev.spec.time_control, t)}${fee}` }),
      h('p.muted', { 'data-testid': 'tournament-rules', text: `${t('rules.label')}: ${rulesText(specRules(ev.spec), t)}` }),
      h('p.muted', { 'data-testid': 'tournament-rating', text: ratingScopeText(ev.spec.rating, t) }),
      clock ? h('p', {}, clock) : null,
      ev.status === 'cancelled' ? h('p.notice', { 'data-testid': 'tournament-cancelled', role: 'status',
        text: ev.spec.entry_fee > 0 ? t('tour.cancelledRefund', { n: ev.spec.entry_fee }) : t('tour.cancelledNote') }) : null,
      h('p.tour-files', {},
        h('a', { href: `/api/tournaments/${ev.id}/pgn?notation=chinese`, download: '', 'data-testid': 'tournament-pgn', text: t('tour.pgn') }),
        system === 'swiss' ? h('a', { href: `/api/tournaments/${ev.id}/trf`, download: '', 'data-testid': 'tournament-trf', text: ' · TRF' }) : null),
      canJoin ? h('button.primary', { type: 'button', 'data-testid': 'tournament-join', on: { click: () => act('join', ev) } }, joinText) : null,
      canWithdraw ? h('button', { type: 'button', 'data-testid': 'tournament-withdraw', on: { click: () => act('withdraw') } }, withdrawText) : null);
    const standings = h('table.games-table', { 'data-testid': 'standings' },
      h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('tour.player') }), h('th', { text: t('tour.points') }),
        ...ev.tiebreaks.map((tb) => h('th', { text: tbName(tb) })))),
      h('tbody', {}, ev.standings.map((r) => h(`tr${r.user === me ? '.me' : ''}`, { 'data-user': r.user },
        h('td', { text: String(r.rank) }), h('td', {}, playerLink(ev, r.user)),
        h('td.num', { text: String(r.points) }), ...r.tiebreaks.map((v) => h('td.num', { text: v }))))));
    const rounds = system === 'knockout' || arena ? [] : ev.rounds.slice().reverse().map((r) => h('section.panel', { 'data-testid': `round-${r.number}` },
      h('h3', { text: t('tour.round', { n: r.number }) }),
      h('table.games-table', {}, h('tbody', {}, r.boards.map((b) => h('tr', {},
        h('td', {}, playerLink(ev, b.red)),
        h('td', {}, b.black === null ? t('tour.bye') : playerLink(ev, b.black)),
        h('td', {}, b.table && !b.result ? h('a', { href: `#/table/${b.table}`, text: t('tour.go') }) : (b.result || ''))))))));
    const table = {
      robin: () => h('section.panel', {}, h('h2', { text: t('tour.crosstable') }), crosstable(ev, me)),
      knockout: () => h('section.panel', {}, h('h2', { text: t('tour.bracket') }), bracket(ev, me)),
      arena: () => h('div', {}, arenaTeams(ev),
        h('section.panel', {}, h('h2', { text: t('tour.standings') }), h('div.scroll-x', {}, arenaPlayers(ev, me)),
          h('h2', { text: t('tour.games') }), h('div.scroll-x', {}, arenaGames(ev)))),
    }[system];
    // replaceChildren would show a null as the text "null".
    box.replaceChildren(...[head, organiserPanel(ev, load), table ? table() : null,
      arena ? null : h('section.panel', {}, h('h2', { text: t('tour.standings') }), h('div.scroll-x', {}, standings)), ...rounds].filter(Boolean));
  }

  function openOwnGame(ev) {
    const me = app.user?.id;
    const board = ev.rounds.flatMap((r) => r.boards)
      .find((b) => b.table && !b.result && (b.red === me || b.black === me));
    const table = board ? board.table : null;
    const first = seenTable === undefined;
    const fresh = table !== null && table !== seenTable;
    seenTable = table;
    // Only a game that comes due while watching opens by itself.
    if (!first && fresh) app.go(`#/table/${table}`);
  }

  async function load() {
    try {
      const ev = await api.tournament(id);
      if (gone) return;
      draw(ev);
      openOwnGame(ev);
    } catch (e) {
      box.replaceChildren(h('p.error', { text: errorText(e) }));
    }
  }

  const off = app.socket.on(['t_state', 't_ev'], (msg) => {
    if (msg.tournament !== id) return;
    clearTimeout(timer);
    timer = setTimeout(load, RELOAD_MS);
  });
  load();
  app.socket?.watchTournament(id);
  return { unmount() { gone = true; off(); clearTimeout(timer); clearInterval(ticker); app.socket?.unwatchTournament(id); } };
}
