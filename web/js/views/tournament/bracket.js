// A knockout's bracket (淘汰赛对阵图): one column per round (the final last, then the third-place
// match), each match with its two players (the higher seed first), every game's result with its
// stage (regular, rapid, blitz, sudden death where a draw wins for Black), and the winner marked
// as they advance. Built from the event's `bracket`, so it redraws with every reload.

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { playerName, playerLink } from './names.js';

/** The column title of bracket round `round` of `total` rounds. */
function roundName(round, total) {
  if (round === 0) return t('tour.third');
  if (round === total) return t('tour.final');
  if (round === total - 1) return t('tour.semi');
  return t('tour.round', { n: round });
}

function player(ev, user, m, me) {
  if (user === null) return h('div.ko-player.ko-bye', { text: t('tour.bye') });
  const cls = `div.ko-player${m.winner === user ? '.ko-winner' : ''}${user === me ? '.me' : ''}`;
  return h(cls, { 'data-user': user }, playerLink(ev, user));
}

function game(ev, g) {
  const live = g.result === null;
  return h(`li.ko-game${g.draw_odds_black ? '.ko-armageddon' : ''}`, { 'data-stage': g.stage },
    h('span.muted', { text: `${t(`tour.stage.${g.stage}`)} ` }),
    h('span', { text: `${playerName(ev, g.red)} – ${playerName(ev, g.black)} ` }),
    live ? h('a', { href: `#/table/${g.table}`, text: t('tour.go') }) : h('b', { text: g.result }));
}

/** The bracket element of a knockout event `ev`; `me` is highlighted. */
export function bracket(ev, me) {
  const rounds = ev.bracket || [];
  const total = rounds.filter((r) => r.round > 0).length;
  const totalRounds = Math.max(total, Math.ceil(Math.log2(Math.max(ev.players.length, 2))));
  return h('div.scroll-x', {}, h('div.bracket', { 'data-testid': 'bracket' }, rounds.map((r) =>
    h('section.ko-round', { 'data-round': r.round },
      h('h3', { text: roundName(r.round, totalRounds) }),
      r.matches.map((m) => h(`div.ko-match${m.winner !== null ? '.ko-decided' : ''}`, { 'data-testid': 'ko-match' },
        player(ev, m.high, m, me), player(ev, m.low, m, me),
        m.games.length ? h('ul.ko-games', {}, m.games.map((g) => game(ev, g))) : null))))));
}
