// Quick pairing between two browsers, accepting an open seek from the hall, and a challenge
// link (/?seek=ID) that opens the page and accepts: each ends with both players at one table
// and the game started. A challenge to a named player declined: the challenger is told who. A
// waiting seek posted again after the connection drops. An unrated seek's game is casual.
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

test('a challenge to a named player can be declined, and the challenger is told', async () => {
  const a = await newUser(browser, 'dca');
  const b = await newUser(browser, 'dcb');
  await a.page.fill('[data-testid=challenge-name]', b.name);
  await a.page.click('[data-testid=challenge-send]');
  await a.page.waitForSelector('[data-testid=seek-waiting]');
  await b.page.click('[data-testid^=challenge-decline-]');
  await a.page.waitForSelector('[data-testid=seek-notice][data-reason=declined]');
  assert.ok((await a.page.textContent('[data-testid=seek-notice]')).includes(b.name));
  assert.equal(await a.page.locator('[data-testid=seek-waiting]').count(), 0);
  assert.equal(await b.page.locator('[data-testid^=challenge-decline-]').count(), 0);
  await a.ctx.close();
  await b.ctx.close();
});

test('a waiting seek is posted again after the connection drops', async () => {
  const a = await newUser(browser, 'rca');
  const b = await newUser(browser, 'rcb');
  await a.page.selectOption('[data-testid=seek-control]', 'ourgame');
  await a.page.click('[data-testid=seek-open]');
  const old = await (await a.page.waitForSelector('[data-testid=seek-waiting]')).getAttribute('data-seek');
  // The socket drops: the server drops the seek with it; the client posts it again on reconnect.
  await a.page.evaluate(() => globalThis.chuhe.socket.drop());
  const fresh = await (await a.page.waitForSelector(`[data-testid=seek-waiting]:not([data-seek="${old}"])`)).getAttribute('data-seek');
  await a.page.waitForSelector('#net[data-status=online]');
  await b.page.click(`[data-testid=seek-accept-${fresh}]`);
  await close(await bothPlaying(a.page, b.page), a, b);
});

test('an unrated seek makes a casual game: the game-over box says why it was not rated', async () => {
  const a = await newUser(browser, 'csa');
  const b = await newUser(browser, 'csb');
  await a.page.selectOption('[data-testid=seek-rated]', '0');
  await a.page.selectOption('[data-testid=seek-control]', '10+5');
  await a.page.click('[data-testid=seek-open]');
  assert.match(await (await a.page.waitForSelector('[data-testid=seek-waiting]')).textContent(), /不计分/);
  await b.page.click('[data-testid=seek-list] [data-testid^=seek-accept-]');
  const hash = await bothPlaying(a.page, b.page);
  await a.page.click('[data-testid=resign]');
  await a.page.click('[data-testid=resign-confirm-yes]');
  for (const p of [a.page, b.page]) {
    const why = p.locator('[data-testid=game-over-unrated]');
    await why.waitFor();
    assert.equal(await why.getAttribute('data-why'), 'casual');
    assert.equal(await p.locator('[data-testid=rating-red]').count(), 0);
  }
  await close(hash, a, b);
});
