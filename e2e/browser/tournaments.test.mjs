// Tournaments in the browser: the organiser's create form on #/tournaments (a round robin, on a
// phone-sized screen), and a round robin's crosstable that updates by itself when a game of the
// event ends (pushed `t_ev`, no reload by the viewer).
import { test, before, after } from 'node:test';
import { launch, newUser, text, assert, SHOTS } from './lib.mjs';

let browser;
let org;
before(async () => {
  browser = await launch();
  org = await newUser(browser, 'tourorg', { name: 'tourorg', viewport: { width: 390, height: 844 } });
});
after(async () => { await browser?.close(); });

/** `fetch` from `page` with its session; returns the JSON body (throws on an error status). */
async function call(page, method, path, body) {
  return page.evaluate(async ([m, p, b]) => {
    const r = await fetch(p, { method: m, headers: { 'content-type': 'application/json' }, body: b ? JSON.stringify(b) : undefined });
    const v = await r.json();
    if (!r.ok) throw new Error(`${p}: ${JSON.stringify(v)}`);
    return v;
  }, [method, path, body]);
}

test('an organiser creates a round robin from the form; others see no form', async () => {
  const { page } = org;
  await page.goto(page.url().replace(/#.*$/, '#/tournaments'));
  await page.waitForSelector('[data-testid=tournament-create]');
  await page.fill('[data-testid=tc-name]', 'E2E Robin Cup');
  await page.selectOption('[data-testid=tc-system]', 'robin');
  // The round robin's format field shows, the Swiss's does not.
  assert.ok(await page.isVisible('[data-testid=tc-cycles]'));
  assert.ok(!(await page.isVisible('[data-testid=tc-rounds]')));
  await page.fill('[data-testid=tc-cycles]', '2');
  await page.fill('[data-testid=tc-prizes]', '700,300');
  await page.fill('[data-testid=tc-pool]', 'robin-cup');
  await page.selectOption('[data-testid=tc-pool_profile]', 'lotto');
  await page.click('[data-testid=tc-submit]');
  await page.waitForSelector('[data-testid=tournament-status][data-status=upcoming]');
  assert.match(page.url(), /#\/tournament\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const ev = await call(page, 'GET', `/api/tournaments/${id}`);
  assert.equal(ev.name, 'E2E Robin Cup');
  assert.equal(ev.spec.system, 'robin');
  assert.equal(ev.spec.cycles, 2);
  assert.deepEqual(ev.spec.prizes, [700, 300]);
  // Its games are rated in the event's own pool, and its page says so.
  assert.deepEqual(ev.spec.rating, { pool: 'robin-cup', profile: 'lotto' });
  assert.match(await text(page, '[data-testid=tournament-rating]'), /robin-cup/);
  await page.screenshot({ path: `${SHOTS}/tournament-create.png` });

  const other = await newUser(browser, 'tournot');
  await other.page.goto(other.page.url().replace(/#.*$/, '#/tournaments'));
  await other.page.waitForSelector('[data-testid=tournaments-upcoming]');
  assert.equal(await other.page.locator('[data-testid=tournament-create]').count(), 0);
  await other.ctx.close();
});

test("a round robin's crosstable updates after a game result", async () => {
  const { id } = await call(org.page, 'POST', '/api/tournaments',
    { name: 'E2E Cross', starts_in_secs: 3600, spec: { system: 'robin', time_control: 'rapid', round_gap_secs: 0, no_show_secs: 120 } });
  const a = await newUser(browser, 'tra');
  const b = await newUser(browser, 'trb');
  const ids = [];
  for (const p of [a, b]) {
    await call(p.page, 'POST', `/api/tournaments/${id}/join`, {});
    ids.push(await p.page.evaluate(() => globalThis.chuhe.user.id));
  }
  await call(org.page, 'POST', `/api/tournaments/${id}/start`, {});

  const { page } = org;
  await page.goto(page.url().replace(/#.*$/, `#/tournament/${id}`));
  await page.waitForSelector('[data-testid=crosstable]');
  const [ua, ub] = ids;
  assert.equal(await page.textContent(`[data-testid=cross-${ua}-${ub}]`), '·');

  // The one game of the event: Red moves, Black resigns.
  const ev = await call(page, 'GET', `/api/tournaments/${id}`);
  const board = ev.rounds[0].boards[0];
  const redPage = board.red === ua ? a.page : b.page;
  const blackPage = board.red === ua ? b.page : a.page;
  for (const p of [redPage, blackPage]) {
    await p.evaluate((t) => globalThis.chuhe.socket.send({ t: 'join', table: t }), board.table);
  }
  await redPage.evaluate((t) => globalThis.chuhe.socket.send({ t: 'move', table: t, mv: 'h2e2' }), board.table);
  await blackPage.evaluate((t) => globalThis.chuhe.socket.send({ t: 'resign', table: t }), board.table);

  await page.waitForSelector(`[data-testid=cross-${board.red}-${board.black}]:text-is("1")`, { timeout: 15000 });
  assert.equal(await page.textContent(`[data-testid=cross-${board.black}-${board.red}]`), '0');
  await page.waitForSelector('[data-testid=tournament-status][data-status=finished]');
  assert.equal(await page.textContent(`[data-testid=cross-points-${board.red}]`), '2');
  // Wide tables scroll inside their panel on a phone, not the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(overflow, 'no page-wide horizontal scroll at 390 px');
  await page.screenshot({ path: `${SHOTS}/tournament-crosstable.png` });
  await a.ctx.close();
  await b.ctx.close();
});

test("an arena from the form: countdown to the start, then its players' table and a countdown to the end", async () => {
  const { page } = org;
  await page.goto(page.url().replace(/#.*$/, '#/tournaments'));
  await page.waitForSelector('[data-testid=tournament-create]');
  await page.fill('[data-testid=tc-name]', 'E2E Arena');
  await page.selectOption('[data-testid=tc-system]', 'arena');
  assert.ok(await page.isVisible('[data-testid=tc-minutes]'));
  assert.ok(!(await page.isVisible('[data-testid=tc-rounds]')));
  await page.fill('[data-testid=tc-minutes]', '30');
  await page.selectOption('[data-testid=tc-preset]', 'lichess');
  await page.click('[data-testid=tc-submit]');
  await page.waitForSelector('[data-testid=tournament-status][data-status=upcoming]');
  const id = Number(page.url().split('/').pop());
  const ev = await call(page, 'GET', `/api/tournaments/${id}`);
  assert.equal(ev.spec.system, 'arena');
  assert.equal(ev.spec.minutes, 30);
  assert.equal(ev.spec.preset, 'lichess');
  // Counting down to the start, a second at a time.
  const first = await page.textContent('[data-testid=countdown-start]');
  await page.waitForFunction((t) => document.querySelector('[data-testid=countdown-start]')?.textContent !== t, first);

  const a = await newUser(browser, 'ara');
  const b = await newUser(browser, 'arb');
  for (const p of [a, b]) await call(p.page, 'POST', `/api/tournaments/${id}/join`, {});
  await call(page, 'POST', `/api/tournaments/${id}/start`, {});
  await page.waitForSelector('[data-testid=tournament-status][data-status=running]');
  await page.waitForSelector('[data-testid=countdown-end]');
  await page.waitForSelector('[data-testid=arena-players] tr[data-status=playing]');
  assert.equal(await page.locator('[data-testid=arena-players] tbody tr').count(), 2);
  assert.equal(await page.locator('[data-testid=arena-games] tbody tr').count(), 1);
  await page.screenshot({ path: `${SHOTS}/tournament-arena.png` });
  await a.ctx.close();
  await b.ctx.close();
});

test("a Swiss's organiser pairs round 1 by hand and corrects a result; players see no tools", async () => {
  const { id } = await call(org.page, 'POST', '/api/tournaments',
    { name: 'E2E Swiss Tools', starts_in_secs: 3600, spec: { system: 'swiss', rounds: 3, time_control: 'rapid', round_gap_secs: 3600, no_show_secs: 120 } });
  const players = [];
  for (const prefix of ['swa', 'swb']) {
    const p = await newUser(browser, prefix);
    await call(p.page, 'POST', `/api/tournaments/${id}/join`, {});
    players.push({ ...p, id: await p.page.evaluate(() => globalThis.chuhe.user.id) });
  }
  const [a, b] = players;
  await a.page.goto(a.page.url().replace(/#.*$/, `#/tournament/${id}`));
  await a.page.waitForSelector('[data-testid=tournament-status]');
  assert.equal(await a.page.locator('[data-testid=organiser]').count(), 0, 'a player sees no tools');

  const { page } = org;
  await page.goto(page.url().replace(/#.*$/, `#/tournament/${id}`));
  await page.waitForSelector('[data-testid=organiser]');
  await page.fill('[data-testid=org-pairs]', `${a.id} ${b.id}`);
  await page.click('[data-testid=org-pair]');
  await page.waitForSelector('[data-testid=tournament-status][data-status=running]');
  await page.waitForSelector('[data-testid=round-1]');
  const ev = await call(page, 'GET', `/api/tournaments/${id}`);
  assert.equal(ev.rounds[0].boards[0].red, a.id);
  assert.equal(ev.rounds[0].boards[0].black, b.id);

  // Red moves, Black resigns; the organiser corrects the result to a draw.
  const table = ev.rounds[0].boards[0].table;
  for (const p of [a, b]) await p.page.evaluate((t) => globalThis.chuhe.socket.send({ t: 'join', table: t }), table);
  await a.page.evaluate((t) => globalThis.chuhe.socket.send({ t: 'move', table: t, mv: 'h2e2' }), table);
  await b.page.evaluate((t) => globalThis.chuhe.socket.send({ t: 'resign', table: t }), table);
  await page.waitForSelector('[data-testid=org-correct]', { timeout: 15000 });
  await page.selectOption('[data-testid=org-correct-result]', '1/2-1/2');
  await page.click('[data-testid=org-correct]');
  await page.waitForFunction(async (tid) => {
    const v = await (await fetch(`/api/tournaments/${tid}`)).json();
    return v.rounds[0].boards[0].result === '1/2-1/2';
  }, id, { timeout: 10000 });
  await page.waitForSelector(`[data-testid=standings] tr[data-user="${a.id}"] td:nth-child(3):text-is("1")`);
  await page.screenshot({ path: `${SHOTS}/tournament-organiser.png` });
  await a.ctx.close();
  await b.ctx.close();
});
