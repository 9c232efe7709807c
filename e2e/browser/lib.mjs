// Shared helpers of the browser tests: launching Chromium, users, clicking board squares.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';

export const BASE = process.env.CHUHE_URL || 'http://127.0.0.1:8080';
export const SHOTS = process.env.CHUHE_SHOTS || 'target/e2e';

/**
 * Launches Chromium. Every page of every context it opens is watched for raw text
 * (`watchRaw`), and `close()` fails when any page showed some: a shared check of every screen
 * the browser tests visit.
 */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    headless: true,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (opts) => watchRaw(await newContext(opts));
  browser.newPage = async (opts) => {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    page.on('close', () => ctx.close().catch(() => {}));
    return page;
  };
  const close = browser.close.bind(browser);
  browser.close = async () => {
    await close();
    assertNothingRaw();
  };
  return browser;
}

/**
 * Text that must never reach the screen: a JavaScript `null` or `undefined` written as text, a
 * placeholder `{x}` left unfilled, a player labelled by id (`#12`). Text inside form fields and
 * `[data-eval]` (an engine's `#3`: mate in three) is not looked at.
 */
export const RAW = [/\bnull\b/, /\bundefined\b/, /\{[A-Za-z_]\w*\}/, /(?:^|[\s(:：·])#\d+\b/];

const rawHits = [];

/** Raw texts seen so far by the watched pages: [{ text, pattern, url }]. */
export const seenRaw = () => rawHits.slice();

/** Fails when any watched page showed raw text (`RAW`); forgets what it reported. */
export function assertNothingRaw() {
  const hits = rawHits.splice(0);
  assert.deepEqual(hits, [], `raw text on screen:\n${hits.map((x) => `  ${x.pattern} in "${x.text}" at ${x.url}`).join('\n')}`);
}

/** Watches every page of `ctx` (now and later) for raw text; returns `ctx`. */
export async function watchRaw(ctx) {
  await ctx.exposeBinding('__chuheRaw', (_src, hit) => { rawHits.push(hit); });
  await ctx.addInitScript((patterns) => {
    const res = patterns.map((p) => new RegExp(p));
    const skip = 'textarea, input, select, script, style, [data-eval]';
    const reported = new Set();
    const check = (node) => {
      const el = node.nodeType === 1 ? node : node.parentElement;
      if (!el || el.closest(skip)) return;
      const text = node.nodeType === 1 ? textOf(node) : node.data;
      for (const re of res) {
        const m = re.exec(text);
        if (!m) continue;
        const around = text.slice(Math.max(0, m.index - 30), m.index + 40).trim();
        const key = `${re}|${around}`;
        if (reported.has(key)) continue;
        reported.add(key);
        window.__chuheRaw?.({ text: around, pattern: String(re), url: location.href });
      }
    };
    // An element's text, without what its skipped descendants hold.
    const textOf = (el) => {
      let out = '';
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.parentElement?.closest(skip)) out += `${n.data}\n`;
      }
      return out;
    };
    const start = () => {
      check(document.body);
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'characterData') check(r.target);
          else for (const n of r.addedNodes) if (n.nodeType === 1 || n.nodeType === 3) check(n);
        }
      }).observe(document.body, { childList: true, characterData: true, subtree: true });
    };
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  }, RAW.map((re) => re.source));
  return ctx;
}

let counter = 0;
/** A unique user name (2-20 chars). */
export function uniqueName(prefix) {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
}

/**
 * Opens a fresh browser context (own cookies) and registers (or enters as guest); `name` fixes
 * the user name, `base` another server, `touch` makes it a phone's (touch events, mobile viewport).
 */
export async function newUser(browser, prefix, { guest = false, viewport = { width: 1200, height: 900 }, name: fixed = null, base = BASE, touch = false } = {}) {
  const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
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

/**
 * The critical and serious accessibility violations of `page` as axe-core (npm, MPL-2.0) finds
 * them against WCAG 2 A and AA: [{ id, impact, help, nodes: [selector] }].
 */
export async function axeViolations(page) {
  const { createRequire } = await import('node:module');
  const path = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  if (!(await page.evaluate(() => !!globalThis.axe))) await page.addScriptTag({ path });
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}
