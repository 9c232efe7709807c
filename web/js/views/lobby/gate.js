// The room gate: a room's `min_coins` refuses a seat (`not_enough_coins`) to a user with fewer
// coins. The lobby marks such rooms; the table explains a refused seat.

import { t, has } from '../../i18n.js';
import { h } from '../../ui.js';
import { api } from '../../net/http.js';
import { formatCoins } from '../../economy.js';

/**
 * Whether `user` lacks the coins to sit in `room`: a guest or a visitor (null) has no coins, so
 * a room with an entry in coins is closed to them; an unknown balance is not judged.
 */
export function roomLocked(room, user) {
  if (!room?.min_coins) return false;
  if (!user || user.guest) return true;
  if (!Number.isFinite(user.coins)) return false;
  return user.coins < room.min_coins;
}

/** Why `room` is closed to `user`, in a few words for the hall. */
export function lockedNote(room, user) {
  return !user || user.guest ? t('gate.guestLobby', { n: room.min_coins }) : t('gate.lobby', { coins: user.coins });
}

/**
 * The notice shown when a table (`what` = 'room') or a seat (`what` = 'seat') was refused for
 * coins: the room, its minimum, the user's coins. The room is found by id or by one of its tables.
 */
export async function coinGate({ roomId = null, tableId = null, coins, what = 'seat' }) {
  let room = null;
  try {
    const { rooms } = await api.lobby();
    room = rooms.find((r) => r.id === roomId || r.tables.some((tb) => tb.id === tableId)) || null;
  } catch { /* the notice still says why */ }
  const name = room ? (has(`room.${room.id}`) ? t(`room.${room.id}`) : room.name) : '';
  return h('div.notice.gate', { 'data-testid': 'coin-gate', role: 'alert' },
    h('span.lock-icon.big'),
    h('div', {},
      h('b', { text: t(what === 'room' ? 'gate.titleRoom' : 'gate.title') }),
      h('div', {
        text: room
          ? t(what === 'room' ? 'gate.textRoom' : 'gate.text', { room: name, min: formatCoins(room.min_coins), coins: formatCoins(coins) })
          : t('gate.textShort', { coins: formatCoins(coins) }),
      }),
      h('div.muted', {}, t(what === 'room' ? 'gate.hintRoom' : 'gate.hint'), ' ', h('a', { href: '#/' }, t('nav.lobby')))));
}
