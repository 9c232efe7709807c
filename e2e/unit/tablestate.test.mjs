// Unit tests of the client's table reducer (web/js/tablestate.js): initTable on a `table_state`,
// then applyEvent for every event type of docs/protocol.md §4 (seats, offers, the game, its
// clocks, chat, wagers and the betting pool), the resync of §5, and the helpers beside them.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { initTable, applyEvent, seatOf, destsFrom, firstMoveLeft } from '../../web/js/tablestate.js';
import { START_FEN, parseMove, parseSquare } from '../../web/js/board/geometry.js';

// --- fixtures: the shapes of docs/protocol.md ("Shared objects", TableState, GameState) ---

const user = (id, name) => ({
  id, name, guest: false, coins: 200, rating: 1400, games: 0, provisional: true, title: { zh: '', en: '' },
});
const ALICE = user(1, 'alice');
const BOB = user(2, 'bob');
const CAROL = user(3, 'carol');
const DAVE = user(4, 'dave');
const CONTROL = { stages: [{ time: 600_000, moves: null }], per_move: null, byoyomi: null, increment: 0 };
const AFTER_H2E2 = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1';
const AFTER_H9G7 = 'r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2';

/** A Clock: `running` side (or null), ms left per side. */
const clock = (running, red = 600_000, black = 600_000, extra = {}) => ({
  running, turn: running || 'red', paused: false,
  red: { game_time: red, flagged: false }, black: { game_time: black, flagged: false }, ...extra,
});

/** A GameState at the start position, Red to move. */
const gameState = (over = {}) => ({
  game_id: 12, number: 1, red: ALICE, black: BOB, start_fen: START_FEN, handicap: null, fen: START_FEN,
  moves: [], turn: 'red', ply: 0, clock: clock('red'), control: CONTROL, black_control: null,
  legal: ['h2e2', 'b2e2'], warnings: [], draw_offer: null, undo_request: null, end: null, ai_level: null,
  rated: true, first_move: null, ...over,
});

const seat = (u, over = {}) => ({ user: u, ready: false, away: false, ...over });

/** A TableState as `table_state` brings it: a waiting table with Carol watching, unless overridden. */
const tableState = (over = {}) => ({
  id: 3, room: 'beginner', control: CONTROL, proposal: null, spectators: [CAROL], game: null,
  first_move_secs: null, rules: { profile: 'axf', move_limit: 60, repetition: 'warn' }, spectator_delay: null,
  summary: {
    id: 3, room: 'beginner', status: 'waiting', seats: { red: null, black: null }, spectators: 1,
    control: CONTROL, game_id: null, handicap: null,
  },
  ...over,
});

/** A table with both players seated and a game in progress (received at `now`). */
function playing(gameOver = {}, now = 0) {
  const st = tableState({ game: gameState(gameOver) });
  st.summary.status = 'playing';
  st.summary.game_id = 12;
  st.summary.seats = { red: seat(ALICE), black: seat(BOB) };
  return initTable(st, now);
}

/** A table with both players seated, between games. */
function seated() {
  const st = tableState();
  st.summary.seats = { red: seat(ALICE, { ready: true }), black: seat(BOB, { ready: true }) };
  return initTable(st, 0);
}

const moved = (color, mv, ply, over = {}) => ({
  type: 'moved', color, mv, ply, clock: clock(color === 'red' ? 'black' : 'red'), fen: 'x', legal: [], warnings: [],
  first_move: null, ...over,
});

// --- table_state ---

describe('initTable (a table_state)', () => {
  test('adds the client-side fields and stamps the game clock with the receive time', () => {
    const raw = tableState({ game: gameState() });
    const st = initTable(raw, 1_234);
    assert.equal(st, raw, 'normalises in place and returns the same object');
    assert.deepEqual(st.chat, []);
    assert.equal(st.wager, null);
    assert.equal(st.pool, null);
    assert.equal(st.handicap, null);
    assert.equal(st.handicap_proposal, null);
    assert.equal(st.settlement, null);
    assert.equal(st.poolResult, null);
    assert.equal(st.game.clockAt, 1_234);
  });

  test('keeps what the server sent', () => {
    const chat = [{ name: 'alice', text: 'hi', user_id: 1 }];
    const wager = { id: 5, status: 'negotiating' };
    const pool = { game_id: 12, open: true };
    const handicap = { giver: 'red', kind: 'horse' };
    const proposal = { by: 'black', handicap };
    const st = initTable(tableState({ chat, wager, pool, handicap, handicap_proposal: proposal }), 0);
    assert.equal(st.chat, chat);
    assert.equal(st.wager, wager);
    assert.equal(st.pool, pool);
    assert.equal(st.handicap, handicap);
    assert.equal(st.handicap_proposal, proposal);
  });

  test('a table without a game stays without one', () => {
    const st = initTable(tableState(), 5);
    assert.equal(st.game, null);
  });

  test('a fresh table_state replaces what a stale one built (resync after a restart)', () => {
    const st = playing({}, 0);
    applyEvent(st, { type: 'chat', user_id: 1, name: 'alice', text: 'old' }, 1);
    applyEvent(st, { type: 'wager_settled', wager_id: 1, game_id: 12, outcome: 'won', statements: {} }, 1);
    const fresh = initTable(tableState({ game: gameState({ moves: ['h2e2'], ply: 1, fen: AFTER_H2E2, turn: 'black' }) }), 9);
    assert.deepEqual(fresh.chat, []);
    assert.equal(fresh.settlement, null, 'the settlement seen live is not part of a snapshot');
    assert.deepEqual(fresh.game.moves, ['h2e2']);
    assert.equal(fresh.game.clockAt, 9);
  });
});

// --- people at the table ---

describe('joined / left / sat / stood', () => {
  test('joined: a newcomer is listed and counted once', () => {
    const st = initTable(tableState(), 0);
    applyEvent(st, { type: 'joined', user: DAVE }, 0);
    assert.deepEqual(st.spectators.map((u) => u.id), [3, 4]);
    assert.equal(st.summary.spectators, 2);
    applyEvent(st, { type: 'joined', user: DAVE }, 0);
    assert.equal(st.spectators.length, 2, 'joining again (a second tab) is not a second spectator');
    assert.equal(st.summary.spectators, 2);
  });

  test('joined: a seated player coming back is not a spectator', () => {
    const st = seated();
    applyEvent(st, { type: 'joined', user: ALICE }, 0);
    assert.deepEqual(st.spectators.map((u) => u.id), [3]);
    assert.equal(st.summary.spectators, 1);
  });

  test('left: the spectator goes and the count follows, never below zero', () => {
    const st = initTable(tableState(), 0);
    applyEvent(st, { type: 'left', user: DAVE }, 0);
    assert.equal(st.summary.spectators, 1, 'one who was not listed changes nothing');
    applyEvent(st, { type: 'left', user: CAROL }, 0);
    assert.deepEqual(st.spectators, []);
    assert.equal(st.summary.spectators, 0);
    st.spectators.push(DAVE); // listed but not counted (the list is capped, the count is not)
    applyEvent(st, { type: 'left', user: DAVE }, 0);
    assert.equal(st.summary.spectators, 0);
  });

  test('sat: a spectator takes a seat, not ready, not away', () => {
    const st = initTable(tableState(), 0);
    applyEvent(st, { type: 'sat', user: CAROL, color: 'black' }, 0);
    assert.deepEqual(st.summary.seats.black, { user: CAROL, ready: false, away: false });
    assert.equal(st.summary.seats.red, null);
    assert.deepEqual(st.spectators, []);
    assert.equal(st.summary.spectators, 0);
  });

  test('stood: the seat empties and its player watches', () => {
    const st = seated();
    applyEvent(st, { type: 'stood', user_id: 2, color: 'black' }, 0);
    assert.equal(st.summary.seats.black, null);
    assert.deepEqual(st.spectators.map((u) => u.id), [3, 2]);
    assert.equal(st.summary.spectators, 2);
    assert.equal(st.summary.seats.red.user, ALICE, 'the other seat is untouched');
  });

  test('stood: not listed twice, and an empty seat changes nothing', () => {
    const st = seated();
    st.spectators.push(BOB);
    applyEvent(st, { type: 'stood', user_id: 2, color: 'black' }, 0);
    assert.deepEqual(st.spectators.map((u) => u.id), [3, 2]);
    assert.equal(st.summary.spectators, 1);
    applyEvent(st, { type: 'stood', user_id: 2, color: 'black' }, 0);
    assert.equal(st.summary.seats.black, null);
    assert.equal(st.spectators.length, 2);
  });

  test('ready: the seat says so; an empty seat is ignored', () => {
    const st = initTable(tableState(), 0);
    applyEvent(st, { type: 'sat', user: ALICE, color: 'red' }, 0);
    applyEvent(st, { type: 'ready', color: 'red', ready: true }, 0);
    assert.equal(st.summary.seats.red.ready, true);
    applyEvent(st, { type: 'ready', color: 'red', ready: false }, 0);
    assert.equal(st.summary.seats.red.ready, false);
    applyEvent(st, { type: 'ready', color: 'black', ready: true }, 0);
    assert.equal(st.summary.seats.black, null);
  });

  test('disconnected / reconnected: the seat is away with its deadline, then back', () => {
    const st = playing();
    applyEvent(st, { type: 'disconnected', color: 'black', deadline: 1_700_000_060_000 }, 0);
    assert.equal(st.summary.seats.black.away, true);
    assert.equal(st.summary.seats.black.deadline, 1_700_000_060_000);
    assert.equal(st.summary.seats.red.away, false);
    applyEvent(st, { type: 'reconnected', color: 'black' }, 0);
    assert.equal(st.summary.seats.black.away, false);
    const empty = initTable(tableState(), 0);
    applyEvent(empty, { type: 'disconnected', color: 'red', deadline: 1 }, 0);
    applyEvent(empty, { type: 'reconnected', color: 'red' }, 0);
    assert.equal(empty.summary.seats.red, null, 'an empty seat stays empty');
  });
});

// --- agreeing the next game: time control and handicap ---

describe('control_* and handicap_*', () => {
  const BLITZ = { stages: [{ time: 300_000, moves: null }], per_move: null, byoyomi: null, increment: 3_000 };
  const HORSE = { giver: 'red', kind: 'horse', fen: 'r…' };

  test('control_proposed: the proposal shows and both players must be ready again', () => {
    const st = seated();
    applyEvent(st, { type: 'control_proposed', by: 'red', control: BLITZ }, 0);
    assert.deepEqual(st.proposal, { by: 'red', control: BLITZ });
    assert.equal(st.summary.seats.red.ready, false);
    assert.equal(st.summary.seats.black.ready, false);
  });

  test('control_declined: the proposal goes, the control stays', () => {
    const st = seated();
    applyEvent(st, { type: 'control_proposed', by: 'red', control: BLITZ }, 0);
    applyEvent(st, { type: 'control_declined', by: 'black' }, 0);
    assert.equal(st.proposal, null);
    assert.equal(st.control, CONTROL);
  });

  test('control_set: the table and the lobby row get the control', () => {
    const st = seated();
    applyEvent(st, { type: 'control_proposed', by: 'red', control: BLITZ }, 0);
    applyEvent(st, { type: 'control_set', control: BLITZ }, 0);
    assert.equal(st.control, BLITZ);
    assert.equal(st.summary.control, BLITZ);
    assert.equal(st.proposal, null);
  });

  test('control_proposed at a half-empty table resets only the seat there is', () => {
    const st = initTable(tableState(), 0);
    applyEvent(st, { type: 'sat', user: ALICE, color: 'red' }, 0);
    applyEvent(st, { type: 'ready', color: 'red', ready: true }, 0);
    applyEvent(st, { type: 'control_proposed', by: 'red', control: BLITZ }, 0);
    assert.equal(st.summary.seats.red.ready, false);
    assert.equal(st.summary.seats.black, null);
  });

  test('handicap_proposed: the proposal shows and both players must be ready again', () => {
    const st = seated();
    applyEvent(st, { type: 'handicap_proposed', by: 'black', handicap: HORSE }, 0);
    assert.deepEqual(st.handicap_proposal, { by: 'black', handicap: HORSE });
    assert.equal(st.summary.seats.red.ready, false);
    assert.equal(st.summary.seats.black.ready, false);
  });

  test('handicap_declined: the proposal goes', () => {
    const st = seated();
    applyEvent(st, { type: 'handicap_proposed', by: 'black', handicap: HORSE }, 0);
    applyEvent(st, { type: 'handicap_declined', by: 'red' }, 0);
    assert.equal(st.handicap_proposal, null);
    assert.equal(st.handicap, null);
  });

  test('handicap_set: agreed (the lobby row gets giver and kind only), then dropped', () => {
    const st = seated();
    applyEvent(st, { type: 'handicap_proposed', by: 'black', handicap: HORSE }, 0);
    applyEvent(st, { type: 'handicap_set', handicap: HORSE }, 0);
    assert.equal(st.handicap, HORSE);
    assert.equal(st.handicap_proposal, null);
    assert.deepEqual(st.summary.handicap, { giver: 'red', kind: 'horse' });
    applyEvent(st, { type: 'handicap_set', handicap: null }, 0);
    assert.equal(st.handicap, null);
    assert.equal(st.summary.handicap, null);
    applyEvent(st, { type: 'handicap_set' }, 0);
    assert.equal(st.handicap, null, 'a missing handicap reads as none');
  });
});

// --- the game ---

describe('game_started', () => {
  test('the game arrives with its clock stamped; the table plays; seats unready', () => {
    const st = seated();
    const game = gameState();
    applyEvent(st, { type: 'game_started', game }, 77);
    assert.deepEqual(st.game, { ...game, clockAt: 77 });
    assert.notEqual(st.game, game, 'a copy, not the event');
    assert.equal(st.summary.status, 'playing');
    assert.equal(st.summary.game_id, 12);
    assert.equal(st.summary.seats.red.ready, false);
    assert.equal(st.summary.seats.black.ready, false);
  });

  test("last game's settlement, pool result and pool are cleared; this game's pool stays", () => {
    const st = seated();
    st.settlement = { wager_id: 1, game_id: 11 };
    st.poolResult = { game_id: 11 };
    st.pool = { game_id: 11, open: false };
    applyEvent(st, { type: 'game_started', game: gameState() }, 0);
    assert.equal(st.settlement, null);
    assert.equal(st.poolResult, null);
    assert.equal(st.pool, null, "the last game's pool goes");
    const st2 = seated();
    const pool = { game_id: 12, open: true, total: 0 };
    applyEvent(st2, { type: 'pool', pool }, 0); // the pool event may come first
    applyEvent(st2, { type: 'game_started', game: gameState() }, 0);
    assert.equal(st2.pool, pool);
  });

  test('a rematch replaces the finished game', () => {
    const st = playing();
    applyEvent(st, { type: 'game_ended', game_id: 12, end: { kind: 'finished', result: '0-1', reason: 'resignation', plies: 0 }, clock: clock(null) }, 1);
    applyEvent(st, { type: 'game_started', game: gameState({ game_id: 13, number: 2, red: BOB, black: ALICE }) }, 2);
    assert.equal(st.game.game_id, 13);
    assert.equal(st.game.end, null);
    assert.equal(st.summary.status, 'playing');
    assert.equal(st.summary.game_id, 13);
  });
});

describe('moved', () => {
  test('the move, the new position and its legal moves, the other side to move, the clock', () => {
    const st = playing({ first_move: { color: 'red', left: 30_000 } }, 0);
    const c = clock('black', 598_000, 600_000);
    const warnings = [{ kind: 'last', mv: 'h7h0', loses_next: false }];
    const first = { color: 'black', left: 30_000 };
    applyEvent(st, moved('red', 'h2e2', 1, { clock: c, fen: AFTER_H2E2, legal: ['h9g7', 'h7h0'], warnings, first_move: first }), 2_000);
    const g = st.game;
    assert.deepEqual(g.moves, ['h2e2']);
    assert.equal(g.ply, 1);
    assert.equal(g.fen, AFTER_H2E2);
    assert.deepEqual(g.legal, ['h9g7', 'h7h0']);
    assert.equal(g.warnings, warnings);
    assert.equal(g.turn, 'black');
    assert.equal(g.clock, c);
    assert.equal(g.clockAt, 2_000);
    assert.equal(g.first_move, first);
    applyEvent(st, moved('black', 'h9g7', 2, { fen: AFTER_H9G7, legal: ['b2b9'] }), 3_000);
    assert.deepEqual(g.moves, ['h2e2', 'h9g7']);
    assert.equal(g.turn, 'red');
    assert.equal(g.first_move, null, 'no first-move deadline once both moved');
  });

  test('missing legal and warnings read as none', () => {
    const st = playing();
    applyEvent(st, { type: 'moved', color: 'red', mv: 'h2e2', ply: 1, fen: AFTER_H2E2, clock: clock('black') }, 1);
    assert.deepEqual(st.game.legal, []);
    assert.deepEqual(st.game.warnings, []);
    assert.equal(st.game.first_move, null);
  });

  test("the mover's own draw offer stays open; the opponent's is declined by moving", () => {
    const st = playing();
    applyEvent(st, { type: 'draw_offered', by: 'red' }, 0);
    applyEvent(st, moved('red', 'h2e2', 1), 1);
    assert.equal(st.game.draw_offer, 'red');
    applyEvent(st, moved('black', 'h9g7', 2), 2);
    assert.equal(st.game.draw_offer, null);
  });

  test('an unanswered undo request lapses with the next move', () => {
    const st = playing({ moves: ['h2e2'], ply: 1, turn: 'black', fen: AFTER_H2E2 });
    applyEvent(st, { type: 'undo_requested', by: 'red', plies: 1 }, 0);
    applyEvent(st, moved('black', 'h9g7', 2), 1);
    assert.equal(st.game.undo_request, null);
  });

  test('a null clock (an untimed game) is taken as it is', () => {
    const st = playing({ clock: null });
    applyEvent(st, moved('red', 'h2e2', 1, { clock: null }), 5);
    assert.equal(st.game.clock, null);
    assert.equal(st.game.clockAt, 5);
  });

  test('without a game it is ignored', () => {
    const st = seated();
    applyEvent(st, moved('red', 'h2e2', 1), 0);
    assert.equal(st.game, null);
  });
});

describe('resync (docs/protocol.md §5)', () => {
  test('older moves come cut to their move: position, clock and legal moves wait for the newest', () => {
    const c0 = clock('red');
    const st = playing({ clock: c0 }, 0);
    applyEvent(st, { type: 'moved', color: 'red', mv: 'h2e2', ply: 1 }, 10);
    assert.deepEqual(st.game.moves, ['h2e2']);
    assert.equal(st.game.ply, 1);
    assert.equal(st.game.turn, 'black');
    assert.equal(st.game.fen, START_FEN, 'the last position known');
    assert.equal(st.game.clock, c0, 'and the last clock');
    assert.equal(st.game.clockAt, 0, 'stamped when that clock came');
    assert.deepEqual(st.game.legal, []);
    const c2 = clock('red', 590_000, 595_000);
    applyEvent(st, moved('black', 'h9g7', 2, { clock: c2, fen: AFTER_H9G7, legal: ['b2b9'] }), 11);
    assert.equal(st.game.fen, AFTER_H9G7);
    assert.equal(st.game.clock, c2);
    assert.equal(st.game.clockAt, 11);
    assert.deepEqual(st.game.legal, ['b2b9']);
    assert.equal(st.game.turn, 'red');
  });

  test('missed events replayed on a rejoin end where the live feed did', () => {
    const events = [
      moved('red', 'h2e2', 1, { fen: AFTER_H2E2, legal: ['h9g7'], clock: clock('black', 598_000) }),
      { type: 'draw_offered', by: 'black' },
      moved('black', 'h9g7', 2, { fen: AFTER_H9G7, legal: ['b2b9'], clock: clock('red', 598_000, 597_000) }),
      { type: 'chat', user_id: 1, name: 'alice', text: 'gg' },
    ];
    const live = playing({}, 0);
    for (const e of events) applyEvent(live, e, 50);
    // The rejoin brings the older move cut to color, mv and ply, the newest whole.
    const cut = ({ type, color, mv, ply }) => ({ type, color, mv, ply });
    const resynced = playing({}, 0);
    for (const e of [cut(events[0]), events[1], events[2], events[3]]) applyEvent(resynced, e, 50);
    assert.deepEqual(resynced, live);
  });

  test('an older undone comes with no legal moves; the newest move brings them', () => {
    const st = playing({ moves: ['h2e2', 'h9g7'], ply: 2, fen: AFTER_H9G7 });
    applyEvent(st, { type: 'undone', plies: 2, ply: 0, clock: clock('red'), fen: START_FEN, moves: [], legal: [], warnings: [], first_move: null }, 1);
    assert.deepEqual(st.game.legal, []);
    applyEvent(st, moved('red', 'b2e2', 1, { legal: ['h9g7'] }), 2);
    assert.deepEqual(st.game.moves, ['b2e2']);
    assert.deepEqual(st.game.legal, ['h9g7']);
  });
});

describe('draw offers and undo requests', () => {
  test('draw_offered / draw_declined', () => {
    const st = playing();
    applyEvent(st, { type: 'draw_offered', by: 'black' }, 0);
    assert.equal(st.game.draw_offer, 'black');
    applyEvent(st, { type: 'draw_declined', by: 'red' }, 0);
    assert.equal(st.game.draw_offer, null);
  });

  test('undo_requested / undo_declined', () => {
    const st = playing({ moves: ['h2e2'], ply: 1, turn: 'black', fen: AFTER_H2E2 });
    applyEvent(st, { type: 'undo_requested', by: 'red', plies: 1 }, 0);
    assert.deepEqual(st.game.undo_request, { by: 'red', plies: 1 });
    applyEvent(st, { type: 'undo_declined', by: 'black' }, 0);
    assert.equal(st.game.undo_request, null);
  });

  test('without a game they are ignored', () => {
    const st = seated();
    for (const e of [{ type: 'draw_offered', by: 'red' }, { type: 'draw_declined', by: 'red' },
      { type: 'undo_requested', by: 'red', plies: 1 }, { type: 'undo_declined', by: 'red' }]) {
      applyEvent(st, e, 0);
    }
    assert.equal(st.game, null);
  });
});

describe('undone', () => {
  test('the moves, position, side to move (from the FEN) and clock go back; offers and requests go', () => {
    const st = playing({ moves: ['h2e2', 'h9g7'], ply: 2, fen: AFTER_H9G7, turn: 'red' });
    applyEvent(st, { type: 'draw_offered', by: 'red' }, 0);
    applyEvent(st, { type: 'undo_requested', by: 'black', plies: 1 }, 0);
    const c = clock('black', 590_000, 580_000);
    applyEvent(st, { type: 'undone', plies: 1, ply: 1, clock: c, fen: AFTER_H2E2, moves: ['h2e2'], legal: ['h9g7'], warnings: [], first_move: null }, 40);
    const g = st.game;
    assert.deepEqual(g.moves, ['h2e2']);
    assert.equal(g.ply, 1);
    assert.equal(g.fen, AFTER_H2E2);
    assert.equal(g.turn, 'black', "Black's move again, as the FEN says");
    assert.deepEqual(g.legal, ['h9g7']);
    assert.equal(g.clock, c);
    assert.equal(g.clockAt, 40);
    assert.equal(g.undo_request, null);
    assert.equal(g.draw_offer, null);
  });

  test('back to the start: Red to move, the first-move deadline again', () => {
    const st = playing({ moves: ['h2e2'], ply: 1, fen: AFTER_H2E2, turn: 'black' });
    const first = { color: 'red', left: 30_000 };
    applyEvent(st, { type: 'undone', plies: 1, ply: 0, clock: clock('red'), fen: START_FEN, moves: [], legal: ['h2e2'], warnings: [], first_move: first }, 1);
    assert.equal(st.game.turn, 'red');
    assert.deepEqual(st.game.moves, []);
    assert.equal(st.game.first_move, first);
  });

  test('without a game it is ignored', () => {
    const st = seated();
    applyEvent(st, { type: 'undone', plies: 1, ply: 0, fen: START_FEN, moves: [], legal: [] }, 0);
    assert.equal(st.game, null);
  });
});

describe('game_ended and rated', () => {
  test('the end, no more moves or offers, the final clocks; the table is finished', () => {
    const st = playing({ first_move: { color: 'red', left: 10_000 }, warnings: [{ kind: 'loses', mv: 'h2e2', reason: 'perpetual_check' }] });
    applyEvent(st, { type: 'draw_offered', by: 'red' }, 0);
    applyEvent(st, { type: 'undo_requested', by: 'black', plies: 1 }, 0);
    const end = { kind: 'finished', result: '0-1', reason: 'timeout', plies: 0 };
    const final = clock(null, 0, 600_000, { red: { game_time: 0, flagged: true } });
    applyEvent(st, { type: 'game_ended', game_id: 12, end, clock: final }, 99);
    const g = st.game;
    assert.equal(g.end, end);
    assert.deepEqual(g.legal, []);
    assert.deepEqual(g.warnings, []);
    assert.equal(g.draw_offer, null);
    assert.equal(g.undo_request, null);
    assert.equal(g.first_move, null);
    assert.equal(g.evidence, null);
    assert.equal(g.clock, final);
    assert.equal(g.clockAt, 99);
    assert.equal(st.summary.status, 'finished');
    assert.equal(firstMoveLeft(g, 100), null);
  });

  test('without clocks in the event, the last ones stop', () => {
    const c = clock('black', 500_000, 400_000);
    const st = playing({ clock: c });
    applyEvent(st, { type: 'game_ended', game_id: 12, end: { kind: 'finished', result: '1-0', reason: 'resignation', plies: 0 } }, 7);
    assert.deepEqual(st.game.clock, { ...c, running: null });
    assert.notEqual(st.game.clock, c, 'a copy: the snapshot of the running clock is kept apart');
    assert.equal(st.game.clockAt, 7);
    const untimed = playing({ clock: null });
    applyEvent(untimed, { type: 'game_ended', game_id: 12, end: { kind: 'aborted', reason: 'requested', by: 'red', plies: 0 } }, 7);
    assert.equal(untimed.game.clock, null);
  });

  test('an end by the repetition rules keeps its evidence', () => {
    const st = playing();
    const evidence = { kind: 'perpetual_check', plies: [3, 5, 7] };
    applyEvent(st, { type: 'game_ended', game_id: 12, end: { kind: 'finished', result: '0-1', reason: 'perpetual_check', plies: 8 }, evidence, clock: clock(null) }, 0);
    assert.equal(st.game.evidence, evidence);
  });

  test('without a game the table is still finished', () => {
    const st = seated();
    applyEvent(st, { type: 'game_ended', game_id: 12, end: { kind: 'finished', result: '1-0', reason: 'checkmate', plies: 9 } }, 0);
    assert.equal(st.game, null);
    assert.equal(st.summary.status, 'finished');
  });

  test('rated: the rating changes of this game; why not, when unrated', () => {
    const st = playing();
    const red = { before: 1400, after: 1412, delta: 12 };
    const black = { before: 1400, after: 1388, delta: -12 };
    applyEvent(st, { type: 'rated', game_id: 12, rated: true, red, black, scored_as: '1-0' }, 0);
    assert.deepEqual(st.game.ratings, { red, black });
    assert.deepEqual(st.game.rated, { rated: true, why: null });
    applyEvent(st, { type: 'rated', game_id: 12, rated: false, red, black, why: { unrated: 'casual' } }, 0);
    assert.deepEqual(st.game.rated, { rated: false, why: { unrated: 'casual' } });
  });

  test("rated: another game's is ignored; one without game_id is taken", () => {
    const st = playing();
    applyEvent(st, { type: 'rated', game_id: 11, rated: true, red: {}, black: {} }, 0);
    assert.equal(st.game.ratings, undefined);
    assert.equal(st.game.rated, true, "the GameState's own flag is untouched");
    applyEvent(st, { type: 'rated', rated: false, red: { delta: 0 }, black: { delta: 0 }, why: { unrated: 'guest' } }, 0);
    assert.deepEqual(st.game.rated, { rated: false, why: { unrated: 'guest' } });
    const none = seated();
    applyEvent(none, { type: 'rated', game_id: 12, rated: true, red: {}, black: {} }, 0);
    assert.equal(none.game, null);
  });
});

describe('clocks: berserked, paused, resumed', () => {
  test('berserked: that side is marked and its clock replaced', () => {
    const st = playing();
    const c = clock('red', 300_000, 600_000);
    applyEvent(st, { type: 'berserked', color: 'red', control: CONTROL, clock: c }, 15);
    assert.deepEqual(st.game.berserked, { red: true });
    assert.equal(st.game.clock, c);
    assert.equal(st.game.clockAt, 15);
    applyEvent(st, { type: 'berserked', color: 'black', control: CONTROL }, 20);
    assert.deepEqual(st.game.berserked, { red: true, black: true });
    assert.equal(st.game.clock, c, 'no clock in the event: the clock stays');
    assert.equal(st.game.clockAt, 15);
    const none = seated();
    applyEvent(none, { type: 'berserked', color: 'red', control: CONTROL, clock: c }, 0);
    assert.equal(none.game, null);
  });

  test('paused: nobody runs; resumed: the side to move runs again', () => {
    const st = playing({ moves: ['h2e2'], ply: 1, turn: 'black', fen: AFTER_H2E2, clock: clock('black', 590_000, 600_000) });
    applyEvent(st, { type: 'paused' }, 1_000);
    assert.equal(st.game.clock.paused, true);
    assert.equal(st.game.clock.running, null);
    assert.equal(st.game.clock.red.game_time, 590_000, 'the times stay');
    assert.equal(st.game.clockAt, 1_000);
    applyEvent(st, { type: 'resumed' }, 9_000);
    assert.equal(st.game.clock.paused, false);
    assert.equal(st.game.clock.running, 'black');
    assert.equal(st.game.clockAt, 9_000);
  });

  test('paused freezes the first-move countdown where it was', () => {
    const st = playing({ first_move: { color: 'red', left: 30_000 } }, 0);
    applyEvent(st, { type: 'paused' }, 4_000);
    assert.deepEqual(st.game.first_move, { color: 'red', left: 26_000 });
    assert.equal(firstMoveLeft(st.game, 50_000), 26_000);
    applyEvent(st, { type: 'resumed' }, 50_000);
    assert.equal(firstMoveLeft(st.game, 51_000), 25_000);
  });

  test('resumed after the end runs nobody; without a clock both change nothing', () => {
    const st = playing();
    applyEvent(st, { type: 'game_ended', game_id: 12, end: { kind: 'finished', result: '1-0', reason: 'resignation', plies: 0 }, clock: clock(null) }, 0);
    applyEvent(st, { type: 'paused' }, 1);
    applyEvent(st, { type: 'resumed' }, 2);
    assert.equal(st.game.clock.running, null);
    const untimed = playing({ clock: null });
    applyEvent(untimed, { type: 'paused' }, 1);
    applyEvent(untimed, { type: 'resumed' }, 2);
    assert.equal(untimed.game.clock, null);
    assert.equal(untimed.game.clockAt, 0);
    const none = seated();
    applyEvent(none, { type: 'paused' }, 1);
    applyEvent(none, { type: 'resumed' }, 2);
    assert.equal(none.game, null);
  });
});

describe('chat', () => {
  test('lines are kept in order with who wrote them', () => {
    const st = playing();
    applyEvent(st, { type: 'chat', user_id: 1, name: 'alice', text: '你好' }, 0);
    applyEvent(st, { type: 'chat', user_id: 3, name: 'carol', text: 'gl' }, 0);
    assert.deepEqual(st.chat, [{ name: 'alice', text: '你好', user_id: 1 }, { name: 'carol', text: 'gl', user_id: 3 }]);
  });

  test('the log keeps the last 200 lines', () => {
    const st = initTable(tableState(), 0);
    for (let i = 1; i <= 205; i++) applyEvent(st, { type: 'chat', user_id: 1, name: 'alice', text: String(i) }, 0);
    assert.equal(st.chat.length, 200);
    assert.equal(st.chat[0].text, '6');
    assert.equal(st.chat.at(-1).text, '205');
  });
});

describe('wagers and the betting pool', () => {
  const wager = (over = {}) => ({
    id: 5, mode: 'ordinary', stakes: { red: 100, black: 100 }, confirmed: { red: false, black: false },
    agreed: { red: false, black: false }, status: 'negotiating', game_id: null, tax_rate_permille: 50, version: 1, ...over,
  });

  test('wager: every change replaces the view; null clears it', () => {
    const st = seated();
    const w = wager();
    applyEvent(st, { type: 'wager', wager: w }, 0);
    assert.equal(st.wager, w);
    applyEvent(st, { type: 'wager', wager: null }, 0);
    assert.equal(st.wager, null);
    applyEvent(st, { type: 'wager' }, 0);
    assert.equal(st.wager, null);
  });

  test('wager_settled: the settlement is kept, and the wager goes if it is the one settled', () => {
    const st = seated();
    applyEvent(st, { type: 'wager', wager: wager({ id: 6 }) }, 0);
    const other = { type: 'wager_settled', wager_id: 5, game_id: 12, outcome: 'won', statements: {} };
    applyEvent(st, other, 0);
    assert.equal(st.settlement, other);
    assert.equal(st.wager.id, 6, "another wager's settlement leaves this one");
    const mine = { ...other, wager_id: 6 };
    applyEvent(st, mine, 0);
    assert.equal(st.settlement, mine);
    assert.equal(st.wager, null);
  });

  test('pool: every change replaces the view', () => {
    const st = playing();
    const pool = { game_id: 12, open: true, close_ply: 20, total: 0, bettors: 0, picks: {} };
    applyEvent(st, { type: 'pool', pool }, 0);
    assert.equal(st.pool, pool);
    applyEvent(st, { type: 'pool', pool: null }, 0);
    assert.equal(st.pool, null);
  });

  test("pool_settled: the result is kept; this game's pool is closed and settled", () => {
    const st = playing();
    const pool = { game_id: 12, open: true, close_ply: 20, total: 300, bettors: 3, picks: {} };
    applyEvent(st, { type: 'pool', pool }, 0);
    const settled = { type: 'pool_settled', game_id: 12, result: '1-0', refunded: false, reason: null, house: 15 };
    applyEvent(st, settled, 0);
    assert.equal(st.poolResult, settled);
    assert.deepEqual(st.pool, { ...pool, open: false, settled: true });
    assert.equal(pool.open, true, 'the old view is not changed in place');
    const other = playing();
    applyEvent(other, { type: 'pool', pool }, 0);
    applyEvent(other, { ...settled, game_id: 11 }, 0);
    assert.equal(other.pool, pool, "another game's settlement leaves the pool");
    const none = playing();
    applyEvent(none, settled, 0);
    assert.equal(none.pool, null);
    assert.equal(none.poolResult, settled);
  });
});

test('an unknown event changes nothing (protocol §1)', () => {
  const st = playing();
  applyEvent(st, { type: 'chat', user_id: 1, name: 'alice', text: 'x' }, 0);
  const before = structuredClone(st);
  applyEvent(st, { type: 'something_new', anything: 1 }, 5);
  applyEvent(st, {}, 5);
  assert.deepEqual(st, before);
});

test('a whole game from the table_state to the rating, as the table view sees it', () => {
  const st = initTable(tableState(), 0);
  applyEvent(st, { type: 'sat', user: ALICE, color: 'red' }, 0);
  applyEvent(st, { type: 'joined', user: BOB }, 0);
  applyEvent(st, { type: 'sat', user: BOB, color: 'black' }, 0);
  applyEvent(st, { type: 'ready', color: 'red', ready: true }, 0);
  applyEvent(st, { type: 'ready', color: 'black', ready: true }, 0);
  applyEvent(st, { type: 'game_started', game: gameState() }, 10);
  applyEvent(st, moved('red', 'h2e2', 1, { fen: AFTER_H2E2, legal: ['h9g7'] }), 20);
  applyEvent(st, moved('black', 'h9g7', 2, { fen: AFTER_H9G7, legal: ['b2b9'] }), 30);
  applyEvent(st, { type: 'undo_requested', by: 'black', plies: 1 }, 35);
  applyEvent(st, { type: 'undone', plies: 1, ply: 1, clock: clock('black'), fen: AFTER_H2E2, moves: ['h2e2'], legal: ['h9g7'], warnings: [], first_move: null }, 40);
  applyEvent(st, { type: 'game_ended', game_id: 12, end: { kind: 'finished', result: '1-0', reason: 'resignation', plies: 1 }, clock: clock(null) }, 50);
  applyEvent(st, { type: 'rated', game_id: 12, rated: true, red: { before: 1400, after: 1410, delta: 10 }, black: { before: 1400, after: 1390, delta: -10 } }, 60);
  assert.deepEqual(st.spectators.map((u) => u.id), [3]);
  assert.equal(st.summary.spectators, 1);
  assert.equal(seatOf(st, 1), 'red');
  assert.equal(seatOf(st, 2), 'black');
  assert.deepEqual(st.game.moves, ['h2e2']);
  assert.equal(st.game.turn, 'black');
  assert.equal(st.game.end.result, '1-0');
  assert.equal(st.game.ratings.red.delta, 10);
  assert.equal(st.summary.status, 'finished');
  assert.equal(st.summary.seats.red.ready, false, 'ready again for a rematch');
});

describe('helpers', () => {
  test('seatOf: the colour a user plays, or null', () => {
    const st = seated();
    assert.equal(seatOf(st, 1), 'red');
    assert.equal(seatOf(st, 2), 'black');
    assert.equal(seatOf(st, 3), null, 'a spectator');
    assert.equal(seatOf(initTable(tableState(), 0), 1), null, 'empty seats');
  });

  test('destsFrom: legal moves grouped by their from-square; unreadable ones skipped', () => {
    const sq = parseSquare;
    const m = destsFrom(['h2e2', 'h2h9', 'b0c2', 'zz', 'h2'], parseMove);
    assert.deepEqual([...m], [[sq('h2'), [sq('e2'), sq('h9')]], [sq('b0'), [sq('c2')]]]);
    assert.equal(destsFrom([], parseMove).size, 0);
    assert.equal(destsFrom(null, parseMove).size, 0);
    assert.equal(destsFrom(undefined, parseMove).size, 0);
  });

  test('firstMoveLeft: counts down from receipt, never below zero; none without a deadline', () => {
    const st = playing({ first_move: { color: 'red', left: 30_000 } }, 1_000);
    assert.equal(firstMoveLeft(st.game, 1_000), 30_000);
    assert.equal(firstMoveLeft(st.game, 21_000), 10_000);
    assert.equal(firstMoveLeft(st.game, 90_000), 0);
    assert.equal(firstMoveLeft(playing().game, 0), null);
    assert.equal(firstMoveLeft(null, 0), null);
    assert.equal(firstMoveLeft(undefined, 0), null);
  });
});
