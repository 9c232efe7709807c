// Two registered players sit, agree a time control, and play to checkmate by clicking squares;
// a guest watches every move; a player reloads mid-game and resumes. Screenshots of the lobby, a
// game in progress and the finished game are written under target/e2e/.
import { test, before, after } from 'node:test';
import {
  launch, newUser, tableIds, openTable, startGame, play, waitPly, text, assert, SHOTS, BASE,
} from './lib.mjs';

// 1. 炮二平五 2. 炮五进四 (captures) 3. 炮八进二 4. 炮八平五 — double cannons, mate.
const MATE = ['h2e2', 'a6a5', 'e2e6', 'i6i5', 'b2b4', 'a5a4', 'b4e4'];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('two players play to checkmate while a spectator watches', async () => {
  const alice = await newUser(browser, 'alice');
  const bob = await newUser(browser, 'bob');
  const carol = await newUser(browser, 'carol', { guest: true, viewport: { width: 390, height: 844 } });
  const [table] = await tableIds(alice.page);

  await startGame(alice.page, bob.page, table, { control: 'blitz' });
  assert.equal(await bob.page.getAttribute('[data-testid=board]', 'data-orientation'), 'black', 'flipped for black');
  assert.match(await text(alice.page, '[data-testid=control-text]'), /5′ \+3″/);

  // The lobby shows both players and the status live.
  await carol.page.waitForSelector(`[data-testid=table-${table}] .status.playing`);
  assert.ok((await text(carol.page, `[data-testid=table-${table}]`)).includes(alice.name));
  await carol.page.screenshot({ path: `${SHOTS}/lobby-phone.png`, fullPage: true });
  await alice.page.evaluate(() => { location.hash = '#/'; });
  await alice.page.waitForSelector(`[data-testid=table-${table}] .status.playing`);
  await alice.page.screenshot({ path: `${SHOTS}/lobby.png` });
  await openTable(alice.page, table);

  await openTable(carol.page, table);
  await carol.page.waitForSelector(`[data-testid=spectators] [data-user]`);

  const pages = [alice.page, bob.page];
  for (let i = 0; i < MATE.length; i++) {
    // A network loss: Red's socket drops just before Black's move; it reconnects and resyncs.
    if (i === 5) await alice.page.evaluate(() => globalThis.chuhe.socket.drop());
    await play(pages[i % 2], MATE[i], i);
    await waitPly(carol.page, i + 1);
    if (i === 3) {
      // Reload mid-game: the game resumes where it was.
      await bob.page.reload();
      await waitPly(bob.page, 4);
      await bob.page.waitForSelector('[data-testid=resign]');
      await alice.page.screenshot({ path: `${SHOTS}/game-in-progress.png` });
      await carol.page.screenshot({ path: `${SHOTS}/game-in-progress-phone.png`, fullPage: true });
    }
  }
  // The spectator saw every move, in Chinese notation by default.
  assert.equal(await text(carol.page, '[data-testid=move-1]'), '炮二平五');
  assert.equal(await text(carol.page, '[data-testid=move-7]'), '炮八平五');

  for (const p of pages) {
    await p.waitForSelector('[data-testid=game-over]');
    assert.equal(await text(p, '[data-testid=game-over-result]'), '红胜');
    assert.equal(await text(p, '[data-testid=game-over-reason]'), '将死');
  }
  await alice.page.waitForSelector('[data-testid=rating-red]');
  assert.match(await text(alice.page, '[data-testid=rating-red]'), /\(\+\d+\)/);
  await carol.page.waitForSelector('[data-testid=result]');
  await alice.page.screenshot({ path: `${SHOTS}/game-finished.png` });

  // Switch the move list to WXF, then English, and back.
  await alice.page.click('[data-testid=game-over-close]');
  await alice.page.selectOption('[data-testid=notation]', 'wxf');
  assert.equal(await text(alice.page, '[data-testid=move-1]'), 'C2.5');
  await alice.page.click('#lang');
  await alice.page.waitForSelector('text=Resign', { state: 'detached' }).catch(() => {});
  assert.equal(await alice.page.textContent('#lang'), '中文');
  await alice.page.reload();
  await alice.page.waitForSelector('[data-testid=table-view]');
  assert.equal(await alice.page.textContent('#lang'), '中文', 'the language choice is remembered');
  await alice.page.click('#lang');
  await alice.page.selectOption('[data-testid=notation]', 'chinese');

  // Profile and replay: the game is listed; step through it; the PGN downloads.
  await alice.page.evaluate(() => { location.hash = '#/me'; });
  await alice.page.waitForSelector('[data-testid=games] a[data-testid^=replay-]');
  await alice.page.click('[data-testid=games] a[data-testid^=replay-]');
  await alice.page.waitForSelector('[data-testid=replay-result]');
  // A finished game opens at its final position.
  await waitPly(alice.page, 7);
  await alice.page.click('[data-testid=nav-first]');
  await waitPly(alice.page, 0);
  await alice.page.click('[data-testid=nav-next]');
  await waitPly(alice.page, 1);
  await alice.page.click('[data-testid=nav-last]');
  await waitPly(alice.page, 7);
  const href = await alice.page.getAttribute('[data-testid=pgn]', 'href');
  const pgn = await alice.page.evaluate(async (u) => (await fetch(u)).text(), href);
  assert.match(pgn, /\[Result "1-0"\]/);
  await alice.page.screenshot({ path: `${SHOTS}/replay.png` });
  assert.ok(BASE);

  await Promise.all([alice.ctx.close(), bob.ctx.close(), carol.ctx.close()]);
});
