// The ban banner's countdown text (web/js/views/account/sanction.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timeLeft } from '../../web/js/views/account/sanction.js';

test('timeLeft counts down in m:ss, then h:mm:ss, never below zero', () => {
  assert.equal(timeLeft(65_000, 0), '1:05');
  assert.equal(timeLeft(300_000, 1), '5:00');
  assert.equal(timeLeft(3_600_000 + 61_000, 0), '1:01:01');
  assert.equal(timeLeft(0, 5_000), '0:00');
});
