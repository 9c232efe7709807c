// Unit tests of web/js/repetition.js: the repetition warnings as the board marks them and the
// table says them, the table's rules in words, and the warnings kept by the table state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMove, parseSquare, readFen } from '../../web/js/board/geometry.js';
import { warnDests, warningOf, warningLines, moveWords, rulesText } from '../../web/js/repetition.js';
import { applyEvent, initTable } from '../../web/js/tablestate.js';
import { t, setLang } from '../../web/js/i18n.js';

const WARNINGS = [
  { kind: 'last', mv: 'e2d4', loses_next: true },
  { kind: 'loses', mv: 'd4e2', reason: 'perpetual_chase' },
];

test('warned moves become board marks by square', () => {
  const marks = warnDests(WARNINGS, parseMove);
  assert.equal(marks.get(parseSquare('d4')).get(parseSquare('e2')), 'loses');
  assert.equal(marks.get(parseSquare('e2')).get(parseSquare('d4')), 'last');
  assert.equal(marks.size, 2);
  assert.equal(warnDests(null, parseMove).size, 0);
  assert.equal(warningOf(WARNINGS, 'd4e2').kind, 'loses');
  assert.equal(warningOf(WARNINGS, 'h2h3'), null);
});

test('warning lines put the losing move first and follow the table policy', () => {
  setLang('en');
  const lines = warningLines(WARNINGS, 'warn', t, (mv) => mv);
  assert.deepEqual(lines.map((l) => l.kind), ['loses', 'last']);
  assert.match(lines[0].text, /d4e2 loses by perpetual chase/);
  assert.match(lines[1].text, /e2d4 .*next repetition loses/);
  assert.match(warningLines(WARNINGS, 'refuse', t, (mv) => mv)[0].text, /Not allowed here/);
  setLang('zh');
  assert.match(warningLines(WARNINGS, 'warn', t, (mv) => mv)[0].text, /长捉/);
  const pieces = readFen('3k5/9/9/9/9/3N5/9/2r4C1/9/5K3 w - - 0 1');
  assert.match(moveWords(pieces, 'd4e2', 'zh'), /^马.*（d4e2）$/);
  assert.equal(moveWords(null, 'd4e2', 'en'), 'd4e2');
  setLang('en');
});

test('the rules are said in words', () => {
  setLang('en');
  assert.equal(rulesText({ profile: 'cxa', move_limit: 50, repetition: 'refuse' }, t),
    'Chinese rules (CXA) · 50-move limit · losing repetitions refused');
  assert.match(rulesText({ profile: 'axf', move_limit: null, repetition: 'warn' }, t), /no move limit/);
  assert.equal(rulesText(null, t), '');
});

test('moved and game_ended keep the warnings of the side to move', () => {
  const st = initTable({ summary: { seats: { red: null, black: null }, status: 'playing' }, spectators: [],
    game: { moves: [], legal: ['d4e2'], warnings: [], turn: 'black', fen: '' } }, 0);
  applyEvent(st, { type: 'moved', color: 'black', mv: 'e9d9', ply: 8, fen: 'x', legal: ['d4e2'], warnings: WARNINGS, clock: null }, 1);
  assert.equal(st.game.warnings.length, 2);
  applyEvent(st, { type: 'game_ended', end: { kind: 'finished' } }, 2);
  assert.deepEqual(st.game.warnings, []);
});
