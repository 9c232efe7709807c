// Words and links of `league_notice` messages (docs/leagues.md), registered with the notices
// inbox so the toast and #/notices show them like the ladder's.

import { t, formatDate } from '../../i18n.js';
import { registerNotice } from '../account/notices.js';

/** A league notice in words. */
export function leagueNoticeText(msg) {
  const n = msg?.notice || {};
  switch (n.kind) {
    case 'proposed': return t('lgn.proposed', { m: n.m, at: formatDate(n.at) });
    case 'agreed': return t('lgn.agreed', { m: n.m, at: formatDate(n.at) });
    case 'began': return t('lgn.began', { m: n.m, board: n.board });
    case 'forfeited': return t('lgn.forfeited', { m: n.m, board: n.board });
    case 'ended': {
      const s = n.score || {};
      return t('lgn.ended', { m: n.m, home: s.home_games ?? 0, away: s.away_games ?? 0 });
    }
    default: return t('notices.other', { what: 'league_notice' });
  }
}

/** Where a league notice leads: one's board's table, else the match page. */
export function leagueNoticeLink(msg) {
  const n = msg?.notice || {};
  if (n.kind === 'began' && n.table) return `#/table/${n.table}`;
  return msg?.league ? `#/league/${msg.league}/match/${n.m}` : '#/leagues';
}

registerNotice('league_notice', leagueNoticeText, leagueNoticeLink);
