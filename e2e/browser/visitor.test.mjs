// A visitor who has not signed in (#36, item 1): the hall with its rooms, tables and quick
// grid, the events and the computer are open to them; watching a table needs no sign-in;
// acting (a quick seek, sitting down, playing the computer) asks them to sign in or continue
// as a guest, and brings them back to what they were doing.
import { test, before, after } from 'node:test';
import { launch, tableIds, assert, BASE, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A fresh context with no session; its page at `hash`. */
async function visitor(hash = '#/', viewport = { width: 1200, height: 900 }) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript(() => { localStorage.setItem('chuhe.noanim', '1'); });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${BASE}/?noanim=1${hash}`);
  return { ctx, page, errors };
}

test('a visitor sees the hall, its tables and the quick grid, and the open pages, without a wall', async () => {
  const { ctx, page, errors } = await visitor('#/');
  await page.waitForSelector('[data-testid=lobby]');
  await page.waitForSelector('[data-testid=visitor-welcome]');
  await page.waitForSelector('[data-testid=table-list] [data-testid^=table-]');
  await page.waitForSelector('[data-testid=quick-grid]');
  assert.equal(await page.evaluate(() => location.hash), '#/');
  assert.ok(await page.isVisible('[data-testid=header-signin]'));
  assert.ok(await page.isVisible('[data-testid=header-guest]'));
  await page.screenshot({ path: `${SHOTS}/visitor-lobby.png` });
  // Every page open to a visitor shows itself, not the login form.
  for (const [hash, selector] of [
    ['#/tournaments', '[data-testid=tournaments-upcoming]'], ['#/ladders', '[data-testid=ladders]'],
    ['#/teams', '[data-testid=teams]'], ['#/leagues', '[data-testid=leagues]'],
    ['#/ai', '[data-testid=ai-setup]'], ['#/analysis', '[data-testid=analysis]'], ['#/user/0', '[data-testid=profile]'],
  ]) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForSelector(selector);
    assert.equal(await page.locator('[data-testid=auth-name]').count(), 0, `${hash} is open`);
  }
  // One's own pages still ask who one is, and come back after.
  await page.evaluate(() => { location.hash = '#/collection'; });
  await page.waitForSelector('[data-testid=auth-name]');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a quick seek asks to sign in; continuing as a guest comes back to the hall', async () => {
  const { ctx, page } = await visitor('#/');
  await page.waitForSelector('[data-testid=quick-grid]');
  await page.click('[data-testid=quick-5\\+3]');
  await page.waitForSelector('[data-testid=ask-signin]');
  await page.click('[data-testid=ask-signin-guest]');
  await page.waitForSelector('#net[data-status=online]');
  await page.waitForSelector('[data-testid=lobby]');
  assert.equal(await page.evaluate(() => location.hash), '#/');
  assert.equal(await page.evaluate(() => globalThis.chuhe.user.guest), true);
  assert.equal(await page.locator('[data-testid=visitor-welcome]').count(), 0);
  assert.ok(!(await page.isVisible('[data-testid=header-guest]')));
  await ctx.close();
});

test('sitting down asks to sign in; registering brings the visitor to that table', async () => {
  const { ctx, page } = await visitor('#/');
  await page.waitForSelector('[data-testid=table-list] [data-testid^=table-]');
  const ids = await tableIds(page);
  const table = ids[ids.length - 1];
  await page.click(`[data-testid=open-${table}]`);
  await page.waitForSelector('[data-testid=ask-signin]');
  await page.click('[data-testid=ask-signin-login]');
  await page.waitForSelector('[data-testid=auth-name]');
  await page.fill('[data-testid=auth-name]', `vis${Date.now().toString(36).slice(-6)}`);
  await page.fill('[data-testid=auth-password]', 'correct-horse-9');
  await page.click('[data-testid=auth-register]');
  await page.waitForSelector(`[data-testid=table-view][data-table="${table}"] [data-testid=sit-red]`);
  await ctx.close();
});

test('watching a table needs no sign-in, and the computer starts after continuing as a guest', async () => {
  const { ctx, page } = await visitor('#/');
  await page.waitForSelector('[data-testid=table-list] [data-testid^=table-]');
  const table = (await tableIds(page))[0];
  await page.evaluate((h) => { location.hash = h; }, `#/table/${table}`);
  await page.waitForSelector(`[data-testid=table-view][data-table="${table}"] [data-testid=leave]`);
  assert.equal(await page.locator('[data-testid=ask-signin]').count(), 0);
  await ctx.close();

  const v = await visitor('#/ai');
  await v.page.waitForSelector('[data-testid=ai-setup]');
  await v.page.selectOption('[data-testid=ai-color]', 'black');
  await v.page.click('[data-testid=ai-start]');
  await v.page.waitForSelector('[data-testid=ask-signin]');
  await v.page.click('[data-testid=ask-signin-guest]');
  // Back where they were going: the game against the computer, as Black (the computer moves).
  await v.page.waitForSelector('[data-testid=table-view] [data-testid=board][data-ply="1"]', { timeout: 20000 });
  await v.ctx.close();
});
