// Each screen hears only the message types it handles (socket.on, docs/web.md "Server
// messages") and lets go of them when it is left: after a tour of the screens the socket holds
// only main.js's own subscriptions again. Logging out from a table page shows the login page.
import { test, before, after } from 'node:test';
import { launch, newUser, tableIds, openTable, assert } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Goes to `hash` and waits for `selector`; returns how many subscriptions the socket holds. */
async function visit(page, hash, selector) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(selector);
  return page.evaluate(() => globalThis.chuhe.socket.subscriptions());
}

test('screens subscribe to their message types and unsubscribe when left', async () => {
  const u = await newUser(browser, 'sub');
  const { page } = u;
  // The ladders' list hears nothing: what remains is main.js's (balance, seeks, notices).
  const base = await visit(page, '#/ladders', '[data-testid=ladders]');
  assert.equal(base, 8, 'main.js: balance, three seek messages, four notice messages');

  const table = (await tableIds(page))[0];
  const screens = [
    ['#/', '[data-testid=lobby]', 8], // lobby, lobby_table, lobby_seeks, balance + 4 of the seeks
    [`#/table/${table}`, `[data-testid=table-view][data-table="${table}"] [data-testid=leave]`, 6], // with conduct_notice
    ['#/me', '[data-testid=profile]', 1], // one's own balance
    ['#/ai', '[data-testid=ai-setup]', 0], // table_state only once a game is asked for
    ['#/tournaments', '[data-testid=tournaments]', 0],
    ['#/teams', '[data-testid=teams]', 0],
    ['#/leagues', '[data-testid=leagues]', 0],
    ['#/notices', '[data-testid=notices]', 0],
    ['#/import', '[data-testid=import-text]', 0],
    ['#/analysis', '[data-testid=analysis]', 1], // analysis_lines
  ];
  for (const [hash, selector, own] of screens) {
    const n = await visit(page, hash, selector);
    assert.equal(n, base + own, `${hash} holds its own ${own}`);
    const back = await visit(page, '#/ladders', '[data-testid=ladders]');
    assert.equal(back, base, `leaving ${hash} lets go of them`);
  }
  // One's own profile follows one's balance, another's (the computer's, id 0) does not.
  const me = await page.evaluate(() => globalThis.chuhe.user.id);
  assert.equal(await visit(page, `#/user/${me}`, '[data-testid=profile]'), base + 1);
  assert.equal(await visit(page, '#/user/0', '[data-testid=profile]'), base);
  await u.ctx.close();
});

test('logging out from a table page goes to the login page', async () => {
  const u = await newUser(browser, 'out');
  const table = (await tableIds(u.page))[1];
  await openTable(u.page, table);
  const errors = [];
  u.page.on('pageerror', (e) => errors.push(e.message));
  await u.page.click('#logout');
  await u.page.waitForSelector('[data-testid=auth-name]');
  assert.deepEqual(errors, []);
  // The live socket is gone: a visitor's stand-in asks to sign in instead (net/visitor.js).
  assert.equal(await u.page.evaluate(() => globalThis.chuhe.socket.visitor), true);
  await u.ctx.close();
});
