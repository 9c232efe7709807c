// Event games look like event games (#36, item 3): the board of a round robin created from the
// command line names its event, round and board and links back to the event; it offers no
// undo, abort or wager, and after the game no rematch, handicap or time-control controls; the
// game-over box leads back to the event; the player is told "you won" / "you lost".
import { test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { launch, newUser, play, waitPly, assert, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const run = (args) => execFileSync(process.env.CHUHE_BIN, [...args, '--data', process.env.CHUHE_DATA], { stdio: 'pipe' }).toString();

test("an event's board names its event and round and offers only what an event allows", async () => {
  const a = await newUser(browser, 'eva');
  const b = await newUser(browser, 'evb');
  const name = `Event Board ${Date.now() % 100000}`;
  const out = run(['admin', 'tournament', 'create', '--name', name, '--by', a.name, '--system', 'robin', '--no-show-secs', '120']);
  const id = Number(/created event (\d+)/.exec(out)?.[1]);
  for (const p of [a.page, b.page]) {
    await p.evaluate((h) => { location.hash = h; }, `#/tournament/${id}`);
    await p.click('[data-testid=tournament-join]');
    await p.waitForSelector('[data-testid=tournament-withdraw]');
  }
  run(['admin', 'tournament', 'start', '--id', String(id)]);
  // Watching the event page, each player's board opens by itself.
  for (const p of [a.page, b.page]) await p.waitForSelector('[data-testid=table-view] [data-testid=resign]', { timeout: 15000 });
  const seat = async (p) => ((await p.getAttribute('[data-testid=board]', 'data-orientation')) === 'black' ? 'black' : 'red');
  const [red, black] = (await seat(a.page)) === 'red' ? [a.page, b.page] : [b.page, a.page];

  for (const p of [red, black]) {
    assert.equal((await p.textContent('[data-testid=table-title]')).trim(), '比赛 · 第 1 轮 · 第 1 台');
    assert.equal(await p.getAttribute('[data-testid=event-link]', 'href'), `#/tournament/${id}`);
    await p.waitForSelector(`[data-testid=event-link]:has-text("${name}")`);
    for (const gone of ['undo', 'abort']) assert.equal(await p.locator(`[data-testid=${gone}]`).count(), 0, `no ${gone}`);
    assert.equal(await p.locator('[data-testid=wager-panel]:visible').count(), 0, 'no wager panel');
  }
  await play(red, 'h2e2', 0);
  await waitPly(black, 1);
  await black.click('[data-testid=resign]');
  await black.click('[data-testid=resign-confirm-yes]');
  for (const [p, words] of [[red, '你赢了'], [black, '你输了']]) {
    await p.waitForSelector('[data-testid=game-over]');
    assert.equal((await p.textContent('[data-testid=game-over-outcome]')).trim(), words);
    assert.equal(await p.locator('[data-testid=rematch]').count(), 0, 'no rematch');
    assert.equal(await p.locator('[data-testid=game-over-event]').count(), 1);
  }
  await red.screenshot({ path: `${SHOTS}/event-game-over.png` });
  await red.click('[data-testid=game-over-close]');
  for (const gone of ['set-handicap', 'set-control', 'ready', 'stand']) {
    assert.equal(await red.locator(`[data-testid=${gone}]`).count(), 0, `no ${gone} after the game`);
  }
  await black.click('[data-testid=game-over-event]');
  await black.waitForSelector('[data-testid=tournament]');
  assert.match(await black.evaluate(() => location.hash), new RegExp(`^#/tournament/${id}$`));
  await a.ctx.close();
  await b.ctx.close();
});
