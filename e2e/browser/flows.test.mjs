// Undo, draw, rematch and resign between two players.
import { test, before, after } from 'node:test';
import { launch, newUser, tableIds, startGame, play, waitPly, text, assert } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('undo, draw by agreement, rematch, resignation', async () => {
  const red = await newUser(browser, 'dave');
  const black = await newUser(browser, 'erin');
  const ids = await tableIds(red.page);
  const table = ids[1];
  await startGame(red.page, black.page, table);

  // Undo: red takes back its move after black accepts.
  await play(red.page, 'h2e2', 0);
  await waitPly(black.page, 1);
  await red.page.click('[data-testid=undo]');
  await black.page.click('[data-testid=undo-accept]');
  await waitPly(red.page, 0);
  await waitPly(black.page, 0);

  // Draw: red offers on move, black accepts.
  await play(red.page, 'h2e2', 0);
  await play(black.page, 'h9g7', 1);
  await waitPly(red.page, 2);
  await red.page.click('[data-testid=draw-offer]');
  await black.page.click('[data-testid=draw-accept]');
  for (const p of [red.page, black.page]) {
    await p.waitForSelector('[data-testid=game-over]');
    assert.equal(await text(p, '[data-testid=game-over-result]'), '和棋');
    assert.equal(await text(p, '[data-testid=game-over-reason]'), '协议和棋');
  }

  // Rematch: red asks, black accepts the request; a new game starts; red resigns after
  // confirming.
  await red.page.click('[data-testid=rematch]');
  await black.page.click('[data-testid=rematch-accept]');
  await red.page.waitForSelector('[data-testid=resign]');
  await waitPly(red.page, 0);
  await red.page.click('[data-testid=resign]');
  await red.page.click('[data-testid=resign-confirm-no]');
  assert.equal(await red.page.locator('[data-testid=game-over]').count(), 0, 'cancelled resignation changes nothing');
  await red.page.click('[data-testid=resign]');
  await red.page.click('[data-testid=resign-confirm-yes]');
  await black.page.waitForSelector('[data-testid=game-over]');
  assert.equal(await text(black.page, '[data-testid=game-over-result]'), '黑胜');
  assert.equal(await text(black.page, '[data-testid=game-over-reason]'), '认输');
  await Promise.all([red.ctx.close(), black.ctx.close()]);
});
