// What the hall shows, decided without the DOM: room figures, the order of a room's tables (a
// player waiting for an opponent first, then empty tables, games to watch, finished ones) and the
// filters (free seats, live games, time control). Pure; tested in e2e/unit/.

/** How many seats of table summary `tb` are taken. */
export function seated(tb) {
  return ['red', 'black'].filter((c) => tb.seats?.[c]).length;
}

/** A table's place in the list: lower first. */
function rank(tb) {
  if (tb.status === 'playing') return 2;
  if (tb.status === 'finished' && seated(tb) === 2) return 3;
  const n = seated(tb);
  return n === 1 ? 0 : n === 0 ? 1 : 3;
}

/** A room's figures: tables, games in progress, people at its tables (seated and watching). */
export function roomStats(room) {
  let games = 0;
  let people = 0;
  let free = 0;
  for (const tb of room.tables || []) {
    if (tb.status === 'playing') games += 1;
    else if (seated(tb) < 2) free += 1;
    people += seated(tb) + (tb.spectators || 0);
  }
  return { tables: (room.tables || []).length, games, people, free };
}

/** A stable key for a time control (the filter's values). */
export function controlKey(tc) {
  return JSON.stringify(tc ?? null);
}

/**
 * The tables of `room` to show for `filter` ({ show: 'all' | 'free' | 'live', control: key or '' }),
 * in the hall's order: waiting for an opponent, empty, playing, finished; by id within each.
 */
export function visibleTables(room, filter = {}) {
  const show = filter.show || 'all';
  return (room.tables || [])
    .filter((tb) => {
      if (show === 'free' && (tb.status === 'playing' || seated(tb) === 2)) return false;
      if (show === 'live' && tb.status !== 'playing') return false;
      if (filter.control && controlKey(tb.control) !== filter.control) return false;
      return true;
    })
    .sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** The distinct time controls of a room's tables, in the order first seen. */
export function roomControls(room) {
  const seen = new Map();
  for (const tb of room.tables || []) {
    const k = controlKey(tb.control);
    if (!seen.has(k)) seen.set(k, tb.control);
  }
  return [...seen].map(([key, control]) => ({ key, control }));
}

/** Puts a changed table summary into the rooms (by its `room`); returns whether it was placed. */
export function applyTable(rooms, tb) {
  const room = rooms.find((r) => r.id === tb.room);
  if (!room) return false;
  const i = room.tables.findIndex((x) => x.id === tb.id);
  if (i >= 0) room.tables[i] = tb; else room.tables.push(tb);
  return true;
}

/** Puts a room's new seek list (`lobby_seeks`) into the rooms, unless an older list; returns whether it was placed. */
export function applySeeks(rooms, msg) {
  const room = rooms.find((r) => r.id === msg.room);
  if (!room || (room.seeksV || 0) > msg.v) return false;
  room.seeks = msg.seeks;
  room.seeksV = msg.v;
  return true;
}
