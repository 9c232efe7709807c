// The head of the table's side panel: the table number (an event's game: its event and round,
// with a link back to the event), the status line (whose turn, check), the
// agreed time control and handicap, the rules the games are judged by, and, for spectators of a
// table with a spectator delay, how far behind the game they are kept.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { api } from '../../net/http.js';
import { eventOf } from '../../eventtable.js';
import { describeControl } from '../../clock.js';
import { isLive } from './controls.js';
import { handicapText } from '../../handicap.js';
import { rulesText } from '../../repetition.js';

/** The status line for a viewer in `seat`; `inCheck` tells whether the side to move is in check. */
export function statusText(st, seat, inCheck) {
  const g = st.game;
  const live = isLive(st);
  return t(`status.${st.summary.status}`)
    + (live ? ` · ${seat ? (seat === g.turn ? t('game.yourTurn') : t('game.theirTurn')) : t('game.toMove', { color: t(`color.${g.turn}`) })}` : '')
    + (live && inCheck ? ` · ${t('game.check')}` : '');
}

/**
 * The table's title: its number; "Computer game · level N" for a game against the computer; an
 * event's game by its event and round ("比赛 · 第 2 轮 · 第 1 台", `ev` from eventtable.js).
 */
export function tableTitle(st, tableId, ev = null) {
  const level = st.game?.ai_level;
  if (level) return `${t('ai.game')} · ${t('ai.levelN', { n: level })}`;
  if (ev?.kind === 'tournament') return [t('ev.tournament'), t('tour.round', { n: ev.round }), t('ev.board', { n: ev.board })].join(' · ');
  if (ev?.kind === 'league') return [t('ev.league'), t('ev.board', { n: ev.board })].join(' · ');
  if (ev?.kind === 'ladder') return t('ev.ladder');
  return `${t('lobby.table')} ${tableId}`;
}

/** The event's name as its page has it (once per table view), or '' when it cannot be read. */
async function eventName(ev) {
  try {
    if (ev.kind === 'tournament') return (await api.tournament(ev.event)).name;
    if (ev.kind === 'ladder') return (await api.ladder(ev.event)).name;
    if (ev.kind === 'league') return (await api.league(ev.event)).name;
  } catch { /* the link still leads there */ }
  return '';
}

/** "delayed N plies · S s" for a spectator on the delayed feed; empty for players and tables without delay. */
export function delayText(d) {
  if (!d?.delayed) return '';
  const parts = [];
  if (d.plies) parts.push(t('table.delayPlies', { n: d.plies }));
  if (d.secs) parts.push(t('table.delaySecs', { n: d.secs }));
  return parts.join(' · ');
}

/**
 * Why the next game will not be rated, said before it starts: both seated players are still
 * provisional (their placement games: the ourgame profile rates no game between two of them),
 * or one is a guest. '' when it will be, or while a game runs.
 */
export function unratedBefore(st) {
  if (isLive(st)) return '';
  const users = ['red', 'black'].map((c) => st.summary?.seats?.[c]?.user);
  if (users.some((u) => !u)) return '';
  if (users.some((u) => u.guest)) return `${t('unrated.next')}: ${t('unrated.guest')}`;
  if (users.every((u) => u.provisional)) return `${t('unrated.next')}: ${t('unrated.both_provisional')}`;
  return '';
}

/** createHeader(tableId) -> { nodes, update(st, seat, inCheck) } */
export function createHeader(tableId) {
  const title = h('h1.table-title', { 'data-testid': 'table-title' });
  const back = h('a.event-link', { 'data-testid': 'event-link', hidden: true });
  let named = null; // the event whose name was asked for
  const status = h('div.muted', { 'data-testid': 'status' });
  const controlText = h('div.muted', { 'data-testid': 'control-text' });
  const handicapLine = h('div.muted', { 'data-testid': 'handicap-text' });
  const rules = h('div.muted', { 'data-testid': 'table-rules' });
  const delay = h('div.muted', { 'data-testid': 'spectator-delay' });
  const unrated = h('div.notice', { 'data-testid': 'unrated-before', role: 'status', hidden: true });
  return {
    nodes: [title, back, status, controlText, handicapLine, rules, delay, unrated],
    update(st, seat, inCheck) {
      const ev = eventOf(tableId, st.room || st.summary?.room);
      title.textContent = tableTitle(st, tableId, ev);
      back.hidden = !ev;
      if (ev && named !== ev.href) {
        named = ev.href;
        back.href = ev.href;
        back.dataset.kind = ev.kind;
        back.textContent = t('ev.back');
        eventName(ev).then((name) => { if (name) back.textContent = `${t('ev.back')}: ${name}`; });
      }
      status.textContent = statusText(st, seat, inCheck);
      // A game with a control per colour (a knockout's sudden death) shows both.
      const black = isLive(st) ? st.game.black_control : null;
      controlText.textContent = black
        ? `${t('table.control')}: ${t('color.red')} ${describeControl(st.game.control, t)} · ${t('color.black')} ${describeControl(black, t)}`
        : `${t('table.control')}: ${describeControl(st.control, t)}`;
      // The game's own handicap while it runs, else the one agreed for the next games.
      const hc = (isLive(st) ? st.game.handicap : st.handicap) || null;
      handicapLine.hidden = !hc;
      handicapLine.dataset.kind = hc?.kind || '';
      handicapLine.textContent = hc
        ? `${t('hc.current', { what: handicapText(hc) })} · ${hc.offset == null ? t('hc.unrated') : t('hc.rated', { n: hc.offset })}`
        : '';
      rules.textContent = st.rules ? `${t('rules.label')}: ${rulesText(st.rules, t)}` : '';
      rules.dataset.profile = st.rules?.profile || '';
      rules.dataset.repetition = st.rules?.repetition || '';
      unrated.textContent = unratedBefore(st);
      unrated.hidden = !unrated.textContent;
      delay.textContent = delayText(st.spectator_delay);
      delay.hidden = !delay.textContent;
    },
  };
}
