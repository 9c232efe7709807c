// Unit tests of typed move entry (web/js/movetext.js): ICCS, WXF and Chinese texts, in their
// usual variants, name the legal move they describe, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchMove } from '../../web/js/movetext.js';
import { readFen, START_FEN } from '../../web/js/board/geometry.js';
import { legalMoves } from '../../web/js/movegen.js';

const pieces = readFen(START_FEN);
const legal = legalMoves(pieces, 'red');

test('ICCS, WXF and Chinese texts name the same move', () => {
  for (const typed of ['h2e2', 'H2-E2', 'C2.5', 'c2=5', 'C25', '炮二平五', '炮2平5', '砲二平五', 'Ｃ２．５']) {
    assert.deepEqual(matchMove(typed, pieces, legal), { mv: 'h2e2' }, typed);
  }
  assert.deepEqual(matchMove('马二进三', pieces, legal), { mv: 'h0g2' });
  assert.deepEqual(matchMove('H2+3', pieces, legal), { mv: 'h0g2' });
  assert.deepEqual(matchMove('N2+3', pieces, legal), { mv: 'h0g2' });
});

test('an illegal, unreadable or empty text names no move', () => {
  assert.deepEqual(matchMove('h2h8', pieces, legal), { error: 'none' });
  assert.deepEqual(matchMove('炮二进九', pieces, legal), { error: 'none' });
  assert.deepEqual(matchMove('hello', pieces, legal), { error: 'none' });
  assert.deepEqual(matchMove('  ', pieces, legal), { error: 'empty' });
});
