// Shared helpers of the browser tests: launching Chromium, users, clicking board squares.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

export const BASE = process.env.CHUHE_URL || 'http://127.0.0.1:8080';
export const SHOTS = process.env.CHUHE_SHOTS || 'target/e2e';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    headless: true,
  });
}

let counter = 0;
/** A unique user name (2-20 chars). */
export function uniqueName(prefix) {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
}

/** Opens a fresh browser context (own cookies) and registers (or enters as guest); `name` fixes the user name, `base` another server. */
export async function newUser(browser, prefix, { guest = false, viewport = { width: 1200, height: 900 }, name: fixed = null, base = BASE } = {}) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript(() => { localStorage.setItem('chuhe.noanim', '1'); });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${prefix}] pageerror:`, e.message));
  await page.goto(`${base}/?noanim=1#/login`);
  const name = fixed || uniqueName(prefix);
  if (guest) {
    await page.click('[data-testid=auth-guest]');
  } else {
    await page.fill('[data-testid=auth-name]', name);
    await page.fill('[data-testid=auth-password]', 'correct-horse-9');
    await page.click('[data-testid=auth-register]');
  }
  await page.waitForSelector('[data-testid=lobby]');
  await page.waitForSelector('#net[data-status=online]');
  return { ctx, page, name };
}

/** Ids of the tables of the first room, sorted. */
export async function tableIds(page) {
  const data = await page.evaluate(async () => (await fetch('/api/lobby')).json());
  return data.rooms[0].tables.map((t) => t.id).sort((a, b) => a - b);
}

export async function openTable(page, id) {
  await page.evaluate((h) => { location.hash = h; }, `#/table/${id}`);
  await page.waitForSelector(`[data-testid=table-view][data-table="${id}"] [data-testid=leave]`);
}

export const sq = (page, name) => page.locator(`[data-testid=board] .xq-hit[data-sq="${name}"]`);

/** Waits until the page's board shows `ply` moves. */
export async function waitPly(page, ply, timeout = 15000) {
  await page.waitForSelector(`[data-testid=board][data-ply="${ply}"]`, { timeout });
}

/** Clicks the two squares of `mv` ("h2e2") once the board shows `ply` moves. */
export async function clickMove(page, mv, ply) {
  await waitPly(page, ply);
  await sq(page, mv.slice(0, 2)).click();
  await page.waitForSelector('[data-testid=board] .xq-dest', { timeout: 5000 });
  await sq(page, mv.slice(2, 4)).click();
}

/** Plays `mv` ("h2e2") by clicking its two squares, after the board shows `ply` moves. */
export async function play(page, mv, ply) {
  await clickMove(page, mv, ply);
  await waitPly(page, ply + 1);
}

/** Sits both players, agrees a time control (optional), readies both; waits for the game. */
export async function startGame(red, black, table, { control } = {}) {
  await openTable(red, table);
  await red.click('[data-testid=sit-red]');
  await red.waitForSelector('[data-testid=ready]');
  await openTable(black, table);
  await black.click('[data-testid=sit-black]');
  await black.waitForSelector('[data-testid=ready]');
  if (control) {
    await red.click('[data-testid=set-control]');
    await red.selectOption('[data-testid=tc-preset]', control);
    await red.click('[data-testid=tc-ok]');
    await black.click('[data-testid=proposal-accept]');
    await red.waitForSelector('[data-testid=proposal]', { state: 'detached' });
  }
  await red.click('[data-testid=ready]');
  await black.click('[data-testid=ready]');
  await red.waitForSelector('[data-testid=resign]');
  await black.waitForSelector('[data-testid=resign]');
  await waitPly(red, 0);
}

export async function text(page, selector) {
  return (await page.locator(selector).first().textContent())?.trim();
}

export { assert };
