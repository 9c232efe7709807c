// The ladder challenge (梯级挑战赛, issue 19): two players join a ladder, the lower one (on a
// phone-sized screen) sees the one above highlighted with a 挑战 button, challenges, and is taken
// to the table; the defender sees the open challenge with its countdown and a link to the table.
// The challenger wins and takes the defender's place; the defender's notices are kept in the
// inbox behind the header's bell. The ladder rates in its own pool: its page says so, and the
// game shows on the winner's profile as a pool rating.
import { test, before, after } from 'node:test';
import { launch, newUser, play, text, assert, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function openLadder(page) {
  await page.evaluate(() => { location.hash = '#/ladders'; });
  await page.click('[data-testid=ladder-link]');
  await page.waitForSelector('[data-testid=ladder-rungs]');
}

async function join(page) {
  await openLadder(page);
  await page.click('[data-testid=ladder-join]');
  await page.waitForSelector('[data-testid=ladder-me]');
  return Number(await page.getAttribute('[data-testid=ladder-me]', 'data-place'));
}

test('challenging on the ladder: the winner takes the place of the defender', async () => {
  const alice = await newUser(browser, 'lda');
  const bob = await newUser(browser, 'ldb', { viewport: { width: 390, height: 844 } });
  const alicePlace = await join(alice.page);
  assert.match(await text(alice.page, '[data-testid=ladder-rating]'), /e2e-ladder.*Glicko-2/);
  const bobPlace = await join(bob.page);
  assert.equal(bobPlace, alicePlace + 1);
  const aliceId = await alice.page.evaluate(() => globalThis.chuhe.user.id);

  // Bob sees Alice (just above) within reach, with a challenge button; not himself.
  const aliceRow = bob.page.locator(`[data-testid=ladder-rungs] tr[data-user="${aliceId}"]`);
  assert.match(await aliceRow.getAttribute('class'), /reach/);
  const bobId = await bob.page.evaluate(() => globalThis.chuhe.user.id);
  assert.equal(await bob.page.locator(`tr[data-user="${bobId}"] [data-testid=ladder-challenge]`).count(), 0);
  await bob.page.screenshot({ path: `${SHOTS}/ladder-phone.png` });
  await aliceRow.locator('[data-testid=ladder-challenge]').click();

  // The challenge is accepted at once: Bob is taken to the table, where the game has started.
  await bob.page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
  const table = Number(await bob.page.getAttribute('[data-testid=table-view]', 'data-table'));

  // Alice's page shows the open challenge with a countdown and the table's link.
  await openLadder(alice.page);
  const mine = alice.page.locator(`[data-testid=ladder-my-challenge][data-table="${table}"]`);
  await mine.waitFor();
  assert.match(await text(alice.page, '[data-testid=ladder-my-challenge] .countdown'), /^(3天|3d|2天|2d) \d+:\d\d:\d\d$/);
  await alice.page.screenshot({ path: `${SHOTS}/ladder.png` });
  await mine.locator('[data-testid=ladder-go]').click();
  await alice.page.waitForSelector(`[data-testid=table-view][data-table="${table}"] [data-testid=resign]`);

  // The challenger has Red: Bob moves first; Alice answers, then resigns.
  await play(bob.page, 'h2e2', 0);
  await play(alice.page, 'h9g7', 1);
  await alice.page.click('[data-testid=resign]');
  await alice.page.click('[data-testid=resign-confirm-yes]');
  await bob.page.waitForSelector('[data-testid=game-over]');

  // Bob now holds Alice's old place, Alice the one below; the history says so.
  await openLadder(bob.page);
  await bob.page.waitForSelector(`[data-testid=ladder-me][data-place="${alicePlace}"]`, { timeout: 10000 });
  await openLadder(alice.page);
  await alice.page.waitForSelector(`[data-testid=ladder-me][data-place="${alicePlace + 1}"]`);
  assert.match(await text(alice.page, '[data-testid=ladder-history] li'), /挑战者胜|challenger won/);

  // The game was rated in the ladder's pool: Bob's profile lists it (one game, above 1500).
  await bob.page.evaluate(() => { location.hash = '#/me'; });
  const pool = bob.page.locator('[data-testid=profile-pools] tr[data-pool="e2e-ladder"]');
  await pool.waitFor();
  const cells = await pool.locator('td').allTextContents();
  assert.equal(cells[3], '1', cells.join(' | '));
  assert.ok(Number(cells[2].match(/\d+/)[0]) > 1500, cells.join(' | '));

  // Her notices were kept: the bell counts them, the inbox lists them and marks them seen.
  await alice.page.waitForSelector('[data-testid=header-notices]:not([data-unseen="0"])');
  await alice.page.click('[data-testid=header-notices]');
  await alice.page.waitForSelector('[data-testid=notices] li.unseen');
  const items = await alice.page.locator('[data-testid=notices] li').allTextContents();
  assert.ok(items.some((s) => /新的挑战|new challenge/.test(s)), items.join(' | '));
  assert.ok(items.some((s) => /降|down/.test(s)), items.join(' | '));
  await alice.page.waitForSelector('[data-testid=header-notices][data-unseen="0"]');
  await alice.page.reload();
  await alice.page.waitForSelector('[data-testid=header-notices][data-unseen="0"]:not([hidden])');
});
