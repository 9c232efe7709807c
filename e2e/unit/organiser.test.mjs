// Unit tests of the organiser's pairing box (web/js/views/tournament/organiser.js): "red black" lines
// become boards, a single id the bye, and the active players not listed sit the round out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePairing } from '../../web/js/views/tournament/organiser.js';
import { has } from '../../web/js/i18n.js';

test('pairing lines become boards, a bye and the absent players', () => {
  const p = parsePairing('12 15\n 7-9 \n\n3\n', [3, 7, 9, 12, 15, 20]);
  assert.deepEqual(p, { pairs: [[12, 15], [7, 9]], byes: [3], absent: [20] });
  for (const k of ['org.title', 'org.pair', 'org.pairHint', 'org.correct', 'org.foul', 'org.forbid', 'tour.tb.earlier_rounds', 'tour.tb.progressive_cut']) {
    assert.ok(has(k), k);
  }
});
