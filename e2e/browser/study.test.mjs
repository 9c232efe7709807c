// Study screens (issue #22): a record file imported in the browser opens on the replay board and
// goes to one's library (search, tags, export); the analysis board plays moves, branches into a
// variation, promotes and deletes it, exports PGN with variations, refuses an impossible set-up,
// and shows live engine lines (skipped while the server sends no `analysis_lines`).
import { test, before, after } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newUser, sq, text, assert, SHOTS } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = path.join(here, '../../crates/cli/tests/data');

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// The app router (routes again when the hash is already the one asked for).
const go = (page, hash) => page.evaluate((h) => globalThis.chuhe.go(h), hash);

test('a GB18030 PGN file and an XQF file are imported, replayed and saved to the library', async () => {
  const { page, ctx } = await newUser(browser, 'imp');
  await go(page, '#/import');
  await page.setInputFiles('[data-testid=import-file]', path.join(DATA, 'xqbase_two_games.pgn'));
  await page.waitForSelector('[data-testid=import-count]');
  assert.equal(await text(page, '[data-testid=import-count]'), '读到 2 局');
  assert.match(await text(page, '[data-testid=import-game-1]'), /红方1 对 黑方1 · 合成测试赛/);
  // The first game is on the board at its start; step through it.
  await page.waitForSelector('[data-testid=board][data-ply="0"]');
  assert.equal(await text(page, '[data-testid=move-1]'), '炮二平五');
  await page.click('[data-testid=nav-next]');
  await page.waitForSelector('[data-testid=board][data-ply="1"]');
  await page.click('[data-testid=nav-last]');
  await page.waitForSelector('[data-testid=board][data-ply="6"]');
  await page.screenshot({ path: `${SHOTS}/study-import.png` });

  // Saved with tags; the second game too.
  await page.fill('[data-testid=save-tags]', '中炮, study');
  await page.click('[data-testid=save-collection]');
  await page.waitForSelector('[data-testid=save-status][data-id]');
  const first = await page.getAttribute('[data-testid=save-status]', 'data-id');
  await page.click('[data-testid=import-game-2]');
  await page.click('[data-testid=save-collection]');
  await page.waitForFunction((id) => {
    const n = document.querySelector('[data-testid=save-status]');
    return n && n.dataset.id && n.dataset.id !== id;
  }, first);

  // An XQF (binary) file opens too.
  await page.setInputFiles('[data-testid=import-file]', path.join(DATA, 'endgame_v12.xqf'));
  await page.waitForFunction(() => document.querySelector('[data-testid=import-count]')?.textContent === '读到 1 局');

  // The library: both games, a search by tag, a game opened, the export link filtered.
  await go(page, '#/collection');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=collection-row]').length === 2);
  await page.fill('[data-testid=c-tag]', 'study');
  await page.click('[data-testid=c-search]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=collection-row]').length === 1);
  assert.match(await page.getAttribute('[data-testid=collection-export]', 'href'), /collection\.pgn\?tag=study/);
  await page.click('[data-testid=c-open]');
  await page.waitForSelector('[data-testid=board][data-ply="0"]');
  assert.equal(await page.inputValue('[data-testid=c-tags]'), 'study, 中炮');
  const pgn = await page.evaluate(async () => (await fetch('/api/me/collection.pgn?tag=study')).text());
  assert.match(pgn, /\[Red "红方1"\]/);
  assert.match(pgn, /炮二平五/);
  await ctx.close();
});

test('the analysis board: moves, a variation, promote, delete, PGN, set-up, engine lines', async (t) => {
  const { page, ctx } = await newUser(browser, 'ana');
  await go(page, '#/analysis');
  await page.waitForSelector('[data-testid=analysis]');
  const moves = () => page.$$eval('[data-testid=an-move]', (ns) => ns.map((n) => n.dataset.move));
  const playMove = async (mv) => {
    const before = (await moves()).length;
    await sq(page, mv.slice(0, 2)).click();
    await page.waitForSelector('[data-testid=board] .xq-dest');
    await sq(page, mv.slice(2, 4)).click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=an-move]').length > n, before);
  };
  await playMove('h2e2');
  await playMove('h9g7');
  await playMove('h0g2');
  // Back to after 1. 炮二平五 and play another reply: a variation in parentheses.
  await page.click('[data-testid=an-move][data-move=h2e2]');
  await playMove('h7e7');
  assert.deepEqual(await moves(), ['h2e2', 'h9g7', 'h7e7', 'h0g2']);
  assert.match(await text(page, '[data-testid=an-moves]'), /1\. 炮二平五马8进7\(1\.\.\. 炮8平5\)2\. 马二进三/);
  await page.click('[data-testid=an-export]');
  assert.match(await page.inputValue('[data-testid=an-pgn]'), /1\. 炮二平五 马8进7 \(1\.\.\. 炮8平5\) 2\. 马二进三 \*/);
  await page.screenshot({ path: `${SHOTS}/study-analysis.png` });

  // Promote the variation: it becomes the main line; delete it: the old line is alone again.
  await page.click('[data-testid=an-promote]');
  assert.deepEqual(await moves(), ['h2e2', 'h7e7', 'h9g7', 'h0g2']);
  await page.click('[data-testid=an-delete]');
  assert.deepEqual(await moves(), ['h2e2', 'h9g7', 'h0g2']);
  assert.equal(await page.getAttribute('[data-testid=an-move].current', 'data-move'), 'h2e2');

  // A FEN with the kings facing each other is refused; a legal one loads.
  await page.fill('[data-testid=an-fen]', '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
  await page.click('[data-testid=an-load]');
  await page.waitForSelector('[data-testid=an-error]:not([hidden])');
  await page.fill('[data-testid=an-fen]', '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1');
  await page.click('[data-testid=an-load]');
  await page.waitForSelector('[data-testid=board][data-fen^="3k5/9/9/9/9/9/9/9/9/4K4 w"]');

  // The set-up editor: a red pawn behind its start is refused; on a legal point it is accepted.
  await page.click('[data-testid=an-setup]');
  await page.click('[data-testid=an-piece-rp]');
  await sq(page, 'a1').click();
  await page.click('[data-testid=an-setup-done]');
  await page.waitForSelector('[data-testid=an-error]:not([hidden])');
  await page.click('[data-testid=an-piece-erase]');
  await sq(page, 'a1').click();
  await page.click('[data-testid=an-piece-rp]');
  await sq(page, 'a3').click();
  await page.click('[data-testid=an-setup-done]');
  await page.waitForSelector('[data-testid=board][data-fen^="3k5/9/9/9/9/9/P8/9/9/4K4 w"]');

  // Engine lines, once the server side of `analyse` is there.
  await go(page, '#/analysis');
  await page.waitForSelector('[data-testid=board][data-fen^="rnbakabnr"]');
  await page.click('[data-testid=an-engine]');
  const line = await page.waitForSelector('[data-testid=an-line]', { timeout: 6000 }).catch(() => null);
  if (!line) {
    t.skip('no analysis_lines from the server yet (the engine side of `analyse` is another branch)');
    await ctx.close();
    return;
  }
  await page.selectOption('[data-testid=an-multipv]', '3');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=an-line]').length === 3, null, { timeout: 15000 });
  assert.match(await text(page, '[data-testid=an-depth]'), /深度 \d+/);
  assert.match(await text(page, '[data-testid=an-line]'), /^[+-]?\d+\.\d\d|^#-?\d+/);
  const first = await page.getAttribute('[data-testid=an-line]', 'data-first');
  await page.click('[data-testid=an-line]');
  await page.waitForFunction((mv) => document.querySelector('[data-testid=an-move].current')?.dataset.move === mv, first);
  await ctx.close();
});
