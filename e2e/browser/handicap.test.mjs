// A handicap game (让子) from agreement to record: Red proposes to give a horse, Black first
// declines, then accepts; the table, a spectator and the lobby show it; the game starts without
// Red's b0 horse; it ends unrated; the replay starts from that position and names the handicap.
import { test, before, after } from 'node:test';
import {
  launch, newUser, tableIds, openTable, play, waitPly, text, assert, SHOTS,
} from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const NO_RED_HORSE = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1';

async function proposeHorse(red) {
  await red.click('[data-testid=set-handicap]');
  await red.selectOption('[data-testid=hc-giver]', 'red');
  await red.selectOption('[data-testid=hc-kind]', 'horse');
  await red.click('[data-testid=hc-ok]');
}

test('a handicap is agreed, shown to everyone, played and recorded unrated', async () => {
  const red = await newUser(browser, 'hcr');
  const black = await newUser(browser, 'hcb');
  const watcher = await newUser(browser, 'hcw');
  const ids = await tableIds(red.page);
  const table = ids[7];
  await openTable(red.page, table);
  await red.page.click('[data-testid=sit-red]');
  await red.page.waitForSelector('[data-testid=ready]');
  // Alone: nobody to agree with.
  assert.equal(await red.page.locator('[data-testid=set-handicap]').isDisabled(), true);
  await openTable(black.page, table);
  await black.page.click('[data-testid=sit-black]');
  await red.page.waitForSelector('[data-testid=set-handicap]:not([disabled])');
  await openTable(watcher.page, table);

  // Declined first: the notice goes, nothing is agreed.
  await proposeHorse(red.page);
  await black.page.waitForSelector('[data-testid=handicap-proposal]');
  assert.match(await text(black.page, '[data-testid=handicap-proposal]'), /红方提议让子：红方让单马/);
  assert.equal(await black.page.locator('[data-testid=ready]').isDisabled(), true, 'no start while a proposal is pending');
  await black.page.click('[data-testid=handicap-decline]');
  await red.page.waitForSelector('[data-testid=handicap-proposal]', { state: 'detached' });
  assert.equal(await red.page.locator('[data-testid=handicap-text]').isHidden(), true);

  // Accepted: the players, the spectator and the lobby see it.
  await proposeHorse(red.page);
  await black.page.click('[data-testid=handicap-accept]');
  for (const p of [red.page, black.page, watcher.page]) {
    await p.waitForSelector('[data-testid=handicap-text][data-kind=horse]');
    assert.match(await text(p, '[data-testid=handicap-text]'), /红方让单马.*不计分/);
  }
  const lobby = await newUser(browser, 'hcl');
  await lobby.page.waitForSelector(`[data-testid=handicap-${table}]`);
  assert.equal(await text(lobby.page, `[data-testid=handicap-${table}]`), '红方让单马');
  await lobby.ctx.close();

  // The game starts from the handicap position.
  await red.page.click('[data-testid=ready]');
  await black.page.click('[data-testid=ready]');
  await red.page.waitForSelector('[data-testid=resign]');
  await waitPly(watcher.page, 0);
  for (const p of [red.page, watcher.page]) {
    assert.equal(await p.getAttribute('[data-testid=board]', 'data-fen'), NO_RED_HORSE);
  }
  assert.equal(await red.page.locator('[data-testid=board] [data-piece=red-n]').count(), 1);
  await play(red.page, 'h2e2', 0);
  await play(black.page, 'h9g7', 1);
  await red.page.screenshot({ path: `${SHOTS}/handicap-game.png` });
  await black.page.click('[data-testid=resign]');
  await black.page.click('[data-testid=resign-confirm-yes]');
  await red.page.waitForSelector('[data-testid=game-over-unrated][data-why=handicap]');
  assert.match(await text(red.page, '[data-testid=game-over-unrated]'), /让子对局不计分/);

  // The record: the replay starts from the handicap and names it.
  await red.page.click('[data-testid=game-over-replay]');
  await red.page.waitForSelector('[data-testid=replay-handicap]');
  assert.equal(await text(red.page, '[data-testid=replay-handicap]'), '红方让单马');
  await red.page.click('[data-testid=nav-first]');
  await waitPly(red.page, 0);
  assert.equal(await red.page.locator('[data-testid=board] [data-piece=red-n]').count(), 1);
  assert.equal(await red.page.locator('[data-testid=board] [data-piece=black-n]').count(), 2);
  const href = await red.page.getAttribute('[data-testid=pgn]', 'href');
  const pgn = await red.page.evaluate(async (u) => (await fetch(u)).text(), href);
  assert.ok(pgn.includes('[SetUp "1"]') && pgn.includes(`[FEN "${NO_RED_HORSE}"]`), pgn);
  await red.page.screenshot({ path: `${SHOTS}/handicap-replay.png` });
  await Promise.all([red.ctx.close(), black.ctx.close(), watcher.ctx.close()]);
});
