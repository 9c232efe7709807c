// Ratings from day one (issue 17): the level picker shows each level's rating; a rated game
// against level 1 (timed, no undo, no hint) ends with the rating change in the game-over box;
// an unrated one says why it was not rated.
import { test, before, after } from 'node:test';
import { launch, newUser, clickMove, waitPly, assert, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Opens the computer's page and starts a game at level 1 as red, rated or not. */
async function startLevelOne(page, rated) {
  await page.click('[data-testid=lobby-ai]');
  // Each level shows its current rating (level 1 starts at the profile's 1400 − 400 = 1000).
  await page.waitForFunction(() => /1级 · \d{3,4}$/.test(document.querySelector('[data-testid=ai-level] option[value="1"]')?.textContent || ''));
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.selectOption('[data-testid=ai-rated]', rated ? '1' : '0');
  if (rated) {
    // A rated game cannot be untimed.
    assert.equal(await page.isDisabled('[data-testid=ai-control] option[value=untimed]'), true);
    assert.notEqual(await page.inputValue('[data-testid=ai-control]'), 'untimed');
  }
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
}

/** Plays one move, waits for the computer's answer, and resigns. */
async function playAndResign(page) {
  await clickMove(page, 'h2e2', 0);
  await waitPly(page, 2, 30000);
  await page.click('[data-testid=resign]');
  await page.click('[data-testid=resign-confirm-yes]');
  await page.waitForSelector('[data-testid=game-over]');
}

test('a rated game against level 1 shows the rating change; no undo, no hint', async () => {
  const { ctx, page } = await newUser(browser, 'rita');
  await startLevelOne(page, true);
  assert.equal(await page.locator('[data-testid=undo]').count(), 0);
  assert.equal(await page.locator('[data-testid=hint]').count(), 0);
  await playAndResign(page);
  // The e2e site rates by `qq`: a newcomer (1400, K 30) who moved first loses to level 1 (1000):
  // 30 × (0 − 1/(1 + 10^(−500/400))) = −28; the level gains an eighth of 60 × 0.947 = +7.
  await page.waitForSelector('[data-testid=rating-red]');
  const red = await page.textContent('[data-testid=rating-red]');
  assert.match(red, /1400 → 1372/);
  assert.match(red, /\(-28\)/);
  assert.match(await page.textContent('[data-testid=rating-black]'), /电脑 · 1级: 1000 → 1007 \(\+7\)/);
  assert.equal(await page.locator('[data-testid=game-over-unrated]').count(), 0);
  await page.screenshot({ path: `${SHOTS}/ai-rated-over.png` });
  // The profile counts the rated game.
  await page.click('[data-testid=game-over-close]');
  await page.goto(page.url().replace(/#.*$/, '#/me'));
  await page.waitForSelector('[data-testid=profile-played]');
  assert.match(await page.textContent('[data-testid=profile-played]'), /计分 1 · 不计分 0/);
  await ctx.close();
});

test('an unrated game against the computer says why it was not rated', async () => {
  const { ctx, page } = await newUser(browser, 'una');
  await startLevelOne(page, false);
  await playAndResign(page);
  const why = page.locator('[data-testid=game-over-unrated]');
  await why.waitFor();
  assert.equal(await why.getAttribute('data-why'), 'casual');
  assert.match(await why.textContent(), /本局不计等级分.*不计分对局/);
  assert.equal(await page.locator('[data-testid=rating-red]').count(), 0);
  await page.screenshot({ path: `${SHOTS}/ai-unrated-over.png` });
  await ctx.close();
});
