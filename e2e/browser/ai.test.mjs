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
