// A game lost by perpetual chase shows why (issue 21): the sentence in the game-over box, the
// cycle's moves numbered and the chases as arrows on the board, and the same in the replay.
import { test, before, after } from 'node:test';
import { launch, newUser, startGame, play, text, assert, SHOTS } from './lib.mjs';

// Red's horse shuttles e2–d4, attacking the chariot on c2 each time; Black's king steps aside.
const CYCLE = ['e2d4', 'd9e9', 'd4e2', 'e9d9', 'e2d4', 'd9e9', 'd4e2', 'e9d9'];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a perpetual chase is explained in words and arrows, live and in the replay', async () => {
  const alice = await newUser(browser, 'rca');
  const bob = await newUser(browser, 'rcb');
  const data = await alice.page.evaluate(async () => (await fetch('/api/lobby')).json());
  const [table] = data.rooms.find((r) => r.id === 'rulings').tables.map((t) => t.id);
  await startGame(alice.page, bob.page, table);
  for (const [i, mv] of CYCLE.entries()) await play(i % 2 === 0 ? alice.page : bob.page, mv, i);
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('[data-testid=game-over-ruling]');
    assert.match(await text(page, '[data-testid=game-over-ruling]'), /^红方长捉：马在 .* 之间往返.*红方负。$/);
    // The cycle's four moves numbered, and the horse's chases of the chariot on c2.
    assert.equal(await page.locator('.xq-arrow-move').count(), 4);
    assert.ok(await page.locator('.xq-arrow-chase[data-to=c2]').count() >= 1);
  }
  await bob.page.screenshot({ path: `${SHOTS}/perpetual-chase.png` });
  // The replay says and draws the same on the final position.
  await alice.page.click('[data-testid=game-over-replay]');
  await alice.page.waitForSelector('[data-testid=replay-ruling]');
  assert.match(await text(alice.page, '[data-testid=replay-ruling]'), /^红方长捉/);
  await alice.page.click('[data-testid=nav-last]');
  await alice.page.waitForSelector('.xq-arrow-chase[data-to=c2]');
});
