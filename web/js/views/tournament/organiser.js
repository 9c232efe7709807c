// The organiser's tools on an event page, shown only to whoever may run the event (`organiser`
// in GET /api/tournaments/{id}): start or cancel an upcoming event; on a Swiss, forbid a
// pairing, pair the next round by hand, record a foul (also a round robin) and correct a result
// of any round until the event finishes. Each is one POST; the page reloads on the t_ev.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, toast, errorText } from '../../ui.js';
import { playerName } from './names.js';

const RESULTS = ['1-0', '0-1', '1/2-1/2', '+-', '-+', '--'];

/** Reads "red black" lines: boards, the byes (a single id) and the active players not listed. */
export function parsePairing(text, active) {
  const pairs = [];
  const byes = [];
  for (const line of text.split('\n')) {
    const ids = line.split(/[\s,;-]+/).filter(Boolean).map(Number);
    if (ids.length === 2) pairs.push(ids);
    else if (ids.length === 1) byes.push(ids[0]);
  }
  const listed = new Set([...pairs.flat(), ...byes]);
  const absent = active.filter((u) => !listed.has(u));
  return { pairs, byes, absent };
}

/** The organiser's panel for event `ev` (null when the caller may not run it). */
export function organiserPanel(ev, reload) {
  if (!ev.organiser || !(ev.status === 'upcoming' || ev.status === 'running')) return null;
  const system = ev.spec.system || 'swiss';
  const active = ev.players.filter((p) => !p.withdrawn).map((p) => p.user);
  const send = async (action, body) => {
    try {
      await api.tournamentOrganise(ev.id, action, body);
      toast(t('org.saved'));
      reload();
    } catch (e) {
      toast(errorText(e));
    }
  };
  const playerSelect = (testid) => h(`select`, { 'data-testid': testid },
    active.map((u) => h('option', { value: String(u), text: playerName(ev, u) })));
  const parts = [h('h2', { text: t('org.title') })];
  if (ev.status === 'upcoming') {
    parts.push(h('p', {},
      h('button', { type: 'button', 'data-testid': 'org-start', on: { click: () => send('start', {}) } }, t('org.start')),
      h('button', { type: 'button', 'data-testid': 'org-cancel', on: { click: () => send('cancel', {}) } }, t('org.cancel'))));
  }
  if (system === 'swiss') {
    const a = playerSelect('org-forbid-a');
    const b = playerSelect('org-forbid-b');
    parts.push(h('h3', { text: t('org.forbid') }), h('p', {}, a, b,
      h('button', { type: 'button', 'data-testid': 'org-forbid', on: { click: () => send('forbid', { a: Number(a.value), b: Number(b.value) }) } }, t('org.forbidGo'))));
    const last = ev.rounds[ev.rounds.length - 1];
    const complete = !last || last.boards.every((bd) => bd.black === null || bd.result);
    if (complete && ev.rounds.length < ev.spec.rounds) {
      const area = h('textarea', { rows: '4', 'data-testid': 'org-pairs', placeholder: t('org.pairHint') });
      parts.push(h('h3', { text: t('org.pair', { n: ev.rounds.length + 1 }) }), h('p.muted', { text: t('org.pairHint') }), area,
        h('p', {}, h('button', { type: 'button', 'data-testid': 'org-pair', on: { click: () => send('pair', parsePairing(area.value, active)) } }, t('org.pairGo'))));
    }
    // Any round's decided boards, the latest round first: earlier rounds may be corrected too.
    const decided = ev.rounds.slice().reverse().flatMap((r) => r.boards.map((bd, i) => [r.number, bd, i])
      .filter(([, bd]) => bd.black !== null && bd.result));
    if (decided.length) {
      const board = h('select', { 'data-testid': 'org-correct-board', 'aria-label': t('org.correct') }, decided.map(([n, bd, i]) =>
        h('option', { value: `${n}:${i}`, text: `${t('org.round', { n })} ${t('org.board', { n: i + 1 })}: ${playerName(ev, bd.red)} – ${playerName(ev, bd.black)} ${bd.result}` })));
      const result = h('select', { 'data-testid': 'org-correct-result', 'aria-label': t('profile.result') }, RESULTS.map((r) => h('option', { value: r, text: r })));
      const pick = () => board.value.split(':').map(Number);
      parts.push(h('h3', { text: t('org.correct') }), h('p.muted', { text: t('org.correctHint') }), h('p', {}, board, result,
        h('button', { type: 'button', 'data-testid': 'org-correct', on: { click: () => send('correct', { round: pick()[0], board: pick()[1], result: result.value }) } }, t('org.correctGo'))));
    }
  }
  if (system === 'swiss' || system === 'robin') {
    const who = playerSelect('org-foul-user');
    parts.push(h('h3', { text: t('org.foul') }), h('p', {}, who,
      h('button', { type: 'button', 'data-testid': 'org-foul', on: { click: () => send('foul', { user: Number(who.value) }) } }, t('org.foulGo'))));
  }
  return h('section.panel.organiser', { 'data-testid': 'organiser' }, ...parts);
}
