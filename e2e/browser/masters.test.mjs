// The masters database and the opening explorer (issue #39): the e2e site loads a small shipped
// set at its first start (e2e/data/masters-e2e.chmg, CCPD games, CC BY 4.0); the masters search
// finds a player written in traditional characters by the simplified name, a game opens on the
// replay board with the explorer beside it (its opening name, a move clicked steps on), the
// analysis board has the explorer too, and a Big5 record file is imported through the web.
import { test, before, after } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newUser, text, assert, SHOTS } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '../../crates/study/tests/fixtures');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const go = (page, hash) => page.evaluate((h) => globalThis.chuhe.go(h), hash);

/** Waits until the shipped set is in (it loads in the background at the first start). */
async function mastersLoaded(page) {
  await page.waitForFunction(async () => {
    const r = await (await fetch('/api/masters?limit=1')).json();
    return r.total > 0 && r.sources.length > 0;
  }, null, { timeout: 60000, polling: 500 });
}

test('the masters are searched by player and a game opens beside the explorer', async () => {
  const { page, ctx } = await newUser(browser, 'mst');
  await mastersLoaded(page);
  await go(page, '#/masters');
  await page.waitForSelector('[data-testid=masters-count]');
  assert.match(await text(page, '[data-testid=masters-credit]'), /CCPD.*CC BY 4\.0/);
  // 胡榮華 in the files; searched in simplified characters.
  await page.fill('[data-testid=m-player]', '胡荣华');
  await page.click('[data-testid=m-search]');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=masters-row]')].length > 0
    && [...document.querySelectorAll('[data-testid=m-open]')].every((b) => b.textContent.includes('胡荣华')));
  await page.click('[data-testid=m-open]');
  await page.waitForSelector('[data-testid=board][data-ply="0"]');
  await page.waitForSelector('[data-testid=master-credit]');
  // The explorer at the start: the masters' moves, the game's own first move among them.
  await page.waitForSelector('[data-testid=explorer-move]');
  const first = await page.evaluate(() => document.querySelector('[data-testid=move-1]')?.textContent);
  assert.ok(first, 'the game has moves');
  const iccs = await page.evaluate(async () => {
    const id = location.hash.split('/').pop();
    return (await (await fetch(`/api/masters/${id}`)).json()).moves[0];
  });
  await page.click(`[data-testid=explorer-move][data-move="${iccs}"]`);
  await page.waitForSelector('[data-testid=board][data-ply="1"]');
  await page.waitForFunction(() => /[A-E]\d\d /.test(document.querySelector('[data-testid=opening-name]')?.textContent || ''));
  assert.match(await text(page, '[data-testid=explorer-credit]'), /CC BY 4\.0/);
  assert.ok(!(await text(page, '[data-testid=explorer]')).includes('null'), 'no stray text in the explorer');
  await page.screenshot({ path: `${SHOTS}/masters-replay.png` });
  await ctx.close();
});

test('the analysis board has the explorer, and a move in it is played', async () => {
  const { page, ctx } = await newUser(browser, 'msa');
  await mastersLoaded(page);
  await go(page, '#/analysis');
  await page.waitForSelector('[data-testid=explorer-move]');
  const mv = await page.getAttribute('[data-testid=explorer-move]', 'data-move');
  await page.click(`[data-testid=explorer-move][data-move="${mv}"]`);
  await page.waitForFunction((m) => [...document.querySelectorAll('[data-testid=an-move]')].some((n) => n.dataset.move === m), mv);
  await ctx.close();
});

test('a Big5 record file is imported through the web', async () => {
  const { page, ctx } = await newUser(browser, 'b5');
  await go(page, '#/import');
  await page.setInputFiles('[data-testid=import-file]', path.join(FIXTURES, 'big5.pgn'));
  await page.waitForSelector('[data-testid=import-count]');
  assert.equal(await text(page, '[data-testid=import-count]'), '读到 1 局');
  assert.match(await text(page, '[data-testid=import-game-1]'), /紅方 对 黑方/);
  assert.equal(await text(page, '[data-testid=move-1]'), '炮二平五');
  // A file that is no text record: refused with its reason.
  await page.setInputFiles('[data-testid=import-file]', path.join(FIXTURES, 'binary.bin'));
  await page.waitForFunction(() => /编码/.test(document.querySelector('[data-testid=import-error]')?.textContent || ''));
  await ctx.close();
});
