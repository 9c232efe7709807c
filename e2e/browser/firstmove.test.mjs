// The first-move rule made visible (a countdown under the clock of the side that owes its first
// move, the rule in the time-control dialog), the final clocks after a loss on time, and the
// replay link of a finished table after a reload (issue 17).
import { test, before, after } from 'node:test';
import {
  launch, newUser, tableIds, openTable, startGame, play, text, assert, SHOTS,
} from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Ids of the tables of room `id`, sorted. */
async function roomTables(page, id) {
  const data = await page.evaluate(async () => (await fetch('/api/lobby')).json());
  return data.rooms.find((r) => r.id === id).tables.map((t) => t.id).sort((a, b) => a - b);
}

test('the first move is counted down for each side, and the rule is in the time-control dialog', async () => {
  const alice = await newUser(browser, 'fma');
  const bob = await newUser(browser, 'fmb');
  const [table] = await roomTables(alice.page, 'timed');
  await openTable(alice.page, table);
  await alice.page.click('[data-testid=sit-red]');
  await alice.page.click('[data-testid=set-control]');
  assert.match(await text(alice.page, '[data-testid=tc-first-move]'), /60 秒内走出第一步/);
  await alice.page.click('[data-testid=tc-cancel]');
  await alice.page.click('[data-testid=stand]');
  await alice.page.waitForSelector('[data-testid=sit-red]');
  await startGame(alice.page, bob.page, table);
  // Red owes the first move: both see the countdown under Red's clock, none under Black's.
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('[data-testid=first-move-red]');
    assert.match(await text(page, '[data-testid=first-move-red]'), /请在 (1:00|0:[45]\d) 内走出第一步/);
    assert.equal(await page.locator('[data-testid=first-move-black]').count(), 0);
  }
  await play(alice.page, 'h2e2', 0);
  // Now Black's own countdown runs, Red's is gone.
  await bob.page.waitForSelector('[data-testid=first-move-black]');
  await alice.page.waitForSelector('[data-testid=first-move-black]');
  assert.equal(await alice.page.locator('[data-testid=first-move-red]').count(), 0);
  await bob.page.screenshot({ path: `${SHOTS}/first-move.png` });
  await play(bob.page, 'h9g7', 1);
  await alice.page.waitForSelector('[data-testid=first-move-black]', { state: 'detached' });
  await alice.page.click('[data-testid=resign]');
  await alice.page.click('[data-testid=resign-confirm-yes]');
  await bob.page.waitForSelector('[data-testid=game-over]');
});

test('a loss on time shows the fallen clock at once, and the replay link survives a reload', async () => {
  const alice = await newUser(browser, 'fla');
  const bob = await newUser(browser, 'flb');
  const ids = await tableIds(alice.page);
  const table = ids[5];
  await openTable(alice.page, table);
  await alice.page.click('[data-testid=sit-red]');
  await openTable(bob.page, table);
  await bob.page.click('[data-testid=sit-black]');
  // Three seconds of game time, no increment: Red, on move, loses on time.
  await alice.page.click('[data-testid=set-control]');
  await alice.page.selectOption('[data-testid=tc-system]', 'fischer');
  await alice.page.fill('[data-testid=tc-base]', '0.05');
  await alice.page.fill('[data-testid=tc-inc]', '0');
  await alice.page.click('[data-testid=tc-ok]');
  await bob.page.click('[data-testid=proposal-accept]');
  await alice.page.waitForSelector('[data-testid=proposal]', { state: 'detached' });
  await alice.page.click('[data-testid=ready]');
  await bob.page.click('[data-testid=ready]');
  for (const page of [alice.page, bob.page]) {
    await page.waitForSelector('[data-testid=game-over]', { timeout: 15000 });
    // The loser's clock reads zero on both screens, without a reload.
    assert.equal(await text(page, '[data-testid=clock-red] .main'), '0:00.0');
  }
  // After a reload the finished game still links to its replay.
  await alice.page.reload();
  await alice.page.waitForSelector(`[data-testid=table-view][data-table="${table}"]`);
  const link = alice.page.locator('a[href^="#/game/"]').first();
  await link.waitFor();
  assert.match(await link.getAttribute('href'), /^#\/game\/\d+$/);
});
