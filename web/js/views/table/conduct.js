// A lowered behaviour score (品行) in words (#36, item 4): the reason, the score now and the ban
// it brought. `conductText` words a `conduct_notice` (the toast and #/notices), `conductLine` is
// its line in the game-over box.

import { t, formatDate } from '../../i18n.js';
import { h } from '../../ui.js';

/** The text of a `conduct_notice` message. */
export function conductText(msg) {
  const why = t(`conduct.${msg.conduct}`, { score: msg.score });
  return msg.ban_until ? `${why} ${t('conduct.ban', { until: formatDate(msg.ban_until) })}` : why;
}

/** The notice as a line of the game-over box. */
export function conductLine(msg) {
  return h('div.conduct-told', { 'data-testid': 'game-over-conduct', 'data-conduct': msg.conduct }, conductText(msg));
}
