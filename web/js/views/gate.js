// The room gate: a room's `min_coins` refuses a seat (`not_enough_coins`) to a user with fewer
// coins. The lobby marks such rooms; the table explains a refused seat.

import { t, has } from '../i18n.js';
import { h } from '../ui.js';
import { api } from '../net/http.js';
import { formatCoins } from '../economy.js';

/** Whether `user` lacks the coins to sit in `room` (guests and unknown balances are not judged). */
export function roomLocked(room, user) {
  if (!room?.min_coins || !user || user.guest || !Number.isFinite(user.coins)) return false;
  return user.coins < room.min_coins;
}

/** The notice shown when a seat was refused for coins: the room, its minimum, the user's coins. */
export async function coinGate(roomId, coins) {
  let room = null;
  try {
    const { rooms } = await api.lobby();
    room = rooms.find((r) => r.id === roomId) || null;
  } catch { /* the notice still says why */ }
  const name = room ? (has(`room.${room.id}`) ? t(`room.${room.id}`) : room.name) : '';
  return h('div.notice.gate', { 'data-testid': 'coin-gate', role: 'alert' },
    h('span.lock-icon.big'),
    h('div', {},
      h('b', { text: t('gate.title') }),
      h('div', {
        text: room
          ? t('gate.text', { room: name, min: formatCoins(room.min_coins), coins: formatCoins(coins) })
          : t('gate.textShort', { coins: formatCoins(coins) }),
      }),
      h('div.muted', {}, t('gate.hint'), ' ', h('a', { href: '#/' }, t('nav.lobby')))));
}
