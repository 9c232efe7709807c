// The hall's pure model (web/js/lobbymodel.js): order, filters, room figures, live changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  roomStats, visibleTables, roomControls, applyTable, applySeeks, controlKey,
} from '../../web/js/lobbymodel.js';

const user = (id) => ({ user: { id, name: `u${id}` }, ready: false, away: false });
const blitz = { stages: [{ time: 300_000, moves: 0 }], per_move: null, byoyomi: null, increment: 3000 };
const ourgame = { stages: [{ time: 1_200_000, moves: 30 }, { time: 300_000, moves: 10 }], per_move: null, byoyomi: null, increment: 0 };
const table = (id, status, seats, more = {}) => ({
  id, room: 'r', status, spectators: 0, control: ourgame,
  seats: { red: seats.includes('red') ? user(id * 10) : null, black: seats.includes('black') ? user(id * 10 + 1) : null },
  ...more,
});

const room = () => ({
  id: 'r',
  tables: [
    table(1, 'waiting', []),
    table(2, 'playing', ['red', 'black'], { spectators: 3 }),
    table(3, 'waiting', ['black'], { control: blitz }),
    table(4, 'finished', ['red', 'black']),
    table(5, 'finished', ['red']),
    table(6, 'waiting', ['red', 'black']),
  ],
});

test('a player waiting for an opponent comes first, then empty tables, games, full ones', () => {
  assert.deepEqual(visibleTables(room()).map((x) => x.id), [3, 5, 1, 2, 4, 6]);
});

test('filters: free seats, live games, time control', () => {
  assert.deepEqual(visibleTables(room(), { show: 'free' }).map((x) => x.id), [3, 5, 1]);
  assert.deepEqual(visibleTables(room(), { show: 'live' }).map((x) => x.id), [2]);
  assert.deepEqual(visibleTables(room(), { control: controlKey(blitz) }).map((x) => x.id), [3]);
  assert.deepEqual(roomControls(room()).map((c) => c.control), [ourgame, blitz]);
});

test('room figures count games, people at the tables and free tables', () => {
  assert.deepEqual(roomStats(room()), { tables: 6, games: 1, people: 2 + 3 + 1 + 2 + 1 + 2, free: 3 });
  assert.deepEqual(roomStats({ id: 'x', tables: [] }), { tables: 0, games: 0, people: 0, free: 0 });
});

test('a changed table replaces its row; a new one is added; another room is left alone', () => {
  const rooms = [room()];
  assert.equal(applyTable(rooms, table(1, 'playing', ['red', 'black'])), true);
  assert.equal(rooms[0].tables.find((x) => x.id === 1).status, 'playing');
  assert.equal(applyTable(rooms, table(7, 'waiting', [])), true);
  assert.equal(rooms[0].tables.length, 7);
  assert.equal(applyTable(rooms, { ...table(8, 'waiting', []), room: 'elsewhere' }), false);
});

test('a room seek list is replaced by newer lists only', () => {
  const rooms = [{ id: 'r', tables: [], seeks: [] }];
  assert.equal(applySeeks(rooms, { room: 'r', v: 2, seeks: [{ id: 7 }] }), true);
  assert.deepEqual(rooms[0].seeks, [{ id: 7 }]);
  assert.equal(applySeeks(rooms, { room: 'r', v: 1, seeks: [] }), false);
  assert.deepEqual(rooms[0].seeks, [{ id: 7 }]);
  assert.equal(applySeeks(rooms, { room: 'nowhere', v: 3, seeks: [] }), false);
});
