// Coins in the browser: a wager (竞猜) between the two players from proposal to settlement, a
// spectator bet paid out after the game, the rating chart after a rated game, the coin history,
// and the room gate. Balances are read from the header (updated by the private `balance`
// message) and checked against the settlement statements. Screenshots under target/e2e/.
import { test, before, after } from 'node:test';
import {
  launch, newUser, tableIds, openTable, startGame, play, waitPly, text, assert, SHOTS,
} from './lib.mjs';

// 1. 炮二平五 2. 炮五进四 (captures) 3. 炮八进二 4. 炮八平五 — double cannons, Red mates at ply 7.
const MATE = ['h2e2', 'a6a5', 'e2e6', 'i6i5', 'b2b4', 'a5a4', 'b4e4'];
const GRANT = 200; // [economy] starting_grant (default)

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The coins shown in the header. */
async function coins(page) {
  await page.waitForSelector('[data-testid=header-coins]:not([hidden])');
  return Number(await page.getAttribute('[data-testid=header-coins]', 'data-coins'));
}

/** Waits until the header shows `n` coins. */
async function waitCoins(page, n, timeout = 10000) {
  await page.waitForSelector(`[data-testid=header-coins][data-coins="${n}"]`, { timeout });
}

/** Whether the server speaks wagers and bets (CONTRACTS.md §D–E): its table wager history answers JSON. */
async function hasWagers(page, table) {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/tables/${id}/wagers?limit=1`);
    if (!res.ok || !(res.headers.get('content-type') || '').includes('json')) return false;
    return Array.isArray((await res.json()).wagers);
  }, table);
}

async function playMate(red, black, watchers = []) {
  const pages = [red, black];
  for (let i = 0; i < MATE.length; i++) {
    await play(pages[i % 2], MATE[i], i);
    for (const w of watchers) await waitPly(w, i + 1);
  }
}

test('a wager between the two players: propose, confirm, agree, play, settle', async (t) => {
  const alice = await newUser(browser, 'wa');
  const bob = await newUser(browser, 'wb');
  assert.equal(await coins(alice.page), GRANT, 'the starting grant is shown in the header');
  const ids = await tableIds(alice.page);
  const table = ids[2];
  if (!await hasWagers(alice.page, table)) {
    t.skip('this server has no wagers yet (branch wagers)');
    await Promise.all([alice.ctx.close(), bob.ctx.close()]);
    return;
  }

  await openTable(alice.page, table);
  await alice.page.click('[data-testid=sit-red]');
  await alice.page.waitForSelector('[data-testid=ready]');
  await openTable(bob.page, table);
  await bob.page.click('[data-testid=sit-black]');
  await bob.page.waitForSelector('[data-testid=ready]');

  // Alice proposes 100 : 100; Bob sees it, changes his stake to 80, Alice confirms that.
  await alice.page.click('[data-testid=wager-propose]');
  await alice.page.fill('[data-testid=wager-input-red]', '100');
  await alice.page.fill('[data-testid=wager-input-black]', '100');
  await alice.page.click('[data-testid=wager-dialog-ok]');
  await bob.page.waitForSelector('[data-testid=wager-status][data-phase=negotiating]');
  assert.equal(await text(bob.page, '[data-testid=wager-stake-red]'), '100');
  assert.equal(await text(bob.page, '[data-testid=wager-pot]'), '200');
  assert.equal(await text(bob.page, '[data-testid=wager-tax]'), '5%');
  await bob.page.waitForSelector('[data-testid=wager-hint].you');
  await bob.page.screenshot({ path: `${SHOTS}/wager-proposed.png` });
  await bob.page.click('[data-testid=wager-modify]');
  assert.equal(await bob.page.isDisabled('[data-testid=wager-mode-select]'), true, 'the mode is fixed once set');
  await bob.page.fill('[data-testid=wager-input-black]', '80');
  await bob.page.click('[data-testid=wager-dialog-ok]');
  await alice.page.waitForFunction(() => document.querySelector('[data-testid=wager-stake-black]')?.textContent === '80');
  await alice.page.click('[data-testid=wager-confirm]');

  // Both confirmed: both agree; the stakes go to escrow and the balances drop.
  await alice.page.waitForSelector('[data-testid=wager-agree]');
  await alice.page.click('[data-testid=wager-agree]');
  await bob.page.waitForSelector('[data-testid=wager-agree]');
  await bob.page.click('[data-testid=wager-agree]');
  await alice.page.waitForSelector('[data-testid=wager-status][data-phase=escrowed]');
  await waitCoins(alice.page, GRANT - 100);
  await waitCoins(bob.page, GRANT - 80);
  assert.equal(await text(alice.page, '[data-testid=wager-pot]'), '180');

  // Top up (追加) by Bob: 20 more.
  await bob.page.click('[data-testid=wager-topup]');
  await bob.page.fill('[data-testid=topup-amount]', '20');
  await bob.page.click('[data-testid=topup-ok]');
  await waitCoins(bob.page, GRANT - 100);
  await alice.page.waitForFunction(() => document.querySelector('[data-testid=wager-pot]')?.textContent === '200');
  await alice.page.screenshot({ path: `${SHOTS}/wager-escrowed.png` });

  // Play: Red (Alice) mates.
  await alice.page.click('[data-testid=ready]');
  await bob.page.click('[data-testid=ready]');
  await alice.page.waitForSelector('[data-testid=resign]');
  await alice.page.waitForSelector('[data-testid=wager-status][data-phase=in_game]');
  await playMate(alice.page, bob.page);

  // Both see the settlement: stake, returned, net, tax rate; the balances follow it.
  const statements = {};
  for (const p of [alice.page, bob.page]) {
    await p.waitForSelector('[data-testid=game-over] [data-testid=wager-settlement]');
    for (const c of ['red', 'black']) {
      const num = async (what) => Number((await text(p, `[data-testid=game-over] [data-testid=settle-${what}-${c}]`)).replace(/[,+]/g, ''));
      statements[c] = { stake: await num('stake'), returned: await num('returned'), net: await num('net') };
    }
    // The winner's gain (Black's 100) is taxed 5 %: 100 + 95 back; the loser gets nothing.
    assert.deepEqual(statements.red, { stake: 100, returned: 195, net: 95 });
    assert.deepEqual(statements.black, { stake: 100, returned: 0, net: -100 });
  }
  await waitCoins(alice.page, GRANT + 95);
  await waitCoins(bob.page, GRANT - 100);
  await alice.page.screenshot({ path: `${SHOTS}/wager-settled.png` });
  await alice.page.click('[data-testid=game-over-close]');

  // The table's wager history lists it.
  await bob.page.click('[data-testid=game-over-close]');
  await bob.page.click('[data-testid=wager-history]');
  await bob.page.waitForSelector('[data-testid=wager-history-list] tr[data-wager]');
  assert.match(await text(bob.page, '[data-testid=wager-history-list] tr[data-wager]'), /-100/);
  await bob.page.screenshot({ path: `${SHOTS}/wager-history.png` });
  await bob.page.click('[data-testid=wager-history-close]');

  // Alice's profile: coins, the coin history (grant, escrow, settlement), the rating chart.
  await alice.page.evaluate(() => { location.hash = '#/me'; });
  await alice.page.waitForSelector('[data-testid=ledger] tr[data-kind=wager_settle]');
  assert.equal(await text(alice.page, '[data-testid=profile-coins]'), String(GRANT + 95));
  const kinds = await alice.page.$$eval('[data-testid=ledger] tr[data-kind]', (rows) => rows.map((r) => r.dataset.kind));
  assert.deepEqual(kinds, ['wager_settle', 'wager_escrow', 'starting_grant'], 'newest first');
  // The server's English memo ("wager 1 stakes") is only the row's tooltip: the row shows the kind.
  assert.equal(await alice.page.locator('[data-testid=ledger] .memo').count(), 0);
  assert.match(await alice.page.getAttribute('[data-testid=ledger] tr[data-kind=wager_escrow]', 'title'), /wager/);
  const chart = await alice.page.waitForSelector('[data-testid=rating-chart], [data-testid=rating-chart-empty]');
  assert.ok(chart);
  if (await alice.page.locator('[data-testid=rating-chart]').count()) {
    assert.equal(await alice.page.getAttribute('[data-testid=rating-chart]', 'data-points'), '1');
    const dot = alice.page.locator('[data-testid=rating-chart] circle[data-game]').first();
    await dot.hover();
    await alice.page.waitForSelector('[data-testid=rating-chart-tip]:not([hidden])');
    assert.match(await text(alice.page, '[data-testid=rating-chart-tip]'), /第 \d+ 局/);
  }
  await alice.page.screenshot({ path: `${SHOTS}/profile.png`, fullPage: true });
  await Promise.all([alice.ctx.close(), bob.ctx.close()]);
});

test('spectators bet on the game; the winner is paid, the players cannot bet', async (t) => {
  const red = await newUser(browser, 'br');
  const black = await newUser(browser, 'bk');
  const carol = await newUser(browser, 'bc');
  const dan = await newUser(browser, 'bd', { viewport: { width: 390, height: 844 } });
  const ids = await tableIds(red.page);
  const table = ids[3];
  if (!await hasWagers(red.page, table)) {
    t.skip('this server has no betting pools yet (branch wagers)');
    await Promise.all([red.ctx.close(), black.ctx.close(), carol.ctx.close(), dan.ctx.close()]);
    return;
  }
  await startGame(red.page, black.page, table);

  // Carol bets 50 on Red, then adds 10; Dan bets 30 on Black.
  await openTable(carol.page, table);
  await carol.page.waitForSelector('[data-testid=bet-state][data-open=true]');
  await carol.page.click('[data-testid=bet-pick-red]');
  await carol.page.fill('[data-testid=bet-amount]', '50');
  await carol.page.click('[data-testid=bet-submit]');
  await carol.page.waitForSelector('[data-testid=my-bet][data-amount="50"]');
  await waitCoins(carol.page, GRANT - 50);
  await carol.page.fill('[data-testid=bet-amount]', '10');
  assert.equal(await carol.page.isDisabled('[data-testid=bet-pick-black]'), true, 'an added bet keeps its pick');
  await carol.page.click('[data-testid=bet-submit]');
  await carol.page.waitForSelector('[data-testid=my-bet][data-amount="60"]');
  await openTable(dan.page, table);
  await dan.page.click('[data-testid=bet-pick-black]');
  await dan.page.fill('[data-testid=bet-amount]', '30');
  await dan.page.click('[data-testid=bet-submit]');
  await dan.page.waitForSelector('[data-testid=my-bet][data-amount="30"]');
  await waitCoins(dan.page, GRANT - 30);

  // Everyone sees the live totals and bettor counts.
  for (const p of [carol.page, red.page]) {
    await p.waitForFunction(() => document.querySelector('[data-testid=pool-total-black]')?.textContent === '30');
    assert.equal(await text(p, '[data-testid=pool-total-red]'), '60');
    assert.equal(await text(p, '[data-testid=pool-bettors-red]'), '1人');
  }
  // The players see the pool but cannot bet.
  await red.page.waitForSelector('[data-testid=bet-panel] [data-testid=bet-players]');
  assert.equal(await red.page.locator('[data-testid=bet-submit]').count(), 0);
  await carol.page.screenshot({ path: `${SHOTS}/bet-open.png` });
  await dan.page.screenshot({ path: `${SHOTS}/bet-open-phone.png`, fullPage: true });

  // Red mates; Carol's 60 on Red wins: ((90 / 60)·60 − 60)·0.95 + 60 = 88 (rounded down).
  await playMate(red.page, black.page, [carol.page, dan.page]);
  await carol.page.waitForSelector('[data-testid=my-payout]');
  assert.equal(await carol.page.getAttribute('[data-testid=my-payout]', 'data-payout'), '88');
  await waitCoins(carol.page, GRANT - 60 + 88);
  await dan.page.waitForSelector('[data-testid=my-payout][data-payout="0"]');
  await waitCoins(dan.page, GRANT - 30);
  await carol.page.waitForSelector('[data-testid=pool-result]');
  await carol.page.screenshot({ path: `${SHOTS}/bet-settled.png` });
  await carol.page.evaluate(() => { location.hash = '#/me'; });
  await carol.page.waitForSelector('[data-testid=ledger] tr[data-kind=pool_settle]');
  // Her own bets are listed with the payout.
  await carol.page.waitForSelector('[data-testid=my-bets] tr[data-status=settled]');
  assert.equal(await text(carol.page, '[data-testid=my-bets] tr[data-status=settled] [data-testid=my-bet-payout]'), '88');
  await Promise.all([red.ctx.close(), black.ctx.close(), carol.ctx.close(), dan.ctx.close()]);
});

test('a room that needs more coins turns the user away with a clear message', async () => {
  const erin = await newUser(browser, 'ge');
  const lobby = await erin.page.evaluate(async () => (await fetch('/api/lobby')).json());
  const rich = lobby.rooms.find((r) => r.min_coins > GRANT);
  assert.ok(rich, 'e2e/chuhe-e2e.toml has a room above the starting grant');
  // The lobby marks the room and does not offer its tables.
  await erin.page.waitForSelector(`[data-testid=room-locked-${rich.id}]`);
  await erin.page.click(`[data-testid=room-tab-${rich.id}]`);
  const table = rich.tables[0].id;
  assert.equal(await erin.page.isDisabled(`[data-testid=open-${table}]`), true);
  await erin.page.screenshot({ path: `${SHOTS}/room-gate-lobby.png`, fullPage: true });
  // Going there anyway (a link): the server refuses (not_enough_coins) and the page says why.
  await erin.page.evaluate((h) => { location.hash = h; }, `#/table/${table}`);
  await erin.page.waitForSelector('[data-testid=table-refused] [data-testid=coin-gate]');
  assert.match(await text(erin.page, '[data-testid=coin-gate]'), new RegExp(`${rich.min_coins}.*${GRANT}`));
  await erin.page.screenshot({ path: `${SHOTS}/room-gate.png` });
  await erin.ctx.close();
});

test('an honorary title set by the administrator is shown with its marker', async (t) => {
  const { execFileSync } = await import('node:child_process');
  const bin = process.env.CHUHE_BIN;
  const data = process.env.CHUHE_DATA;
  const run = (args) => execFileSync(bin, args, { stdio: 'pipe' }).toString();
  try {
    run(['admin', 'title', '--help']);
  } catch {
    t.skip('this build has no `chuhe admin title`');
    return;
  }
  const gina = await newUser(browser, 'gt');
  run(['admin', 'title', '--user', gina.name, '--honorary', '国家大师', '--data', data]);
  await gina.page.evaluate(() => { location.hash = '#/me'; });
  await gina.page.waitForSelector('[data-testid=profile-honorary]');
  assert.match(await text(gina.page, '[data-testid=profile-honorary]'), /◆\s*国家大师/);
  assert.match(await text(gina.page, '[data-testid=profile] h1 [data-testid=honorary]'), /国家大师/);
  await gina.page.screenshot({ path: `${SHOTS}/profile-honorary.png` });
  await gina.ctx.close();
});
