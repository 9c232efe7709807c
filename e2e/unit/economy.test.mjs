// Unit tests of the coin, wager, pool and chart helpers (web/js/economy.js, web/js/chart.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newKey, formatCoins, signedCoins, percent, parseAmount, wagerPot, coachOf, wagerPhase,
  wagerActions, wagerWaitingFor, proposalStakes, estimatePayout, estimateAfterBet, poolShares, poolOpen,
  wagerSeen, betGame,
} from '../../web/js/economy.js';
import { niceStep, niceTicks, indexTicks, layoutChart, linePath } from '../../web/js/chart.js';
import { applyEvent, initTable } from '../../web/js/tablestate.js';

const wager = (over = {}) => ({
  id: 5, mode: 'ordinary', stakes: { red: 100, black: 100 }, confirmed: { red: true, black: false },
  agreed: { red: false, black: false }, status: 'negotiating', game_id: null, tax_rate_permille: 50, ...over,
});
const pool = {
  game_id: 12, open: true, close_ply: 20, total: 300, bettors: 3,
  picks: { red: { total: 200, bettors: 2 }, black: { total: 100, bettors: 1 }, draw: { total: 0, bettors: 0 } },
};

test('keys, amounts and rates', () => {
  const k = newKey();
  assert.match(k, /^[A-Za-z0-9_-]{8,64}$/);
  assert.notEqual(newKey(), k);
  assert.equal(formatCoins(1234567), '1,234,567');
  assert.equal(formatCoins(-1500), '-1,500');
  assert.equal(formatCoins(null), '—');
  assert.equal(signedCoins(90), '+90');
  assert.equal(signedCoins(-100), '-100');
  assert.equal(signedCoins(0), '0');
  assert.equal(percent(50), '5%');
  assert.equal(percent(25), '2.5%');
  assert.equal(parseAmount(' 1,000 '), 1000);
  assert.equal(parseAmount('0'), null);
  assert.equal(parseAmount('0', 0), 0);
  assert.equal(parseAmount('-5'), null);
  assert.equal(parseAmount('1.5'), null);
  assert.equal(parseAmount('abc'), null);
});

test('wager phases and the actions each player has', () => {
  assert.equal(wagerPhase(null), 'none');
  assert.deepEqual(wagerActions(null, 'red'), { propose: true, modify: false, confirm: false, agree: false, cancel: false, topup: false });
  assert.deepEqual(wagerActions(null, null), { propose: false, modify: false, confirm: false, agree: false, cancel: false, topup: false });
  const w = wager();
  assert.equal(wagerPhase(w), 'negotiating');
  assert.equal(wagerActions(w, 'red').confirm, false, 'the proposer already confirmed');
  assert.equal(wagerActions(w, 'black').confirm, true);
  assert.equal(wagerActions(w, 'black').modify, true);
  assert.equal(wagerWaitingFor(w, 'red'), 'them');
  assert.equal(wagerWaitingFor(w, 'black'), 'you');
  const c = wager({ confirmed: { red: true, black: true }, agreed: { red: true, black: false } });
  assert.equal(wagerPhase(c), 'confirmed');
  assert.equal(wagerActions(c, 'red').agree, false);
  assert.equal(wagerActions(c, 'black').agree, true);
  assert.equal(wagerWaitingFor(c, 'red'), 'them');
  const e = wager({ status: 'escrowed', confirmed: { red: true, black: true }, agreed: { red: true, black: true } });
  assert.equal(wagerPhase(e), 'escrowed');
  assert.deepEqual(wagerActions(e, 'black'), { propose: false, modify: false, confirm: false, agree: false, cancel: false, topup: true });
  assert.equal(wagerPot(e), 200);
  const coach = wager({ mode: 'coaching', stakes: { red: 0, black: 80 }, status: 'in_game' });
  assert.equal(coachOf(coach), 'red');
  assert.equal(wagerActions(coach, 'red').topup, false, 'the coach stakes nothing');
  assert.equal(wagerActions(coach, 'black').topup, true);
});

test('proposal stakes from the dialog fields', () => {
  assert.deepEqual(proposalStakes({ mode: 'ordinary', red: '100', black: '50' }), { red: 100, black: 50 });
  assert.equal(proposalStakes({ mode: 'ordinary', red: '0', black: '0' }), null);
  assert.equal(proposalStakes({ mode: 'ordinary', red: '-1', black: '5' }), null);
  assert.deepEqual(proposalStakes({ mode: 'coaching', coach: 'black', fee: '30' }), { black: 0, red: 30 });
  assert.equal(proposalStakes({ mode: 'coaching', coach: 'black', fee: '0' }), null);
});

test('pool estimates follow payout = ((T/Tw)·s − s)·(1 − t) + s', () => {
  // A bet of 100 on black: T = 400, Tw = 200: gain (2·100 − 100)·0.95 = 95 → 195.
  assert.equal(estimatePayout(pool, 'black', 100, 50), 195);
  // Already included: red 200 of 300, a stake of 100: (1.5·100 − 100)·0.95 + 100 = 147.5 → 147.
  assert.equal(estimatePayout(pool, 'red', 100, 50, true), 147);
  // Nobody else on other picks: nothing to win.
  const lone = { ...pool, total: 100, picks: { red: { total: 100, bettors: 1 }, black: { total: 0, bettors: 0 }, draw: { total: 0, bettors: 0 } } };
  assert.equal(estimatePayout(lone, 'red', 100, 50, true), null);
  // Adding 50 to an existing bet of 100 on black: T = 350, Tw = 150, s = 150 → (350 − 150)·0.95 + 150 = 340.
  assert.equal(estimateAfterBet(pool, 'black', 50, 100, 50), 340);
  const empty = { ...pool, total: 0, bettors: 0, picks: { red: { total: 0, bettors: 0 }, black: { total: 0, bettors: 0 }, draw: { total: 0, bettors: 0 } } };
  assert.equal(estimateAfterBet(empty, 'red', 50, 0, 50), null, 'a lone bettor is refunded');
  assert.deepEqual(poolShares(pool), { red: 67, black: 33, draw: 0 });
  assert.equal(poolOpen(pool, 19), true);
  assert.equal(poolOpen(pool, 20), false);
  assert.equal(poolOpen({ ...pool, open: false }, 3), false);
});

test('chart ticks and layout', () => {
  assert.equal(niceStep(100, 5), 20);
  assert.equal(niceStep(12, 5), 5);
  assert.equal(niceStep(3, 5), 1, 'whole points');
  assert.deepEqual(niceTicks(1389, 1400).ticks, [1385, 1390, 1395, 1400]);
  const s = niceTicks(1388, 1431, 5);
  assert.ok(s.min <= 1388 && s.max >= 1431);
  assert.deepEqual(s.ticks, [1380, 1390, 1400, 1410, 1420, 1430, 1440]);
  assert.deepEqual(niceTicks(1400, 1400).ticks.length > 1, true, 'a flat history still gets a range');
  assert.deepEqual(indexTicks(4), [0, 1, 2, 3]);
  const many = indexTicks(100, 8);
  assert.equal(many[0], 0);
  assert.equal(many.at(-1), 99);
  assert.ok(many.length <= 8);
  const L = layoutChart({ start: 1400, points: [{ game: 3, rating: 1416, delta: 16 }, { game: 4, rating: 1390, delta: -26 }] },
    { width: 600, height: 200, pad: { l: 50, r: 10, t: 10, b: 30 } });
  assert.equal(L.pts.length, 3);
  assert.equal(L.pts[0].x, 50);
  assert.equal(L.pts[2].x, 590);
  assert.ok(L.pts[1].y < L.pts[0].y && L.pts[2].y > L.pts[0].y, 'higher ratings are drawn higher');
  assert.equal(L.pts[1].point.game, 3);
  for (const p of L.pts) assert.ok(p.y >= 10 && p.y <= 170);
  assert.match(linePath(L.pts), /^M50 [\d.]+ L320 [\d.]+ L590 [\d.]+$/);
});

test('wager and pool events update the table state', () => {
  const st = initTable({ summary: { seats: { red: null, black: null }, spectators: 0, status: 'waiting' }, spectators: [], game: null }, 0);
  assert.equal(st.wager, null);
  applyEvent(st, { type: 'wager', wager: wager() }, 0);
  assert.equal(st.wager.id, 5);
  applyEvent(st, { type: 'pool', pool }, 0);
  assert.equal(st.pool.total, 300);
  const settled = { type: 'wager_settled', wager_id: 5, game_id: 12, outcome: 'won', statements: { red: { stake: 100, returned: 195, net: 95, tax_rate_permille: 50 }, black: { stake: 100, returned: 0, net: -100, tax_rate_permille: 50 } } };
  applyEvent(st, settled, 0);
  assert.equal(st.wager, null);
  assert.equal(st.settlement.outcome, 'won');
  applyEvent(st, { type: 'pool_settled', game_id: 12, result: '1-0', refunded: false, reason: null, house: 5 }, 0);
  assert.equal(st.pool.open, false);
  assert.equal(st.poolResult.result, '1-0');
  applyEvent(st, { type: 'game_started', game: { game_id: 13, moves: [] } }, 0);
  assert.equal(st.pool, null, 'the old pool goes with the old game');
  assert.equal(st.settlement, null);
});

test('confirmations name what was shown, bets their game', () => {
  assert.deepEqual(wagerSeen(wager({ version: 3 })), { version: 3, stakes: { red: 100, black: 100 } });
  assert.deepEqual(wagerSeen(wager()), { stakes: { red: 100, black: 100 } });
  assert.deepEqual(wagerSeen(null), {});
  assert.equal(betGame(pool, { game_id: 13 }), 12);
  assert.equal(betGame(null, { game_id: 13 }), 13);
  assert.equal(betGame(null, null), null);
});
