// Settings (issue 36, item 6): board theme, piece set and notation applied after a reload, kept
// locally for a visitor and on the account for a user (another browser gets them); confirm
// moves asks before a move is sent; typed moves (ICCS, WXF, Chinese) and arrows + Enter play;
// a password change and "sign out other sessions" end the other browser's session; a guest
// sees the room with a coin entry locked, with the reason.
import { test, before, after } from 'node:test';
import { launch, newUser, openTable, waitPly, sq, text, assert, axeViolations, BASE, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PASSWORD = 'correct-horse-9';

/** The page's applied theme and piece set. */
const applied = (page) => page.evaluate(() => ({ ...document.documentElement.dataset }));

/** A table of the first room with nobody seated and no game. */
async function freeTable(page) {
  const { rooms } = await page.evaluate(async () => (await fetch('/api/lobby')).json());
  const tb = rooms[0].tables.find((x) => x.status !== 'playing' && !x.seats?.red && !x.seats?.black);
  assert.ok(tb, 'a free table');
  return tb.id;
}

/** Signs in as `name` in a fresh browser context. */
async function signIn(name, password = PASSWORD) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/?noanim=1#/login`);
  await page.fill('[data-testid=auth-name]', name);
  await page.fill('[data-testid=auth-password]', password);
  await page.click('[data-testid=auth-login]');
  await page.waitForSelector('#net[data-status=online]');
  return { ctx, page };
}

test('a visitor chooses a theme, pieces and notation; they stay after a reload', async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(`${BASE}/#/settings`);
  await page.waitForSelector('[data-testid=settings] [data-testid=set-visitor]');
  assert.equal(await page.locator('h1').count(), 1);
  assert.equal((await applied(page)).board, 'wood');
  assert.equal(await page.locator('[data-testid=set-preview] .xq-icon').count(), 0);
  await page.selectOption('[data-testid=set-board]', 'green');
  await page.selectOption('[data-testid=set-pieces]', 'icons');
  await page.selectOption('[data-testid=set-notation]', 'wxf');
  await page.waitForSelector('[data-testid=set-preview] .xq-icon');
  assert.equal(await page.locator('[data-testid=set-preview] .xq-piece text').count(), 0, 'no characters in the icon set');
  await page.reload();
  await page.waitForSelector('[data-testid=settings]');
  assert.deepEqual(await applied(page), { board: 'green', pieces: 'icons' });
  assert.equal(await page.inputValue('[data-testid=set-notation]'), 'wxf');
  assert.equal(await page.locator('[data-testid=set-preview] .xq-icon').count(), 32);
  // The theme shows on the board: the background takes the theme's colour.
  const fill = await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid=set-preview] .xq-bg')).fill);
  assert.equal(fill, 'rgb(143, 191, 138)');
  assert.deepEqual(await axeViolations(page), [], 'no critical or serious accessibility violation');
  await page.screenshot({ path: `${SHOTS}/settings-visitor.png` });
  await page.close();
});

test('a user\'s settings are stored on the account and applied in another browser', async () => {
  const alice = await newUser(browser, 'set');
  await alice.page.click('.nav-settings');
  await alice.page.waitForSelector('[data-testid=set-account]');
  await alice.page.selectOption('[data-testid=set-board]', 'dark');
  await alice.page.selectOption('[data-testid=set-notation]', 'iccs');
  await alice.page.uncheck('[data-testid=set-sound]');
  // The account has them once the last save is in.
  let saved = {};
  for (let i = 0; i < 50 && saved.sound !== false; i++) {
    saved = await alice.page.evaluate(async () => (await (await fetch('/api/me/settings')).json()).settings);
    if (saved.sound !== false) await alice.page.waitForTimeout(100);
  }
  assert.equal(saved.board, 'dark');
  assert.equal(saved.notation, 'iccs');
  assert.equal(saved.sound, false);
  // The header's mute button is the same setting.
  assert.equal(await alice.page.getAttribute('[data-testid=sound-toggle]', 'data-muted'), '1');

  const other = await signIn(alice.name);
  await other.page.waitForFunction(() => document.documentElement.dataset.board === 'dark');
  await other.page.goto(`${BASE}/#/settings`);
  await other.page.waitForSelector('[data-testid=settings]');
  assert.equal(await other.page.inputValue('[data-testid=set-notation]'), 'iccs');
  assert.equal(await other.page.isChecked('[data-testid=set-sound]'), false);
  assert.equal(await other.page.getAttribute('[data-testid=sound-toggle]', 'data-muted'), '1');
  await other.ctx.close();
  await alice.ctx.close();
});

test('confirm moves asks first; typed moves and arrows + Enter play', async () => {
  const red = await newUser(browser, 'kred');
  const black = await newUser(browser, 'kblk');
  for (const p of [red.page, black.page]) {
    await p.goto(`${BASE}/?noanim=1#/settings`);
    await p.waitForSelector('[data-testid=set-account]');
    await p.check('[data-testid=set-keyboard]');
  }
  await red.page.check('[data-testid=set-confirm]');
  await red.page.check('[data-testid=set-premove]');
  await red.page.waitForFunction(() => document.querySelector('[data-testid=set-status]').textContent === '已保存');
  const table = await freeTable(red.page);
  await openTable(red.page, table);
  await red.page.click('[data-testid=sit-red]');
  await openTable(black.page, table);
  await black.page.click('[data-testid=sit-black]');
  await red.page.click('[data-testid=ready]');
  await black.page.click('[data-testid=ready]');
  await red.page.waitForSelector('[data-testid=resign]');
  await waitPly(red.page, 0);

  // Confirm moves: a click-click move asks; "no" sends nothing, "yes" plays it.
  await sq(red.page, 'h2').click();
  await sq(red.page, 'e2').click();
  await red.page.waitForSelector('[data-testid=move-confirm]');
  assert.match(await text(red.page, '[data-testid=move-confirm]'), /炮二平五/);
  await red.page.click('[data-testid=move-confirm-no]');
  await red.page.waitForTimeout(500);
  await waitPly(black.page, 0);
  assert.equal(await red.page.getAttribute('[data-testid=board]', 'data-ply'), '0');
  await sq(red.page, 'h2').click();
  await sq(red.page, 'e2').click();
  await red.page.click('[data-testid=move-confirm-yes]');
  await waitPly(black.page, 1);

  // Premove: Red picks 马二进三 while Black thinks; it goes as soon as Black has moved.
  await waitPly(red.page, 1);
  await sq(red.page, 'h0').click();
  await sq(red.page, 'g2').click();
  await red.page.waitForSelector('[data-testid=board][data-premove=queued]');
  assert.equal(await red.page.getAttribute('[data-testid=board]', 'data-ply'), '1', 'nothing sent yet');

  // Arrows + Enter on Black's focused board (Black at the bottom): h9 to g7 (马8进7).
  await black.page.focus('[data-testid=board] svg');
  const keys = async (...ks) => { for (const k of ks) await black.page.keyboard.press(k); };
  await keys('ArrowLeft');
  const start = await black.page.getAttribute('[data-testid=board] svg', 'data-cursor');
  assert.equal(start, 'e7', 'the cursor starts in the middle of Black\'s side');
  await keys('ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'ArrowDown');
  assert.equal(await black.page.getAttribute('[data-testid=board] svg', 'data-cursor'), 'h9');
  await keys('Enter');
  await black.page.waitForSelector('[data-testid=board] .xq-dest[data-dest=g7]'); // Enter picked the horse
  await keys('ArrowRight', 'ArrowUp', 'ArrowUp');
  assert.equal(await black.page.getAttribute('[data-testid=board] svg', 'data-cursor'), 'g7');
  await keys('Enter');
  await waitPly(black.page, 3);
  assert.equal(await text(black.page, '[data-testid=move-3]'), '马二进三', 'the premove was played');

  // Typed moves: WXF for Black, Chinese for Red (confirmed); a text that names no move is said.
  await black.page.fill('[data-testid=move-entry]', 'C2.9');
  await black.page.press('[data-testid=move-entry]', 'Enter');
  assert.match(await text(black.page, '[data-testid=move-entry-error]'), /C2\.9/);
  await black.page.fill('[data-testid=move-entry]', 'c2=5');
  await black.page.press('[data-testid=move-entry]', 'Enter');
  await waitPly(red.page, 4);
  assert.equal(await text(red.page, '[data-testid=move-4]'), '炮2平5');
  await red.page.fill('[data-testid=move-entry]', '馬八進七');
  await red.page.press('[data-testid=move-entry]', 'Enter');
  await red.page.click('[data-testid=move-confirm-yes]');
  await waitPly(black.page, 5);
  assert.equal(await text(black.page, '[data-testid=move-5]'), '马八进七');
  await red.page.screenshot({ path: `${SHOTS}/settings-keyboard.png` });
  await red.page.click('[data-testid=resign]');
  await red.page.click('[data-testid=resign-confirm-yes]');
  await red.page.waitForSelector('[data-testid=game-over]');
  await red.ctx.close();
  await black.ctx.close();
});

test('a password change and signing out elsewhere end the other browser\'s session', async () => {
  const desk = await newUser(browser, 'pw');
  const phone = await signIn(desk.name);
  await desk.page.goto(`${BASE}/#/settings`);
  await desk.page.waitForSelector('[data-testid=set-signout-others]');
  await desk.page.click('[data-testid=set-signout-others]');
  await desk.page.waitForFunction(() => document.getElementById('toast').textContent.includes('1'));
  await phone.page.reload();
  await phone.page.waitForSelector('[data-testid=header-signin]:not([hidden])');
  assert.equal(await phone.page.evaluate(async () => (await fetch('/api/me')).status), 401);

  // A wrong current password changes nothing.
  await desk.page.fill('[data-testid=set-old]', 'not-the-password');
  await desk.page.fill('[data-testid=set-new]', 'brand-new-horse');
  await desk.page.fill('[data-testid=set-new2]', 'brand-new-horse');
  await desk.page.click('[data-testid=set-password-submit]');
  await desk.page.waitForFunction(() => document.getElementById('toast').textContent.includes('当前密码不正确'));
  const again = await signIn(desk.name);
  await desk.page.fill('[data-testid=set-old]', PASSWORD);
  await desk.page.fill('[data-testid=set-new]', 'brand-new-horse');
  await desk.page.fill('[data-testid=set-new2]', 'brand-new-horse');
  await desk.page.click('[data-testid=set-password-submit]');
  await desk.page.waitForFunction(() => document.getElementById('toast').textContent.includes('密码已修改'));
  assert.equal(await again.page.evaluate(async () => (await fetch('/api/me')).status), 401, 'the other session ended');
  assert.equal(await desk.page.evaluate(async () => (await fetch('/api/me')).status), 200, 'this one stays');
  const fresh = await signIn(desk.name, 'brand-new-horse');
  await fresh.ctx.close();
  await again.ctx.close();
  await phone.ctx.close();
  await desk.ctx.close();
});

test('a guest sees the room with a coin entry locked, with the reason', async () => {
  const guest = await newUser(browser, 'g', { guest: true });
  const { rooms } = await guest.page.evaluate(async () => (await fetch('/api/lobby')).json());
  const dear = rooms.find((r) => r.min_coins > 0);
  assert.ok(dear, 'a room with an entry');
  const note = await text(guest.page, `[data-testid=room-locked-${dear.id}]`);
  assert.match(note, new RegExp(`注册用户凭 ${dear.min_coins} 币进入`));
  await guest.page.click(`[data-testid=room-tab-${dear.id}]`);
  const first = dear.tables[0].id;
  assert.equal(await guest.page.isDisabled(`[data-testid=open-${first}]`), true);
  await guest.ctx.close();
});
