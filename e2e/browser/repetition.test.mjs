// Warned before losing (issue 21): at a table whose room sets its own rules, the rules are shown
// at the table; when Red's next move would lose by perpetual chase, a warning line says so, the
// move's target square is marked while the horse is selected, and playing it asks first.
import { test, before, after } from 'node:test';
import { launch, newUser, startGame, play, sq, waitPly, text, assert, SHOTS } from './lib.mjs';

// An idle king move, then Red's horse shuttles e2–d4 (attacking the chariot on c2) while
// Black's king steps aside; Red's next d4e2 repeats a position for the third time.
const CYCLE = ['f0f1', 'd9e9', 'e2d4', 'e9d9', 'd4e2', 'd9e9', 'e2d4', 'e9d9'];
const LOSING = 'd4e2';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the losing repetition is marked before it is played, under the rules shown at the table', async () => {
  const alice = await newUser(browser, 'rpa');
  const bob = await newUser(browser, 'rpb');
  const data = await alice.page.evaluate(async () => (await fetch('/api/lobby')).json());
  const [table] = data.rooms.find((r) => r.id === 'repetition').tables.map((t) => t.id);
  await startGame(alice.page, bob.page, table);
  // The room's rules at the table: CXA, a 50-move limit, losing repetitions warned.
  for (const page of [alice.page, bob.page]) {
    const rules = page.locator('[data-testid=table-rules]');
    assert.equal(await rules.getAttribute('data-profile'), 'cxa');
    assert.match(await text(page, '[data-testid=table-rules]'), /CXA.*50.*(长打提醒|warned)/);
  }
  for (const [i, mv] of CYCLE.entries()) await play(i % 2 === 0 ? alice.page : bob.page, mv, i);
  const red = alice.page;
  await waitPly(red, CYCLE.length);
  // The warning line names the losing move; Black, not on move, sees none.
  const line = `[data-testid=repetition-warning][data-mv=${LOSING}][data-kind=loses]`;
  await red.waitForSelector(line);
  assert.match(await text(red, line), /长捉|perpetual chase/);
  assert.equal(await bob.page.locator('[data-testid=repetition-warning]').count(), 0);
  // Selecting the horse marks the losing target square.
  await sq(red, 'd4').click();
  await red.waitForSelector('[data-testid=board] .xq-dest-loses[data-dest=e2][data-warn=loses]');
  await red.screenshot({ path: `${SHOTS}/repetition-warning.png` });
  // Playing it asks first; "no" keeps the position.
  await sq(red, 'e2').click();
  await red.waitForSelector('[data-testid=repetition-confirm]');
  await red.click('[data-testid=repetition-confirm-no]');
  await red.waitForSelector('[data-testid=repetition-confirm]', { state: 'detached' });
  await waitPly(red, CYCLE.length);
  assert.equal(await red.locator(`[data-testid=board] .xq-piece[data-sq=d4]`).count(), 1);
  // "Yes" plays it, and Red loses by perpetual chase.
  await sq(red, 'd4').click();
  await sq(red, 'e2').click();
  await red.click('[data-testid=repetition-confirm-yes]');
  await bob.page.waitForSelector('[data-testid=game-over-ruling]');
  assert.match(await text(bob.page, '[data-testid=game-over-ruling]'), /^红方.*红方负。$/);
});
