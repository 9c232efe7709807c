// Nothing raw on screen (#36, item 2). Every page the browser tests visit is watched for
// `null`, `undefined`, unfilled `{x}` and players labelled `#12` (lib.mjs `watchRaw`; the
// browser's close fails on any). Here: the hall's quick grid, an event created from the command
// line (listed as a round robin, joined at once, its players named in the standings and
// pairings), a refusal worded in Chinese, and the English interface (WXF notation by default,
// no "untitled" label).
import { test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { launch, newUser, clickMove, waitPly, seenRaw, assert, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const run = (args) => execFileSync(process.env.CHUHE_BIN, [...args, '--data', process.env.CHUHE_DATA], { stdio: 'pipe' }).toString();

/** Goes to `hash` on `page` and waits for `selector`. */
async function visit(page, hash, selector) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(selector);
}

test('the hall, an event from the command line and a refusal show nothing raw, in Chinese', async () => {
  const a = await newUser(browser, 'rwa');
  const b = await newUser(browser, 'rwb');
  await a.page.waitForSelector('[data-testid=quick-grid]');
  assert.doesNotMatch(await a.page.textContent('[data-testid=seeks]'), /null|undefined/);

  const out = run(['admin', 'tournament', 'create', '--name', `Raw Robin ${Date.now() % 100000}`, '--by', a.name, '--system', 'robin']);
  const id = Number(/created event (\d+)/.exec(out)?.[1]);
  assert.ok(id > 0, out);
  // Listed as what it is.
  await visit(a.page, '#/tournaments', '[data-testid=tournaments-upcoming]');
  const listed = a.page.locator(`[data-testid=tournaments-upcoming] li:has(a[href="#/tournament/${id}"]) [data-testid=tournament-system]`);
  assert.equal(await listed.getAttribute('data-system'), 'robin');
  assert.match(await listed.textContent(), /循环赛/);
  // Joined at once, from the page: the event is not "over" while its director starts.
  for (const p of [a.page, b.page]) {
    await visit(p, `#/tournament/${id}`, '[data-testid=tournament-join]');
    await p.click('[data-testid=tournament-join]');
    await p.waitForSelector('[data-testid=tournament-withdraw]');
  }
  // A refusal in the interface's words: joining twice.
  const again = await a.page.evaluate(async (ev) => {
    const { errorText } = await import('/js/ui.js');
    const res = await fetch(`/api/tournaments/${ev}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const body = await res.json();
    return errorText({ code: body.error, message: body.message });
  }, id);
  assert.equal(again, '你已报名');

  run(['admin', 'tournament', 'start', '--id', String(id)]);
  // A player watching the event is taken to their board; back on the event page, the round.
  await a.page.waitForSelector('[data-testid=table-view] [data-testid=resign]', { timeout: 15000 });
  await visit(a.page, `#/tournament/${id}`, '[data-testid=round-1]');
  const standings = await a.page.textContent('[data-testid=standings]');
  const round = await a.page.textContent('[data-testid=round-1]');
  for (const name of [a.name, b.name]) {
    assert.ok(standings.includes(name), `standings name ${name}: ${standings}`);
    assert.ok(round.includes(name), `pairing names ${name}: ${round}`);
  }
  assert.doesNotMatch(`${standings} ${round}`, /#\d/);
  await a.page.screenshot({ path: `${SHOTS}/rawtext-event.png` });
  assert.deepEqual(seenRaw(), []);
  await a.ctx.close();
  await b.ctx.close();
});

test('the English interface writes moves in WXF and labels nobody "untitled"', async () => {
  const { ctx, page } = await newUser(browser, 'rwe');
  await page.evaluate(() => { localStorage.setItem('chuhe.lang', 'en'); localStorage.removeItem('chuhe.notation'); });
  await page.reload();
  await page.waitForSelector('#net[data-status=online]');
  await page.click('[data-testid=lobby-ai]');
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
  await clickMove(page, 'h2e2', 0);
  await waitPly(page, 2, 30000);
  assert.equal(await page.inputValue('[data-testid=notation]'), 'wxf');
  assert.equal((await page.textContent('[data-testid=move-1]')).trim(), 'C2.5');
  const body = await page.textContent('body');
  assert.doesNotMatch(body, /untitled|无称号/);
  await visit(page, '#/me', '[data-testid=profile]');
  assert.doesNotMatch(await page.textContent('body'), /untitled|无称号/);
  assert.deepEqual(seenRaw(), []);
  await ctx.close();
});
