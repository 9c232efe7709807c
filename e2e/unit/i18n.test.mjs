// The dictionary: every error code of the protocol worded in both languages, a key defined
// once, the same placeholders in zh and en, and refusals shown in the interface's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setLang, DICTIONARY, PARTS, t } from '../../web/js/i18n.js';
import { errorText } from '../../web/js/ui.js';

const codes = () => {
  const src = fs.readFileSync(new URL('../../crates/protocol/src/error_code/mod.rs', import.meta.url), 'utf8');
  return [...src.matchAll(/^\s+[A-Z]\w* = "([a-z_]+)",$/gm)].map((m) => m[1]);
};

test('every error code of the protocol has a Chinese and an English text', () => {
  const all = codes();
  assert.ok(all.length > 90, `read ${all.length} codes`);
  const missing = all.filter((c) => !DICTIONARY.zh[`err.${c}`] || !DICTIONARY.en[`err.${c}`]);
  assert.deepEqual(missing, []);
});

test('a key is defined in one part of the dictionary only', () => {
  const seen = new Map();
  const twice = [];
  for (const [name, part] of Object.entries(PARTS)) {
    for (const key of new Set([...Object.keys(part.zh), ...Object.keys(part.en)])) {
      if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${name}`);
      seen.set(key, name);
    }
  }
  assert.deepEqual(twice, []);
});

test('zh and en fill the same placeholders', () => {
  const holes = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
  const differ = Object.keys(DICTIONARY.en)
    .filter((k) => k in DICTIONARY.zh && holes(DICTIONARY.zh[k]) !== holes(DICTIONARY.en[k]));
  assert.deepEqual(differ, []);
});

test('refusals and table errors are shown in the interface language, not the server English', () => {
  setLang('zh');
  assert.equal(errorText({ code: 'tournament_refused', message: 'the event is over' }), '比赛已结束');
  assert.equal(errorText({ code: 'nothing_to_undo', message: 'nothing to undo' }), '没有可以悔的棋');
  const odd = errorText({ code: 'tournament_refused', message: 'some new reason' });
  assert.equal(odd, t('err.tournament_refused'));
  assert.doesNotMatch(odd, /[a-z]{3}/);
  assert.doesNotMatch(errorText(new Error('Failed to fetch')), /Failed/);
  const at = errorText({ code: 'ladder_refused', message: 'you met too recently: again after 2026-12-08 14:05 UTC' });
  assert.match(at, /2026\/12\/08/);
  assert.doesNotMatch(at, /UTC|again/);
  assert.equal(errorText({ code: 'ladder_refused', message: 'out of reach: you may challenge up to place 3' }), '够不着：你最多可以挑战第 3 名');
  setLang('en');
  assert.equal(errorText({ code: 'tournament_refused', message: 'the event is over' }), 'The event is over');
  assert.equal(errorText({ code: 'tournament_refused', message: 'some new reason' }), 'The event refused this: some new reason');
  setLang('zh');
});
