// The rough edges a newcomer met (issue 17): a spectator's status line and game-over box, Escape
// on dialogs, a language switch that keeps the chat, sounds with a mute switch, the title while the
// tab is hidden, the profile's results and dates, the replay's details, and the computer's name.
import { test, before, after } from 'node:test';
import {
  launch, newUser, tableIds, openTable, startGame, play, waitPly, text, assert, SHOTS,
} from './lib.mjs';

// 1. 炮二平五 2. 炮五进四 (captures) 3. 炮八进二 4. 炮八平五 — double cannons, mate.
const MATE = ['h2e2', 'a6a5', 'e2e6', 'i6i5', 'b2b4', 'a5a4', 'b4e4'];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Makes the page believe its tab is hidden (or shown again). */
async function setHidden(page, hidden) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { value: h, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a spectator, a language switch, sounds, the hidden tab, the profile and the replay', async () => {
  const alice = await newUser(browser, 'ann');
  const bob = await newUser(browser, 'ben');
  const carol = await newUser(browser, 'cat');
  const ids = await tableIds(alice.page);
  const table = ids[4];
  await startGame(alice.page, bob.page, table);
  await openTable(carol.page, table);

  // A spectator is told whose move it is, not only a colour.
  assert.equal(await text(carol.page, '[data-testid=status]'), '对局中 · 红方走棋');

  // Escape closes a dialog as "no": the resignation is not sent.
  await alice.page.click('[data-testid=resign]');
  await alice.page.waitForSelector('[data-testid=resign-confirm]');
  await alice.page.keyboard.press('Escape');
  await alice.page.waitForSelector('[data-testid=resign-confirm]', { state: 'detached' });
  assert.equal(await alice.page.locator('[data-testid=game-over]').count(), 0);

  // Chat, then a language switch: the chat and the moves stay, every text follows.
  await play(alice.page, MATE[0], 0);
  await bob.page.fill('[data-testid=chat-input]', '你好 hello');
  await bob.page.click('[data-testid=chat-send]');
  await carol.page.waitForSelector('[data-testid=chat-log] >> text=你好 hello');
  await carol.page.click('#lang');
  await carol.page.waitForSelector('[data-testid=status] >> text=Black to move');
  assert.match(await text(carol.page, '[data-testid=chat-log]'), /你好 hello/, 'the chat survives a language switch');
  assert.equal(await text(carol.page, '.movelist .moves-head b'), 'Moves');
  await waitPly(carol.page, 1);
  await carol.page.click('#lang');
  await carol.page.waitForSelector('[data-testid=status] >> text=黑方走棋');
  assert.match(await text(carol.page, '[data-testid=chat-log]'), /你好 hello/);

  // Alice's tab goes to the background: when it is her move the title says so, until she looks.
  await setHidden(alice.page, true);
  await play(bob.page, MATE[1], 1);
  await waitPly(alice.page, 2);
  await alice.page.waitForFunction(() => document.title.startsWith('●'));
  await setHidden(alice.page, false);
  await alice.page.waitForFunction(() => !document.title.startsWith('●'));

  // Sounds: a capture (炮五进四 takes a soldier) sounds as one; muted, nothing plays.
  await play(alice.page, MATE[2], 2);
  await waitPly(carol.page, 3);
  assert.equal(await carol.page.evaluate(() => globalThis.chuhe.sounds.at(-1)), 'capture');
  await carol.page.click('[data-testid=sound-toggle]');
  assert.equal(await carol.page.getAttribute('[data-testid=sound-toggle]', 'data-muted'), '1');
  const heard = await carol.page.evaluate(() => globalThis.chuhe.sounds.length);
  for (let i = 3; i < MATE.length; i++) await play(i % 2 ? bob.page : alice.page, MATE[i], i);
  await waitPly(carol.page, MATE.length);
  assert.equal(await carol.page.evaluate(() => globalThis.chuhe.sounds.length), heard, 'muted: no sound');
  assert.equal(await alice.page.evaluate(() => globalThis.chuhe.sounds.at(-1)), 'check', 'the mate sounds as a check');

  // Game over: the players may ask for a rematch, a spectator is not offered one.
  await carol.page.waitForSelector('[data-testid=game-over]');
  assert.equal(await carol.page.locator('[data-testid=rematch]').count(), 0);
  await alice.page.waitForSelector('[data-testid=game-over] [data-testid=rematch]');

  // The profile: the outcome for this player, the result and reason, rated or not, dates not in US order.
  await alice.page.keyboard.press('Escape');
  await alice.page.waitForSelector('[data-testid=game-over]', { state: 'detached' });
  await alice.page.evaluate(() => { location.hash = '#/me'; });
  const row = alice.page.locator('[data-testid=games] tr[data-game]').first();
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  assert.match(cells[0], /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  assert.match(cells[3], /^胜 红胜 · 将死$/);
  assert.equal(cells[4], '计分');
  assert.match(cells[5], /7 着/);

  // The replay: who had Red and Black, the result with its reason, length, control and date.
  await row.locator('a').click();
  await alice.page.waitForSelector('[data-testid=replay-result]');
  assert.match(await text(alice.page, '[data-testid=replay-red]'), new RegExp(`红方 ${alice.name}`));
  assert.match(await text(alice.page, '[data-testid=replay-black]'), new RegExp(`黑方 ${bob.name}`));
  assert.equal(await text(alice.page, '[data-testid=replay-result]'), '红胜 · 将死');
  assert.equal(await text(alice.page, '[data-testid=replay-plies]'), '7 着');
  assert.equal(await text(alice.page, '[data-testid=replay-control]'), '20′/30 → 5′/10');
  assert.match(await text(alice.page, '[data-testid=replay-date]'), /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  const dot = await alice.page.locator('[data-testid=replay-red] .dot').boundingBox();
  assert.ok(dot && dot.width > 4, 'the colour dot is drawn');
  await alice.page.screenshot({ path: `${SHOTS}/replay-details.png` });
  await Promise.all([alice.ctx.close(), bob.ctx.close(), carol.ctx.close()]);
});

test('a computer game is named as one, in the interface language', async () => {
  const { ctx, page } = await newUser(browser, 'dot');
  await page.click('[data-testid=lobby-ai]');
  await page.selectOption('[data-testid=ai-level]', '1');
  await page.selectOption('[data-testid=ai-color]', 'red');
  await page.click('[data-testid=ai-start]');
  await page.waitForSelector('[data-testid=table-view] [data-testid=resign]');
  assert.equal(await text(page, '[data-testid=table-title]'), '人机对局 · 1级');
  const top = await text(page, '[data-testid=bar-top]');
  assert.match(top, /电脑 · 1级/);
  assert.doesNotMatch(top, /Computer|无称号/);
  await page.click('#lang');
  await page.waitForSelector('[data-testid=bar-top] >> text=Computer · level 1');
  assert.equal(await text(page, '[data-testid=table-title]'), 'Computer game · level 1');
  await page.click('#lang');
  await ctx.close();
});

test('the hall on a phone: room tabs with figures, compact rows, filters', async () => {
  const { ctx, page } = await newUser(browser, 'eve', { viewport: { width: 390, height: 844 } });
  const lobby = await page.evaluate(async () => (await fetch('/api/lobby')).json());
  const [first, second] = lobby.rooms;
  await page.waitForSelector(`[data-testid=room-tab-${first.id}][aria-selected=true]`);
  assert.match(await text(page, `[data-testid=room-tab-${first.id}]`), /局对弈 · \d+ 人 · \d+ 桌有空位/);
  // Every table of the room in one screen or two, not one card a screen.
  const rows = page.locator('[data-testid=table-list] .trow');
  assert.equal(await rows.count(), first.tables.length);
  const box = await rows.first().boundingBox();
  assert.ok(box.height < 90, `a row is compact (${box.height}px)`);
  // Another room: its tables only; the choice is kept for the session.
  await page.click(`[data-testid=room-tab-${second.id}]`);
  await page.waitForSelector(`[data-testid=table-${second.tables[0].id}]`);
  assert.equal(await page.locator(`[data-testid=table-${first.tables[0].id}]`).count(), 0);
  await page.reload();
  await page.waitForSelector(`[data-testid=room-tab-${second.id}][aria-selected=true]`);
  await page.click(`[data-testid=room-tab-${first.id}]`);
  // "Watch" lists only games in progress; "free seats" the tables one can sit at.
  await page.click('[data-testid=filter-live]');
  for (const status of await page.locator('[data-testid=table-list] .trow .status').allTextContents()) assert.equal(status, '对局中');
  await page.click('[data-testid=filter-free]');
  assert.ok(await page.locator('[data-testid=table-list] .trow').count() > 0);
  await page.screenshot({ path: `${SHOTS}/lobby-phone-tabs.png`, fullPage: true });
  await ctx.close();
});
