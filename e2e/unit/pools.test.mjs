// Unit tests of rating pools in the web client: the event form's spec names the pool only when
// one is given, and a ladder's or event's `rating` is worded in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { specOf } from '../../web/js/views/tournament/create.js';
import { ratingScopeText, POOLS } from '../../web/js/i18n/pools.js';
import { t, has } from '../../web/js/i18n.js';

test('the form names a pool only when one is given', () => {
  assert.equal(specOf({ system: 'swiss', rounds: 3 }).rating, undefined);
  assert.equal(specOf({ system: 'swiss', pool: '  ' }).rating, undefined);
  assert.deepEqual(specOf({ system: 'swiss', pool: ' spring-open ', pool_profile: 'lotto' }).rating,
    { pool: 'spring-open', profile: 'lotto' });
  assert.deepEqual(specOf({ system: 'swiss', pool: 'p' }).rating, { pool: 'p', profile: 'glicko2' });
});

test('a rating scope is worded, and every text has both languages', () => {
  assert.deepEqual(Object.keys(POOLS.zh).sort(), Object.keys(POOLS.en).sort());
  for (const k of Object.keys(POOLS.en)) assert.ok(has(k), k);
  const site = ratingScopeText('site', t);
  assert.ok(site.length > 0);
  assert.equal(ratingScopeText(undefined, t), site);
  const pool = ratingScopeText({ pool: 'ladder-1', profile: 'glicko2' }, t);
  assert.ok(pool.includes('ladder-1') && pool.includes('Glicko-2'), pool);
});
