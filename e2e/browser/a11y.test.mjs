// Accessible (#36, item 7): axe-core finds no critical or serious WCAG 2 A/AA violation on the
// lobby, a table, a replay, a profile and an event page; each page has one h1; the board takes
// keyboard focus and announces the last move to screen readers.
import { test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { launch, newUser, startGame, play, tableIds, axeViolations, assert } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const run = (args) => execFileSync(process.env.CHUHE_BIN, [...args, '--data', process.env.CHUHE_DATA], { stdio: 'pipe' }).toString();

/** Goes to `hash`, waits for `selector`, and checks the page: axe, one h1. */
async function check(page, hash, selector) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(selector);
  await page.waitForTimeout(300);
  const bad = await axeViolations(page);
  assert.deepEqual(bad, [], `${hash}: ${JSON.stringify(bad, null, 1)}`);
  assert.equal(await page.locator('#view h1').count(), 1, `${hash}: one h1`);
}

test('the lobby, a table, a replay, a profile and an event page pass axe-core', async () => {
  const red = await newUser(browser, 'axr');
  const black = await newUser(browser, 'axb');
  await check(red.page, '#/', '[data-testid=table-list] [data-testid^=table-]');
  const ids = await tableIds(red.page);
  const table = ids[ids.length - 2];
  await startGame(red.page, black.page, table);
  await play(red.page, 'h2e2', 0);
  await check(red.page, `#/table/${table}`, '[data-testid=resign]');
  // The board takes keyboard focus and names the last move for screen readers.
  const board = red.page.locator('[data-testid=board] [tabindex]').first();
  await board.focus();
  assert.ok(await red.page.evaluate(() => !!document.activeElement?.closest('[data-testid=board]')));
  assert.match(await red.page.textContent('[data-testid=board-live]'), /炮二平五/);
  await red.page.click('[data-testid=resign]');
  await red.page.click('[data-testid=resign-confirm-yes]');
  await red.page.waitForSelector('[data-testid=game-over-replay]');
  await red.page.click('[data-testid=game-over-replay]');
  await red.page.waitForSelector('[data-testid=replay-result]');
  const game = await red.page.evaluate(() => location.hash);
  await check(red.page, game, '[data-testid=replay-result]');
  await check(red.page, '#/me', '[data-testid=profile] [data-testid=profile-title]');
  const out = run(['admin', 'tournament', 'create', '--name', `Axe Cup ${Date.now() % 100000}`, '--by', red.name]);
  const id = Number(/created event (\d+)/.exec(out)?.[1]);
  await check(red.page, `#/tournament/${id}`, '[data-testid=tournament-status]');
  await red.ctx.close();
  await black.ctx.close();
});
