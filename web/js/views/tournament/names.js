// Players of an event by name: `GET /api/tournaments/{id}` sends `names` (id -> name), as the
// ladder's view does, so no table, bracket or pairing labels a player "#12".

import { t } from '../../i18n.js';
import { h } from '../../ui.js';

/** The name of player `user` of event `ev` ("player 12" only if the server sent none). */
export function playerName(ev, user) {
  return ev?.names?.[user] ?? t('tour.playerN', { n: user });
}

/** Player `user` of event `ev` as a link to their profile. */
export function playerLink(ev, user) {
  return h('a', { href: `#/user/${user}`, 'data-user': user, text: playerName(ev, user) });
}
