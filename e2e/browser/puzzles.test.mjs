// Puzzles (#38): a visitor solves a shipped puzzle unrated; an account solves one (its puzzle
// rating goes up), fails the next with a wrong move (the move is told, the rating goes down) and
// views the solution; the dashboard counts both rounds. The solution is learnt the way any
// client could: a wrong move's verdict carries it.
import { test, before, after } from 'node:test';
import { launch, newUser, sq, assert, BASE, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The puzzle shown on `page`, once its board is ready: {id, fen}. */
async function shown(page, not = null) {
  await page.waitForFunction((prev) => {
    const b = document.querySelector('[data-testid=board]');
    return b?.dataset.puzzle && b.dataset.puzzle !== prev && b.dataset.ply === '0'
      && document.querySelector('[data-testid=pz-status]')?.dataset.state === 'play';
  }, not, { timeout: 20000 });
  return page.evaluate(() => {
    const b = document.querySelector('[data-testid=board]');
    return { id: b.dataset.puzzle, fen: b.dataset.fen };
  });
}

/** The puzzle's solution, from the verdict on a move that is not its first. */
async function solutionOf(page, id) {
  return page.evaluate(async (pid) => {
    for (const mv of ['a0a1', 'i0i1', 'a9a8']) {
      const r = await fetch(`/api/puzzles/${pid}/move`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ played: [], move: mv }),
      });
      const v = await r.json();
      if (v.result === 'wrong') return v.solution;
    }
    return null;
  }, id);
}

/** A legal move of the solver that is not `right`. */
async function wrongMove(page, fen, right) {
  return page.evaluate(async ({ f, r }) => {
    const { legalMoves } = await import('/js/movegen.js');
    const { readFen, fenTurn } = await import('/js/board/geometry.js');
    return legalMoves(readFen(f), fenTurn(f)).find((m) => m !== r);
  }, { f: fen, r: right });
}

/** Clicks the solver's moves of `line`; the replies come by themselves. */
async function solve(page, line) {
  for (let i = 0; i < line.length; i += 2) {
    await page.waitForSelector(`[data-testid=board][data-ply="${i}"]`);
    await page.waitForSelector('[data-testid=pz-status][data-state=play]', { state: 'attached' });
    await sq(page, line[i].slice(0, 2)).click();
    await page.waitForSelector('[data-testid=board] .xq-dest');
    await sq(page, line[i].slice(2, 4)).click();
  }
}

test('a visitor solves a puzzle unrated from the nav entry', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await ctx.addInitScript(() => { localStorage.setItem('chuhe.noanim', '1'); });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${BASE}/?noanim=1#/`);
  await page.click('.nav a[href="#/puzzles"]');
  await page.waitForSelector('[data-testid=pz-visitor]');
  const p = await shown(page);
  const line = await solutionOf(page, p.id);
  assert.ok(line?.length, `a solution for ${p.id}`);
  await solve(page, line);
  await page.waitForSelector('[data-testid=pz-status][data-state=solved]');
  await page.waitForSelector('[data-testid=pz-result]:not([hidden])');
  const text = await page.textContent('[data-testid=pz-result]');
  assert.match(text, /解开了！ · 游客练习，不计等级分/);
  assert.match(await page.textContent('[data-testid=pz-credit]'), /CC BY 4\.0/);
  await page.screenshot({ path: `${SHOTS}/puzzle-visitor.png` });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('an account solves one, fails the next, and sees both on the dashboard', async () => {
  const { ctx, page } = await newUser(browser, 'pz');
  await page.evaluate(() => { location.hash = '#/puzzles'; });
  const first = await shown(page);
  const line = await solutionOf(page, first.id);
  await solve(page, line);
  await page.waitForSelector('[data-testid=pz-result]:not([hidden])');
  const won = await page.textContent('[data-testid=pz-result]');
  assert.match(won, /解开了！ · 等级分 \+\d+ · 我的谜题等级分：\d+/);
  const up = Number(won.match(/：(\d+)/)[1]);
  assert.ok(up > 1500, won);

  // The next puzzle: a wrong move is told, the rating goes down, the solution can be shown.
  await page.click('[data-testid=pz-next]');
  const second = await shown(page, first.id);
  const sol = await solutionOf(page, second.id);
  const wrong = await wrongMove(page, second.fen, sol[0]);
  await sq(page, wrong.slice(0, 2)).click();
  await page.waitForSelector('[data-testid=board] .xq-dest');
  await sq(page, wrong.slice(2, 4)).click();
  await page.waitForSelector('[data-testid=pz-status][data-state=failed]');
  assert.equal(await page.textContent('[data-testid=pz-status]'), '不对，这步棋不是答案');
  await page.waitForSelector('[data-testid=pz-result]:not([hidden])');
  const lost = await page.textContent('[data-testid=pz-result]');
  assert.match(lost, /没有解开 · 等级分 −\d+/);
  assert.ok(Number(lost.match(/：(\d+)/)[1]) < up, lost);
  await page.click('[data-testid=pz-solution]');
  await page.waitForSelector(`[data-testid=board][data-ply="${sol.length}"]`);
  await page.screenshot({ path: `${SHOTS}/puzzle-failed.png` });

  await page.click('[data-testid=pz-tab-dashboard]');
  await page.waitForSelector('[data-testid=pz-dash-rounds]');
  assert.equal(await page.textContent('[data-testid=pz-dash-rounds]'), '已做 2 题，解开 1 题');
  await page.waitForSelector('[data-testid=pz-dash-themes] tr[data-theme]');
  await ctx.close();
});
