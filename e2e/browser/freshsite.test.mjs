// A fresh site (issue 17): under the default `ourgame` profile two provisional players are never
// rated, so a newcomer gets a rating from the computer's rated levels. A new user plays rated
// games against level 1 in the browser until the provisional period (20 rated games) is over,
// and the profile then shows a rating title. Runs against the second server e2e/run.sh starts
// with e2e/chuhe-e2e-fresh.toml (CHUHE_FRESH_URL).
import { test, before, after } from 'node:test';
import { launch, newUser, clickMove, waitPly, assert, SHOTS } from './lib.mjs';

const FRESH = process.env.CHUHE_FRESH_URL;
/** `platform::rating::OURGAME_PROVISIONAL_GAMES`. */
const PROVISIONAL_GAMES = 20;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The profile page's title and rated/unrated counts. */
async function profile(page) {
  await page.evaluate(() => { location.hash = '#/me'; });
  await page.waitForSelector('[data-testid=profile-title]');
  return {
    title: await page.textContent('[data-testid=profile-title]'),
    played: await page.locator('[data-testid=profile-played]').textContent().catch(() => ''),
  };
}

/** One rated game against level 1 as red: one exchange of moves, then red resigns; returns the
 * game-over box's text and whether it said the game was unrated. */
async function ratedGame(page) {
  await page.evaluate(() => { location.hash = '#/ai'; });
  await page.waitForSelector('[data-testid=ai-start]');
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.selectOption('[data-testid=ai-rated]', '1');
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
  await clickMove(page, 'h2e2', 0);
  await waitPly(page, 2, 30000);
  await page.click('[data-testid=resign]');
  await page.click('[data-testid=resign-confirm-yes]');
  await page.waitForSelector('[data-testid=game-over] [data-testid=rating-red]');
  const text = await page.textContent('[data-testid=game-over]');
  const unrated = await page.locator('[data-testid=game-over-unrated]').count();
  await page.click('[data-testid=game-over-close]');
  return { text, unrated };
}

test('a newcomer on a fresh site leaves the provisional period against the computer', { skip: !FRESH && 'CHUHE_FRESH_URL not set' }, async () => {
  const { ctx, page } = await newUser(browser, 'fresh', { base: FRESH });
  const start = await profile(page);
  assert.match(start.title, /无称号|—/, 'a provisional newcomer has no title');
  for (let i = 1; i <= PROVISIONAL_GAMES; i += 1) {
    const over = await ratedGame(page);
    // Every game is rated (the level is an established player): the box shows the change.
    assert.equal(over.unrated, 0, `game ${i}: ${over.text}`);
    if (i === PROVISIONAL_GAMES - 1) {
      assert.equal((await profile(page)).title, start.title, 'still provisional after 19 games');
    }
  }
  const done = await profile(page);
  assert.doesNotMatch(done.title, /无称号|—/, `a title after ${PROVISIONAL_GAMES} games: ${done.title}`);
  assert.match(done.played, new RegExp(`计分 ${PROVISIONAL_GAMES} · 不计分 0`));
  await page.screenshot({ path: `${SHOTS}/fresh-site-title.png` });
  await ctx.close();
});
