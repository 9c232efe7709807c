// The two player bars beside the board (name, colour, ready/away/computer badges, clock) and the
// spectator list. The bar at the bottom shows the colour the board has at its bottom.

import { t } from '../../i18n.js';
import { h, userLine } from '../../ui.js';
import { otherColor } from '../../board/geometry.js';
import { clockView, formatMs, LOW_TIME_MS } from '../../clock.js';
import { firstMoveLeft } from '../../tablestate.js';
import { isLive } from './controls.js';

/** The badge texts of `color`'s bar, for a viewer in `seat`. */
export function badgesFor(st, color, seat) {
  const seatInfo = st.summary.seats[color];
  const g = st.game || null;
  const user = g ? g[color] : seatInfo?.user;
  const badges = [];
  if (seatInfo?.ready && !isLive(st)) badges.push(`✓ ${t('table.isReady')}`);
  if (seatInfo?.away) badges.push(`⚠ ${t('table.away')}`);
  if (Number.isFinite(seatInfo?.behaviour)) badges.push(t('table.behaviour', { n: seatInfo.behaviour }));
  return badges;
}

/** `color`'s own time control: the game's (Black's own where each colour has one), else the table's. */
export function controlOf(st, color) {
  const g = st.game;
  if (color === 'black' && g?.black_control) return g.black_control;
  return g?.control || st.control;
}

/** What a clock shows: the main line and the smaller ones, or null when there is nothing to show. */
function clockLines(st, color, now) {
  const g = st.game;
  const control = controlOf(st, color);
  const v = clockView(g.clock, color, now - (g.clockAt || 0), control);
  if (!v) return null;
  const subs = [];
  let main;
  if (v.untimed) {
    main = t('clock.untimed');
  } else if (v.inByoyomi) {
    main = formatMs(v.period);
    subs.push(`${t('clock.byoyomi')}${v.periodsLeft > 1 ? ` ×${v.periodsLeft}` : ''}`);
  } else {
    main = v.game !== null ? formatMs(v.game) : formatMs(v.move);
    if (v.move !== null && v.game !== null) subs.push(`${t('clock.perMove')} ${formatMs(v.move)}`);
    if (control?.byoyomi) subs.push(`${t('clock.byoyomi')} ${formatMs(control.byoyomi.period, false)}${v.periodsLeft > 1 ? ` ×${v.periodsLeft}` : ''}`);
    if (v.movesToStageEnd) subs.push(t('clock.stageMoves', { n: v.movesToStageEnd }));
  }
  return { v, main, subs };
}

/**
 * The first-move countdown under the clock of the side that owes its first move (the game is
 * cancelled when it runs out): a warning colour for its last 10 seconds.
 */
function firstMoveLine(st, color) {
  const g = st.game;
  if (g?.first_move?.color !== color) return [];
  const left = firstMoveLeft(g, performance.now());
  if (left === null) return [];
  const low = left < LOW_TIME_MS;
  return [h(`div.first-move${low ? '.low' : ''}`, { 'data-testid': `first-move-${color}`, text: t('clock.firstMove', { s: formatMs(left, false) }) })];
}

/** createPlayers() -> { top, bottom, spectators, update(st, seat, bottomColor), tick(st) } */
export function createPlayers() {
  const top = h('div.player-bar', { 'data-testid': 'bar-top' });
  const bottom = h('div.player-bar', { 'data-testid': 'bar-bottom' });
  const list = h('div.spectators', { 'data-testid': 'spectators' });

  function drawBar(bar, st, color, seat) {
    const g = st.game || null;
    const user = g ? g[color] : st.summary.seats[color]?.user;
    bar.dataset.color = color;
    bar.classList.toggle('on-move', !!g && !g.end && g.turn === color);
    bar.replaceChildren(
      h(`span.dot.${color}`),
      h('div.info', {}, user ? userLine(user) : h('span.muted', { text: t('lobby.empty') }),
        h('span.badges', { 'data-testid': `badges-${color}` }, `${t(`color.${color}`)} ${badgesFor(st, color, seat).join(' · ')}`)),
      h('div.clock', { 'data-testid': `clock-${color}` }));
  }

  /** Redraws both clocks from the last clock snapshot (called by the ticker). */
  function tick(st) {
    for (const bar of [top, bottom]) {
      const node = bar.querySelector('.clock');
      if (!node) continue;
      if (!st.game?.clock) { node.replaceChildren(); continue; }
      const lines = clockLines(st, bar.dataset.color, performance.now());
      if (!lines) continue;
      const { v, main, subs } = lines;
      node.className = `clock${v.running ? ' running' : ''}${v.low && v.running ? ' low' : ''}`;
      node.replaceChildren(h('div.main', { text: main }), ...(subs.length ? [h('div.sub', { text: subs.join(' · ') })] : []),
        ...firstMoveLine(st, bar.dataset.color));
    }
  }

  return {
    top,
    bottom,
    spectators: h('div.panel', {}, h('b', { 'data-i18n': 'table.spectators', text: t('table.spectators') }), list),
    update(st, seat, bottomColor) {
      drawBar(top, st, otherColor(bottomColor), seat);
      drawBar(bottom, st, bottomColor, seat);
      list.replaceChildren(h('span.muted', { text: `(${st.summary.spectators}) ` }),
        ...st.spectators.map((u, i) => h('span', { 'data-user': u.id }, `${i ? ', ' : ''}${u.name}`)));
    },
    tick,
  };
}
