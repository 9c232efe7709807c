// People are told (#36, item 4): the one whose draw offer is declined; two newcomers in their
// placement games, before the game, that it will not be rated (the fresh site's ourgame
// profile); an entry fee, before it is paid; a cancelled event, with its refund; a rematch
// asked (再来一局) and its answer; a behaviour (品行) penalty for a missed first move, with why.
import { test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { launch, newUser, startGame, play, waitPly, tableIds, text, assert } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const FRESH = process.env.CHUHE_FRESH_URL;
const run = (args) => execFileSync(process.env.CHUHE_BIN, [...args, '--data', process.env.CHUHE_DATA], { stdio: 'pipe' }).toString();

test('a declined draw offer is told to the one who offered it', async () => {
  const red = await newUser(browser, 'tdr');
  const black = await newUser(browser, 'tdb');
  const ids = await tableIds(red.page);
  await startGame(red.page, black.page, ids[ids.length - 3]);
  await play(red.page, 'h2e2', 0);
  await play(black.page, 'h9g7', 1);
  await waitPly(red.page, 2);
  await red.page.click('[data-testid=draw-offer]');
  await black.page.click('[data-testid=draw-decline]');
  await red.page.waitForSelector('#toast:not([hidden]):has-text("对方拒绝了你的和棋提议")');
  await red.page.click('[data-testid=resign]');
  await red.page.click('[data-testid=resign-confirm-yes]');
  await red.ctx.close();
  await black.ctx.close();
});

test('two newcomers in their placement games are told before the game that it will not be rated', { skip: !FRESH && 'CHUHE_FRESH_URL not set' }, async () => {
  const red = await newUser(browser, 'tnr', { base: FRESH });
  const black = await newUser(browser, 'tnb', { base: FRESH });
  const ids = await tableIds(red.page);
  const table = ids[ids.length - 1];
  for (const [p, c] of [[red.page, 'red'], [black.page, 'black']]) {
    await p.evaluate((h) => { location.hash = h; }, `#/table/${table}`);
    await p.click(`[data-testid=sit-${c}]`);
    await p.waitForSelector('[data-testid=ready]');
  }
  await red.page.waitForSelector('[data-testid=unrated-before]:visible');
  assert.match(await text(red.page, '[data-testid=unrated-before]'), /下一局不计等级分.*定级期/);
  for (const p of [red.page, black.page]) await p.click('[data-testid=stand]');
  await red.ctx.close();
  await black.ctx.close();
});

test('an entry fee is confirmed before it is paid, and a cancelled event says it refunded it', async () => {
  const u = await newUser(browser, 'tfe');
  const out = run(['admin', 'tournament', 'create', '--name', `Fee Cup ${Date.now() % 100000}`, '--by', u.name, '--entry-fee', '5']);
  const id = Number(/created event (\d+)/.exec(out)?.[1]);
  await u.page.evaluate((h) => { location.hash = h; }, `#/tournament/${id}`);
  await u.page.click('[data-testid=tournament-join]');
  await u.page.waitForSelector('[data-testid=fee-confirm]');
  assert.match(await text(u.page, '[data-testid=fee-confirm] h3'), /5 币报名费/);
  await u.page.click('[data-testid=fee-confirm-no]');
  assert.equal(await u.page.locator('[data-testid=tournament-withdraw]').count(), 0, 'not entered');
  await u.page.click('[data-testid=tournament-join]');
  await u.page.click('[data-testid=fee-confirm-yes]');
  await u.page.waitForSelector('[data-testid=tournament-withdraw]');
  run(['admin', 'tournament', 'cancel', '--id', String(id)]);
  await u.page.waitForSelector('[data-testid=tournament-cancelled]', { timeout: 15000 });
  assert.match(await text(u.page, '[data-testid=tournament-cancelled]'), /已取消.*5 币报名费已退还/);
  await u.ctx.close();
});

test('再来一局 asks the opponent, who declines (the asker is told) or accepts; leaving the seat is told too', async () => {
  const red = await newUser(browser, 'trr');
  const black = await newUser(browser, 'trb');
  const ids = await tableIds(red.page);
  await startGame(red.page, black.page, ids[ids.length - 4]);
  const resign = async (p) => {
    await p.click('[data-testid=resign]');
    await p.click('[data-testid=resign-confirm-yes]');
    await red.page.waitForSelector('[data-testid=game-over]');
    await black.page.waitForSelector('[data-testid=game-over]');
  };
  await resign(red.page);
  // Asked from the game-over box: the opponent's box gives way to the question.
  await red.page.click('[data-testid=rematch]');
  await red.page.waitForSelector('[data-testid=rematch-waiting]');
  assert.match(await text(red.page, '[data-testid=rematch-waiting]'), /已请求再来一局，等待对方答复/);
  await black.page.waitForSelector('[data-testid=rematch-offer]');
  assert.equal(await black.page.locator('[data-testid=game-over]').count(), 0, 'the game-over box gave way');
  assert.match(await text(black.page, '[data-testid=rematch-offer]'), /对方请求再来一局/);
  await black.page.click('[data-testid=rematch-decline]');
  await red.page.waitForSelector('#toast:not([hidden]):has-text("对方拒绝了再来一局")');
  await red.page.waitForSelector('[data-testid=rematch-waiting]', { state: 'detached' });
  await black.page.waitForSelector('[data-testid=rematch-offer]', { state: 'detached' });
  assert.equal(await red.page.locator('[data-testid=resign]').count(), 0, 'no game started');
  // Asked again and accepted: the second game starts on both screens.
  await red.page.click('[data-testid=ready]');
  await black.page.click('[data-testid=rematch-accept]');
  await red.page.waitForSelector('[data-testid=resign]');
  await black.page.waitForSelector('[data-testid=resign]');
  await resign(black.page);
  // Asked, and the other player stands up: the asker is told, and waits no more.
  await black.page.click('[data-testid=rematch]');
  await red.page.waitForSelector('[data-testid=rematch-offer]');
  await red.page.click('[data-testid=stand]');
  await black.page.waitForSelector('#toast:not([hidden]):has-text("对方已离座，不能再来一局")');
  await black.page.waitForSelector('[data-testid=rematch-waiting]', { state: 'detached' });
  await black.page.click('[data-testid=stand]');
  await red.ctx.close();
  await black.ctx.close();
});

test('a first move missed is told to the one who missed it: the game called off, the behaviour score and why', async () => {
  const red = await newUser(browser, 'tmr');
  const black = await newUser(browser, 'tmb');
  const data = await red.page.evaluate(async () => (await fetch('/api/lobby')).json());
  const [table] = data.rooms.find((r) => r.id === 'noshow').tables.map((t) => t.id);
  await startGame(red.page, black.page, table);
  // Red lets the 3 s pass: the game is called off, and Red alone hears why it cost them.
  await red.page.waitForSelector('[data-testid=game-over]', { timeout: 15000 });
  const line = red.page.locator('[data-testid=game-over-conduct]');
  await line.waitFor({ timeout: 10000 });
  assert.equal(await line.getAttribute('data-conduct'), 'no_show');
  assert.match(await line.innerText(), /没有在时限内走出第一步.*品行分扣分，现为 90/);
  await black.page.waitForSelector('[data-testid=game-over]');
  assert.equal(await black.page.locator('[data-testid=game-over-conduct]').count(), 0, 'the opponent is not penalised');
  // Kept among the notices, linking to the game.
  await red.page.click('[data-testid=game-over-close]');
  await red.page.click('[data-testid=header-notices]');
  const kept = red.page.locator('[data-testid=notices] li', { hasText: '没有在时限内走出第一步' });
  await kept.waitFor();
  assert.match(await kept.locator('a').getAttribute('href'), /^#\/game\/\d+$/);
  await black.page.click('[data-testid=game-over-close]');
  await black.page.click('[data-testid=stand]');
  await red.ctx.close();
  await black.ctx.close();
});
