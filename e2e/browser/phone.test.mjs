// A phone that holds still (#36, item 5): on a 390×844 screen the header is one line (the
// menu folds behind a button the keyboard opens and closes), the board, both clocks and the
// controls fit without scrolling, the page does not scroll by itself when a move is added to the
// move list, and moves are made by touch: taps, and a piece dragged with the finger.
import { test, before, after } from 'node:test';
import { launch, newUser, sq, waitPly, assert, axeViolations, BASE, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PHONE = { width: 390, height: 844 };

/** Makes some legal move by touch once the board shows `ply` moves: taps Red's pieces until one has a destination, then taps it. */
async function tapAnyMove(page, ply) {
  await waitPly(page, ply);
  // The board takes the user's move (not a placeholder drawn before the game's state came).
  await page.waitForSelector('[data-testid=board][data-turn=red] .xq-movable');
  const squares = await page.locator('[data-testid=board] [data-piece^=red-]').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-sq')));
  for (const from of squares) {
    await sq(page, from).tap();
    const dest = page.locator('[data-testid=board] .xq-dest').first();
    if (await dest.count()) {
      await sq(page, await dest.getAttribute('data-dest')).tap();
      return;
    }
    await page.keyboard.press('Escape');
  }
  const board = await page.locator('[data-testid=board]').evaluate((b) => ({ ...b.dataset, movable: !!b.querySelector('.xq-movable') }));
  throw new Error(`no legal move found at ply ${ply}: ${JSON.stringify(board)}`);
}


test('a game against the computer on a phone: one-line header, everything in view, no scrolling by itself', async () => {
  const { ctx, page } = await newUser(browser, 'ph', { viewport: PHONE, touch: true });
  const header = await page.locator('.topbar').boundingBox();
  assert.ok(header.height < 56, `the header is one line (${header.height}px)`);
  await page.click('[data-testid=lobby-ai]');
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
  for (const ply of [0, 2, 4]) {
    // Touch moves; the computer answers each.
    await tapAnyMove(page, ply);
    await waitPly(page, ply + 2, 30000);
    assert.equal(await page.evaluate(() => window.scrollY), 0, `the page did not scroll after move ${ply + 1}`);
  }
  for (const sel of ['[data-testid=board]', '[data-testid=clock-red]', '[data-testid=clock-black]', '[data-testid=resign]']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `${sel} fits the screen: ${JSON.stringify(box)}`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll');
  await page.screenshot({ path: `${SHOTS}/phone-game.png` });
  await ctx.close();
});

/** Starts a game against the computer (level 1) as Red on `page`. */
async function playComputer(page) {
  await page.click('[data-testid=lobby-ai]');
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
}

/** The centre of square `name` on the screen. */
async function centre(page, name) {
  const box = await sq(page, name).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with one finger from square `from` to square `to` (CDP touch events, in steps). */
async function touchDrag(cdp, page, from, to, { steps = 8 } = {}) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  for (let i = 1; i <= steps; i++) {
    const p = { x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  // Chromium hands moves to the page with its animation frames: two frames, and the last has come.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return async () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('a piece is dragged with the finger on a phone, and dropped off its moves goes back', async () => {
  const { ctx, page } = await newUser(browser, 'pd', { viewport: PHONE, touch: true });
  await playComputer(page);
  await waitPly(page, 0);
  await page.waitForSelector('[data-testid=board] .xq-movable');
  const cdp = await ctx.newCDPSession(page);
  // Dropped where the cannon cannot go: nothing is played, the cannon stays.
  const dropBad = await touchDrag(cdp, page, 'h2', 'g4');
  await dropBad();
  assert.equal(await page.locator('[data-testid=board]').getAttribute('data-ply'), '0');
  assert.equal(await page.locator('[data-testid=board] .xq-piece[data-sq=h2]').getAttribute('data-piece'), 'red-c');
  // Dragged to e2: while the finger is down the piece follows it, and the drop plays 炮二平五.
  const drop = await touchDrag(cdp, page, 'h2', 'e2');
  await page.waitForSelector('[data-testid=board] .xq-dragging[data-piece=red-c]'); // under the finger
  await page.waitForSelector('[data-testid=board] .xq-piece[data-sq=h2]', { state: 'detached' });
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'dragging does not scroll the page');
  await drop();
  await waitPly(page, 1);
  assert.equal(await page.locator('[data-testid=board] .xq-piece[data-sq=e2]').getAttribute('data-piece'), 'red-c');
  await waitPly(page, 2, 30000);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll');
  await ctx.close();
});

test('the header is one line on a phone: the menu folds behind a button the keyboard opens and closes', async () => {
  const { ctx, page } = await newUser(browser, 'pm', { viewport: PHONE, touch: true });
  await oneLine(page);
  const toggle = page.locator('[data-testid=menu-toggle]');
  assert.equal(await page.locator('#nav').isVisible(), false, 'the menu is folded');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await toggle.getAttribute('aria-controls'), 'nav');
  assert.equal((await toggle.innerText()).trim(), '菜单');
  // Opened from the keyboard: the first link takes the focus; Escape folds it back to the button.
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await page.waitForSelector('#nav a.nav-lobby:focus');
  const links = await page.locator('#nav a').evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).map((r) => [r.left, r.right]));
  assert.ok(links.every(([l, r]) => l >= 0 && r <= PHONE.width), `every link on the screen: ${JSON.stringify(links)}`);
  assert.deepEqual(await axeViolations(page), [], 'the open menu is accessible');
  await page.screenshot({ path: `${SHOTS}/phone-menu.png` });
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#nav').isVisible(), false);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'menu-toggle', 'the focus is back on the button');
  // A link followed from the keyboard goes there and folds the menu.
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.waitForSelector('#nav a.nav-ai:focus');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=ai-start]');
  assert.equal(await page.evaluate(() => location.hash), '#/ai');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('#nav').isVisible(), false);
  // A tap elsewhere folds it too.
  await toggle.tap();
  await page.locator('#nav').waitFor({ state: 'visible' });
  await page.touchscreen.tap(PHONE.width / 2, PHONE.height - 20);
  await page.locator('#nav').waitFor({ state: 'hidden' });
  await ctx.close();
  // A visitor's header (sign in, play as guest) is one line too.
  const vctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const vpage = await vctx.newPage();
  await vpage.goto(`${BASE}/?noanim=1#/`);
  await vpage.waitForSelector('[data-testid=header-guest]:visible');
  await oneLine(vpage);
  await vctx.close();
});

/** The header is one line, and every visible item of it lies on the screen (no sideways scroll). */
async function oneLine(page) {
  const header = await page.locator('.topbar').boundingBox();
  assert.ok(header.height < 56, `the header is one line (${header.height}px)`);
  const right = await page.evaluate(() => Math.max(...[...document.querySelectorAll('.topbar > *')]
    .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().right)));
  assert.ok(right <= PHONE.width, `the header's items fit the screen (right edge ${right}px)`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll');
}
