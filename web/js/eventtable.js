// Which event a table plays for, from its room and id (the servers' numbering, pure):
//   a tournament's board  room "t{event}", id 2·10⁹ + event·10⁶ + round·10³ + board (from 0)
//   a ladder challenge    room "ladder",  id 9·10¹² + ladder·10⁹ + challenge
//   a league match board  room "league",  id 10·10¹² + league·10⁹ + 16·match + board (from 0)
// (crates/events: tournament/view.rs, ladder/table_ids.rs, league/table_ids.rs). An event's
// table shows its event and round and links back to it, and offers no undo, abort, wager,
// rematch or handicap (controls.js, table.js).

const TOURNAMENT = 2_000_000_000;
const LADDER = 9_000_000_000_000;
const LEAGUE = 10_000_000_000_000;
const PER_EVENT = 1_000_000_000;

/**
 * The event of table `id` in room `room`: { kind: 'tournament', event, round, board, href } |
 * { kind: 'ladder', event, href } | { kind: 'league', event, match, board, href } | null.
 */
export function eventOf(id, room) {
  const n = Number(id);
  const t = /^t(\d+)$/.exec(room || '');
  if (t && n >= TOURNAMENT) {
    const rest = n - TOURNAMENT;
    const event = Number(t[1]);
    return {
      kind: 'tournament', event, round: Math.floor((rest % 1_000_000) / 1_000), board: (rest % 1_000) + 1,
      href: `#/tournament/${event}`,
    };
  }
  if (room === 'ladder' && n >= LADDER && n < LEAGUE) {
    const event = Math.floor((n - LADDER) / PER_EVENT);
    return { kind: 'ladder', event, href: `#/ladder/${event}` };
  }
  if (room === 'league' && n >= LEAGUE) {
    const rest = n - LEAGUE;
    const event = Math.floor(rest / PER_EVENT);
    const within = rest % PER_EVENT;
    const match = Math.floor(within / 16);
    return { kind: 'league', event, match, board: (within % 16) + 1, href: `#/league/${event}/match/${match}` };
  }
  return null;
}
