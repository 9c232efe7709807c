// Unit tests of the client's DOM-free modules (run with `node --test e2e/unit`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  readFen, parseSquare, squareName, toPoint, fromPoint, START_FEN, parseMove,
} from '../../web/js/board/geometry.js';
import { replay, boardFen, checkedKing } from '../../web/js/rules.js';
import { describeMove } from '../../web/js/notation.js';
import { clockView, formatMs, describeControl } from '../../web/js/clock.js';
import { createInput, INPUT_STATE } from '../../web/js/board/input.js';
import { toTimeControl, fromTimeControl, PRESETS } from '../../web/js/timecontrol.js';
import { applyEvent, initTable, destsFrom, firstMoveLeft } from '../../web/js/tablestate.js';
import { setLang, formatDate } from '../../web/js/i18n.js';

test('squares and points round-trip in both orientations', () => {
  assert.equal(squareName(parseSquare('h2')), 'h2');
  assert.equal(parseSquare('j0'), null);
  for (const o of ['red', 'black']) {
    for (let sq = 0; sq < 90; sq++) {
      const p = toPoint(sq, o);
      assert.equal(fromPoint(p.x + 20, p.y - 20, o), sq);
    }
  }
  // Red's a0 is bottom-left with red at the bottom, top-right when flipped.
  assert.ok(toPoint(parseSquare('a0'), 'red').y > toPoint(parseSquare('a9'), 'red').y);
  assert.ok(toPoint(parseSquare('a0'), 'black').x > toPoint(parseSquare('i0'), 'black').x);
});

test('FEN placement reads and writes back', () => {
  const pieces = readFen(START_FEN);
  assert.equal(pieces.size, 32);
  assert.deepEqual(pieces.get(parseSquare('e0')), { color: 'red', role: 'k' });
  assert.deepEqual(pieces.get(parseSquare('b7')), { color: 'black', role: 'c' });
  assert.equal(boardFen(pieces), START_FEN.split(' ')[0]);
  assert.throws(() => readFen('rnbakabnr/9/9'));
});

test('notation: Chinese and WXF forms', () => {
  const start = readFen(START_FEN);
  assert.deepEqual(describeMove(start, 'h2e2'), { chinese: '炮二平五', wxf: 'C2.5', iccs: 'h2e2' });
  assert.equal(describeMove(start, 'h9g7').chinese, '马8进7');
  assert.equal(describeMove(start, 'h9g7').wxf, 'H8+7');
  assert.equal(describeMove(start, 'i0i1').chinese, '车一进一');
  assert.equal(describeMove(start, 'f0e1').chinese, '仕四进五');
  assert.equal(describeMove(start, 'c9e7').chinese, '象3进5');
  assert.equal(describeMove(start, 'c9e7').wxf, 'E3+5');
  // Two chariots on one file: 前车 / 后车.
  const ps = replay('4k4/9/9/9/9/9/9/R8/R8/4K4 w', ['a2a5']);
  assert.equal(describeMove(ps[0].pieces, 'a2a5').chinese, '前车进三');
  assert.equal(describeMove(ps[0].pieces, 'a2a5').wxf, 'R++3');
  assert.equal(describeMove(ps[0].pieces, 'a1b1').chinese, '后车平八');
});

test('check detection', () => {
  assert.equal(checkedKing(readFen(START_FEN), 'red'), null);
  // Chariot on the king's file.
  assert.equal(squareName(checkedKing(readFen('3k5/9/9/9/9/9/9/9/4r4/4K4 w'), 'red')), 'e0');
  // Cannon with a screen, horse with a free leg, and a blocked horse.
  assert.notEqual(checkedKing(readFen('3k5/9/9/9/4c4/9/4P4/9/9/4K4 w'), 'red'), null);
  assert.notEqual(checkedKing(readFen('3k5/9/9/9/9/9/9/5n3/9/4K4 w'), 'red'), null);
  assert.equal(checkedKing(readFen('3k5/9/9/9/9/9/9/5n3/5P3/4K4 w'), 'red'), null);
  assert.notEqual(checkedKing(readFen('4k4/9/9/9/9/9/9/9/9/4K4 w'), 'red'), null, 'facing kings');
  assert.equal(checkedKing(readFen('3k5/9/9/9/4c4/9/9/9/9/4K4 w'), 'red'), null, 'cannon without screen');
  // Pawn in front of the king.
  assert.notEqual(checkedKing(readFen('3k5/9/9/9/9/9/9/9/4p4/4K4 w'), 'red'), null);
  const ps = replay(START_FEN, ['h2e2', 'h9g7', 'e2e6', 'a6a5', 'e6e3']);
  assert.equal(ps.length, 6);
  assert.equal(ps[5].turn, 'black');
});

test('clock counts the running side down and enters byoyomi', () => {
  const pv = (game, extra = {}) => ({ game_time: game, move_time: null, in_byoyomi: false, period_time: null, periods_left: 1, stage: 0, moves_to_stage_end: null, moves: 0, flagged: false, ...extra });
  const snap = { running: 'red', turn: 'red', paused: false, red: pv(5000), black: pv(60000) };
  const control = { stages: [{ time: 60000, moves: 0 }], per_move: null, byoyomi: { periods: 1, period: 30000 }, increment: 0 };
  const a = clockView(snap, 'red', 2000, control);
  assert.equal(a.game, 3000);
  assert.equal(a.low, true);
  const b = clockView(snap, 'red', 8000, control);
  assert.equal(b.inByoyomi, true);
  assert.equal(b.period, 27000);
  assert.equal(clockView(snap, 'black', 8000, control).game, 60000); // not running
  assert.equal(formatMs(65_000), '1:05');
  assert.equal(formatMs(9_450), '0:09.4');
  assert.equal(describeControl(toTimeControl('fischer', { base: 5, inc: 3 }), (k) => k), '5′ +3″');
});

test('time controls that are not whole minutes keep their seconds', () => {
  const t = (k) => k;
  assert.equal(describeControl(toTimeControl('fischer', { base: 0.15, inc: 0 }), t), '9″');
  assert.equal(describeControl(toTimeControl('fischer', { base: 1.5, inc: 2 }), t), '1′30″ +2″');
  assert.equal(describeControl(toTimeControl('two_stage', { t1: 20, m1: 30, t2: 5, m2: 10 }), t), '20′/30 → 5′/10');
});

test('dates never come in US order', () => {
  const at = Date.UTC(2026, 11, 2, 1, 46);
  setLang('zh');
  assert.match(formatDate(at), /^2026\/12\/0[12] \d{2}:\d{2}$/);
  assert.match(formatDate(at, { time: false }), /^2026\/12\/0[12]$/);
  setLang('en');
  assert.match(formatDate(at), /^[12] Dec 2026, \d{2}:\d{2}$/);
  setLang('zh');
  assert.equal(formatDate(null), '');
  assert.equal(formatDate('not a date'), '');
});

test('time-control presets produce the platform shapes', () => {
  const tc = toTimeControl(PRESETS.ourgame.system, PRESETS.ourgame.fields);
  assert.deepEqual(tc.stages, [{ time: 1_200_000, moves: 30 }, { time: 300_000, moves: 10 }]);
  const qq = toTimeControl(PRESETS.qq.system, PRESETS.qq.fields);
  assert.equal(qq.per_move, 300_000);
  assert.deepEqual(qq.byoyomi, { periods: 1, period: 180_000 });
  assert.deepEqual(fromTimeControl(qq), { system: 'qq', fields: { game: 30, perMove: 5, byoyomi: 180 } });
  assert.throws(() => toTimeControl('two_stage', { t1: 500, m1: 1, t2: 1, m2: 1 }));
  assert.throws(() => toTimeControl('fischer', { base: -1, inc: 0 }));
});

test('input: click-click, drag, reselect and illegal drop', () => {
  const moves = [];
  const dests = new Map([[1, [2, 3]]]);
  const m = createInput({ canMove: (sq) => dests.has(sq), dests: (sq) => dests.get(sq) || [], onMove: (f, t) => moves.push([f, t]), onChange() {} });
  m.down(1, 0, 0); m.up(1);
  assert.equal(m.state, INPUT_STATE.selected);
  m.down(2, 50, 0);
  assert.deepEqual(moves, [[1, 2]]);
  assert.equal(m.state, INPUT_STATE.idle);
  m.down(1, 0, 0); m.moveTo(30, 0);
  assert.equal(m.state, INPUT_STATE.dragging);
  m.up(3);
  assert.deepEqual(moves[1], [1, 3]);
  m.down(1, 0, 0); m.moveTo(30, 0); m.up(7);
  assert.equal(m.state, INPUT_STATE.idle);
  assert.equal(moves.length, 2);
  m.down(1, 0, 0); m.up(1); m.down(1, 0, 0); m.up(1);
  assert.equal(m.state, INPUT_STATE.idle, 'clicking the selected piece again deselects');
});

test('table events update the state', () => {
  const user = (id, name) => ({ id, name, guest: false, rating: 1400, games: 0, provisional: true, title: { zh: '', en: '' } });
  const st = initTable({
    id: 1, room: 'r', control: {}, proposal: null, spectators: [user(3, 'c')], game: null,
    summary: { id: 1, room: 'r', status: 'waiting', seats: { red: null, black: null }, spectators: 1, control: {}, game_id: null },
  }, 0);
  applyEvent(st, { type: 'sat', user: user(1, 'a'), color: 'red' }, 0);
  applyEvent(st, { type: 'ready', color: 'red', ready: true }, 0);
  assert.equal(st.summary.seats.red.ready, true);
  applyEvent(st, { type: 'joined', user: user(4, 'd') }, 0);
  assert.equal(st.summary.spectators, 2);
  applyEvent(st, { type: 'left', user: user(3, 'c') }, 0);
  assert.deepEqual(st.spectators.map((u) => u.id), [4]);
  const game = { game_id: 9, start_fen: START_FEN, fen: START_FEN, moves: [], turn: 'red', ply: 0, legal: ['h2e2'], clock: null, draw_offer: null, undo_request: null, end: null };
  applyEvent(st, { type: 'game_started', game }, 5);
  applyEvent(st, { type: 'draw_offered', by: 'red' }, 5);
  applyEvent(st, { type: 'moved', color: 'red', mv: 'h2e2', ply: 1, clock: null, fen: 'x b', legal: ['h9g7'] }, 6);
  assert.equal(st.game.turn, 'black');
  assert.equal(st.game.draw_offer, 'red', 'the offer stays open after the offerer moves');
  applyEvent(st, { type: 'moved', color: 'black', mv: 'h9g7', ply: 2, clock: null, fen: 'y w', legal: [] }, 7);
  assert.equal(st.game.draw_offer, null, 'the opponent moving declines it');
  applyEvent(st, { type: 'game_ended', end: { kind: 'finished', result: '1-0', reason: 'resignation', plies: 2 }, game_id: 9 }, 8);
  assert.equal(st.summary.status, 'finished');
  // The first-move countdown is gone once the game is over.
  assert.equal(firstMoveLeft(st.game, 8), null);
  assert.deepEqual([...destsFrom(['h2e2', 'h2h9', 'b0c2'], parseMove)], [[parseSquare('h2'), [parseSquare('e2'), parseSquare('h9')]], [parseSquare('b0'), [parseSquare('c2')]]]);
});

test('a resync replays older moves cut to their move, then the newest whole', () => {
  const clock = { running: 'black', turn: 'black', paused: false, red: { game_time: 9 }, black: { game_time: 8 } };
  const st = initTable({
    id: 1, room: 'r', control: {}, proposal: null, spectators: [],
    summary: { id: 1, room: 'r', status: 'playing', seats: { red: null, black: null }, spectators: 0, control: {}, game_id: 3 },
    game: { game_id: 3, start_fen: START_FEN, fen: START_FEN, moves: [], turn: 'red', ply: 0, legal: ['h2e2'], draw_offer: null,
      undo_request: null, end: null, clock },
  }, 0);
  applyEvent(st, { type: 'moved', color: 'red', mv: 'h2e2', ply: 1 }, 5);
  assert.equal(st.game.fen, START_FEN, 'a cut move keeps the last position known');
  assert.equal(st.game.clock, clock, 'and the last clock');
  assert.deepEqual(st.game.legal, []);
  assert.equal(st.game.turn, 'black');
  applyEvent(st, { type: 'moved', color: 'black', mv: 'h9g7', ply: 2, clock: { ...clock, running: 'red' }, fen: 'y w', legal: ['a0a1'], warnings: [] }, 6);
  assert.deepEqual(st.game.moves, ['h2e2', 'h9g7']);
  assert.equal(st.game.fen, 'y w');
  assert.equal(st.game.clock.running, 'red');
  assert.equal(st.game.clockAt, 6);
  assert.deepEqual(st.game.legal, ['a0a1']);
});

test('the first-move countdown runs from receipt, freezes while paused, and a game end brings the final clocks', () => {
  const clock = (running, red, black) => ({ running, turn: running || 'red', paused: false,
    red: { game_time: red, flagged: red === 0 }, black: { game_time: black, flagged: false } });
  const st = initTable({
    id: 1, room: 'r', control: {}, proposal: null, spectators: [], first_move_secs: 30,
    summary: { id: 1, room: 'r', status: 'playing', seats: { red: null, black: null }, spectators: 0, control: {}, game_id: 3 },
    game: { game_id: 3, start_fen: START_FEN, fen: START_FEN, moves: [], turn: 'red', ply: 0, legal: [], draw_offer: null,
      undo_request: null, end: null, clock: clock('red', 60_000, 60_000), first_move: { color: 'red', left: 30_000 } },
  }, 1_000);
  assert.equal(firstMoveLeft(st.game, 1_000), 30_000);
  assert.equal(firstMoveLeft(st.game, 11_000), 20_000);
  assert.equal(firstMoveLeft(st.game, 99_000), 0, 'never below zero');
  applyEvent(st, { type: 'paused' }, 6_000);
  assert.equal(firstMoveLeft(st.game, 60_000), 25_000, 'frozen while paused');
  applyEvent(st, { type: 'resumed' }, 60_000);
  assert.equal(firstMoveLeft(st.game, 61_000), 24_000);
  applyEvent(st, { type: 'moved', color: 'red', mv: 'h2e2', ply: 1, clock: clock('black', 59_000, 60_000), fen: 'x b', legal: [],
    first_move: { color: 'black', left: 30_000 } }, 62_000);
  assert.equal(st.game.first_move.color, 'black');
  assert.equal(firstMoveLeft(st.game, 63_000), 29_000);
  applyEvent(st, { type: 'game_ended', end: { kind: 'finished', result: '1-0', reason: 'timeout', plies: 1 }, game_id: 3,
    clock: { ...clock(null, 59_000, 0), black: { game_time: 0, flagged: true } } }, 64_000);
  assert.equal(st.game.clock.black.game_time, 0, 'the final clocks replace the running ones');
  assert.equal(st.game.clock.black.flagged, true);
  assert.equal(st.game.first_move, null);
  assert.equal(clockView(st.game.clock, 'black', 5_000).game, 0, 'nothing runs after the end');
});

test('a repetition ruling is drawn as numbered moves and attack arrows, and said in either language', async () => {
  const { evidenceArrows, evidenceText } = await import('../../web/js/evidence.js');
  const chase = (from) => ({ piece: 'N', from, target: 'r', to: 'c2' });
  const evidence = {
    rules: 'axf', occurrences: 3,
    red: { kind: 'perpetual_chase', chased: [{ piece: 'r', square: 'c2' }] }, black: { kind: 'allowed', chased: [] },
    cycle: [
      { ply: 5, mv: 'e2d4', piece: 'N', checks: [], chases: [chase('d4')], mate_threat: false },
      { ply: 6, mv: 'd9e9', piece: 'k', checks: [], chases: [], mate_threat: false },
      { ply: 7, mv: 'd4e2', piece: 'N', checks: [], chases: [chase('e2')], mate_threat: false },
      { ply: 8, mv: 'e9d9', piece: 'k', checks: [], chases: [chase('e2')], mate_threat: false },
    ],
    explain: { zh: '红方长捉：……红方负。', en: 'Red chases perpetually: … Red loses.' },
  };
  const arrows = evidenceArrows(evidence, parseSquare);
  assert.deepEqual(arrows.filter((a) => a.kind === 'move').map((a) => [squareName(a.from), squareName(a.to), a.n]),
    [['e2', 'd4', 1], ['d9', 'e9', 2], ['d4', 'e2', 3], ['e9', 'd9', 4]]);
  // Each attack once, numbered by the first move that made it.
  assert.deepEqual(arrows.filter((a) => a.kind === 'chase').map((a) => [squareName(a.from), squareName(a.to), a.n]),
    [['d4', 'c2', 1], ['e2', 'c2', 3]]);
  assert.deepEqual(evidenceArrows(null, parseSquare), []);
  assert.equal(evidenceText(evidence, 'zh'), '红方长捉：……红方负。');
  assert.equal(evidenceText(evidence, 'en'), 'Red chases perpetually: … Red loses.');
});

test('evaluation graph: even in the middle, Red up, mates at the edge', async () => {
  const { evalY } = await import('../../web/js/chart.js');
  const pad = { t: 10, b: 10 };
  assert.equal(evalY(0, 120, pad), 60);
  assert.equal(evalY(10, 120, pad), 10);
  assert.equal(evalY(-25, 120, pad), 110);
  assert.ok(evalY(1.5, 120, pad) < 60);
});
