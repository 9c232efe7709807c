// The board alone (web/board-demo.html, no server state): click-click, drag, destinations,
// flipping, and a phone-sized screenshot.
import { test, before, after } from 'node:test';
import { launch, assert, BASE, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('click-click and drag moves, destinations shown', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 700 } });
  await page.goto(`${BASE}/board-demo.html?noanim=1`);
  const hit = (s) => page.locator(`.xq-hit[data-sq="${s}"]`);
  assert.equal(await page.locator('.xq-piece').count(), 32);
  await hit('h2').click();
  assert.deepEqual(await page.$$eval('.xq-dest', (ns) => ns.map((n) => n.dataset.dest).sort()), ['e2', 'h9']);
  await hit('e2').click();
  assert.equal((await page.textContent('[data-testid=log]')).trim(), `${7 + 18}-${4 + 18}`);
  // Drag b0 -> c2 (after a reload: a made move waits for the server's next state).
  await page.reload();
  const from = await hit('b0').boundingBox();
  const to = await hit('c2').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await page.mouse.up();
  assert.equal((await page.textContent('[data-testid=log]')).trim(), '1-20');
  // A piece with no legal move cannot be picked up.
  await hit('e0').click();
  assert.equal(await page.locator('.xq-dest').count(), 0);
  await page.screenshot({ path: `${SHOTS}/board-phone.png` });
  await page.close();
});

test('flipped board puts black at the bottom and highlights check', async () => {
  const page = await browser.newPage({ viewport: { width: 600, height: 700 } });
  await page.goto(`${BASE}/board-demo.html?noanim=1&o=black&moves=${encodeURIComponent('h2e2 a6a5 e2e6 i6i5 b2b4 a5a4 b4e4')}`);
  const a0 = await page.locator('.xq-hit[data-sq="a0"]').boundingBox();
  const i9 = await page.locator('.xq-hit[data-sq="i9"]').boundingBox();
  assert.ok(a0.y < i9.y && a0.x > i9.x, 'a0 is top-right when flipped');
  assert.equal(await page.locator('.xq-check-mark').count(), 1);
  assert.equal(await page.locator('.xq-last').count(), 2);
  await page.screenshot({ path: `${SHOTS}/board-flipped-check.png` });
  await page.close();
});
