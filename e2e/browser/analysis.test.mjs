// The engine's analysis of a finished game on the replay (issue 22): the Analyse button queues
// it, the graph, accuracies and marked moves appear, and the game's link shows the stored
// analysis at once to anyone.
import { test, before, after } from 'node:test';
import {
  launch, newUser, tableIds, startGame, play, waitPly, assert, SHOTS,
} from './lib.mjs';

// Double cannons mate: Black's pawn moves are the mistakes.
const MATE = ['h2e2', 'a6a5', 'e2e6', 'i6i5', 'b2b4', 'a5a4', 'b4e4'];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a finished game is analysed: graph, accuracy and marked moves, shared by its link', async () => {
  const alice = await newUser(browser, 'ana');
  const bob = await newUser(browser, 'anb');
  const ids = await tableIds(alice.page);
  await startGame(alice.page, bob.page, ids[6]);
  for (let i = 0; i < MATE.length; i++) await play(i % 2 ? bob.page : alice.page, MATE[i], i);
  await waitPly(alice.page, MATE.length);
  await alice.page.waitForSelector('[data-testid=game-over]');
  const me = await alice.page.evaluate(async () => (await fetch('/api/me')).json());
  const games = await alice.page.evaluate(async (id) => (await fetch(`/api/users/${id}/games?limit=1`)).json(), me.user.id);
  const gameId = games.games[0].id;

  await alice.page.evaluate((h) => { location.hash = h; }, `#/game/${gameId}`);
  await alice.page.waitForSelector('[data-testid=replay-result]');
  await alice.page.click('[data-testid=analyse]');
  await alice.page.waitForSelector('[data-testid=eval-graph]', { timeout: 60000 });
  const points = await alice.page.getAttribute('[data-testid=eval-graph]', 'data-points');
  assert.equal(Number(points), MATE.length + 1);
  assert.match(await alice.page.textContent('[data-testid=an-acc-red]'), /\d+\.\d%/);
  assert.match(await alice.page.textContent('[data-testid=an-acc-black]'), /\d+\.\d%/);
  // Black's losing moves are marked in the move list, with an evaluation beside every move.
  const marked = alice.page.locator('[data-testid=moves] .mv[data-judgment]');
  assert.ok(await marked.count() >= 1, 'some move is marked');
  assert.equal(await alice.page.locator('[data-testid=moves] .mv .ev').count(), MATE.length);
  // Selecting a marked move shows the engine's better line.
  const ply = await marked.first().getAttribute('data-ply');
  await marked.first().click();
  await alice.page.waitForSelector(`[data-testid=board][data-ply="${ply}"]`);
  await alice.page.waitForSelector('[data-testid=an-line]');
  // The engine's best move is an arrow on the board, its evaluation a bar beside it.
  await alice.page.waitForSelector('[data-testid=board] .xq-arrow-best', { state: 'attached' });
  assert.ok(await alice.page.isVisible('[data-testid=eval-bar]'));
  await alice.page.click('[data-testid=nav-first]');
  await alice.page.waitForSelector('[data-testid=board][data-ply="0"] .xq-arrow-best', { state: 'attached' });
  await alice.page.screenshot({ path: `${SHOTS}/analysis.png` });

  // Anyone with the link sees the stored analysis at once, without asking.
  await bob.page.evaluate((h) => { location.hash = h; }, `#/game/${gameId}`);
  await bob.page.waitForSelector('[data-testid=eval-graph]', { timeout: 10000 });
  assert.equal(await bob.page.locator('[data-testid=analyse]').count(), 0);
  assert.ok(await bob.page.locator('[data-testid=moves] .mv[data-judgment]').count() >= 1);
  await alice.ctx.close();
  await bob.ctx.close();
});
