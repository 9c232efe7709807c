// A game against the computer: it replies; undo; reloading resumes the game.
import { test, before, after } from 'node:test';
import { launch, newUser, clickMove, waitPly, assert, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the computer replies, undo works, reload resumes', async () => {
  const { ctx, page } = await newUser(browser, 'fay');
  await page.click('[data-testid=lobby-ai]');
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
  // The computer may answer before the board is ever seen at ply 1: wait for ply 2 only.
  await clickMove(page, 'h2e2', 0);
  await waitPly(page, 2, 30000); // the computer answered
  await page.reload();
  await waitPly(page, 2);
  await page.waitForSelector('[data-testid=resign]');
  await page.click('[data-testid=undo]');
  await waitPly(page, 0, 15000);
  await clickMove(page, 'b2e2', 0);
  await waitPly(page, 2, 30000);
  assert.equal(await page.getAttribute('[data-testid=board]', 'data-turn'), 'red');
  await page.screenshot({ path: `${SHOTS}/ai-game.png` });
  await ctx.close();
});

test('a hint highlights the suggested move until the next move', async () => {
  const { ctx, page } = await newUser(browser, 'hal');
  await page.click('[data-testid=lobby-ai]');
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=hint]:not([disabled])');
  await waitPly(page, 0);
  await page.click('[data-testid=hint]');
  const from = page.locator('[data-testid=board] .xq-hint-from');
  const to = page.locator('[data-testid=board] .xq-hint-to');
  await from.waitFor({ timeout: 15000 });
  const mv = `${await from.getAttribute('data-sq')}${await to.getAttribute('data-sq')}`;
  assert.match(mv, /^[a-i][0-9][a-i][0-9]$/);
  // One hint per position: the button waits for the next move.
  assert.equal(await page.isDisabled('[data-testid=hint]'), true);
  await page.screenshot({ path: `${SHOTS}/ai-hint.png` });
  // The suggested move is playable; the highlight goes with it.
  await clickMove(page, mv, 0);
  await waitPly(page, 2, 30000);
  assert.equal(await page.locator('[data-testid=board] .xq-hint').count(), 0);
  await page.waitForSelector('[data-testid=hint]:not([disabled])');
  await ctx.close();
});
