// Quick pairing between two browsers, accepting an open seek from the hall, and a challenge
// link (/?seek=ID) that opens the page and accepts: each ends with both players at one table
// and the game started.
import { test, before, after } from 'node:test';
import { launch, newUser, assert, BASE } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Both pages show the same table with the game in progress; returns its hash. */
async function bothPlaying(a, b) {
  for (const p of [a, b]) await p.waitForSelector('[data-testid=resign]', { timeout: 15000 });
  const ha = await a.evaluate(() => location.hash);
  const hb = await b.evaluate(() => location.hash);
  assert.match(ha, /^#\/table\/\d+$/);
  assert.equal(ha, hb);
  return ha;
}

/** Both leave the table (the game is lost by the first) so that later tests find free tables. */
async function close(hash, ...users) {
  const table = Number(hash.split('/').pop());
  for (const u of users) {
    await u.page.evaluate((id) => globalThis.chuhe.socket.send({ t: 'leave', table: id }).catch(() => {}), table);
    await u.ctx.close();
  }
}

test('quick pairing between two browsers', async () => {
  const a = await newUser(browser, 'qpa');
  const b = await newUser(browser, 'qpb');
  await a.page.click('[data-testid=quick-5\\+3]');
  await a.page.waitForSelector('[data-testid=seek-waiting]');
  assert.match(await a.page.textContent('[data-testid=seek-window]'), /±100/);
  // The other player sees it in the room's open seeks.
  await b.page.waitForSelector('[data-testid=seek-list] [data-testid^=seek-accept-]');
  await b.page.click('[data-testid=quick-5\\+3]');
  await close(await bothPlaying(a.page, b.page), a, b);
});

test('accepting an open seek from the hall', async () => {
  const a = await newUser(browser, 'osa');
  const b = await newUser(browser, 'osb');
  await a.page.selectOption('[data-testid=seek-control]', 'qq');
  await a.page.click('[data-testid=seek-open]');
  await a.page.waitForSelector('[data-testid=seek-waiting]');
  await b.page.click('[data-testid=seek-list] [data-testid^=seek-accept-]');
  await close(await bothPlaying(a.page, b.page), a, b);
});

test('a challenge link opens the page and accepts', async () => {
  const a = await newUser(browser, 'lka');
  const b = await newUser(browser, 'lkb');
  await a.page.click('[data-testid=seek-link]');
  await a.page.waitForSelector('[data-testid=seek-link-url]');
  const link = await a.page.inputValue('[data-testid=seek-link-url]');
  assert.ok(link.startsWith(`${BASE}/?seek=`), link);
  // Not listed in the hall.
  assert.equal(await b.page.locator('[data-testid=seek-list] [data-testid^=seek-accept-]').count(), 0);
  await b.page.goto(link);
  await close(await bothPlaying(a.page, b.page), a, b);
});
