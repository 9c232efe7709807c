// Benchmark (not a test): the hall with 1,000 tables in one room, in headless Chromium against a
// running server (CHUHE_URL). Measures the first drawing of the room (until it is painted) and a
// burst of 1,000 live table changes (each a `lobby_table` message) over ~2 s: the time spent in the
// message handlers and the longest frame while they are drawn. Run: CHUHE_URL=http://127.0.0.1:8080 node e2e/bench/lobby.mjs [--runs 5]
import { launch, newUser } from '../browser/lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const browser = await launch();
const { ctx, page } = await newUser(browser, 'bench');

const results = [];
for (let run = 0; run < runs; run++) {
  results.push(await page.evaluate(async () => {
    const app = globalThis.chuhe;
    const send = (msg) => { for (const fn of app.listeners) fn(msg); };
    const user = (id) => ({ id, name: `player${id}`, guest: false, rating: 1400 + (id % 400), title: { zh: '三级棋士', en: 'Class 3' } });
    const control = { stages: [{ time: 1_200_000, moves: 30 }, { time: 300_000, moves: 10 }], per_move: null, byoyomi: null, increment: 0 };
    const table = (id, v) => ({
      id, room: 'bench', status: ['waiting', 'playing', 'finished'][(id + v) % 3], spectators: (id * 7 + v) % 13, control,
      seats: { red: (id + v) % 4 ? { user: user(id * 2), ready: false, away: false } : null, black: (id + v) % 5 ? { user: user(id * 2 + 1), ready: false, away: false } : null },
    });
    const tables = Array.from({ length: 1000 }, (_, i) => table(100_000 + i, 0));
    sessionStorage.setItem('chuhe.room', 'bench');
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    await frame();
    const t0 = performance.now();
    send({ t: 'lobby', rooms: [{ id: 'bench', name: 'Bench', min_coins: 0, tables }] });
    await frame();
    await frame();
    const first = performance.now() - t0; // script, style, layout and paint of the first drawing
    const rows = document.querySelectorAll('[data-testid=table-list] .trow').length; // the first page
    const frames = [];
    let last = performance.now();
    let watching = true;
    const tick = (now) => { frames.push(now - last); last = now; if (watching) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    // 1,000 changes spread over ~2 s, as a busy room sends them.
    let busy = 0;
    for (let i = 0; i < 1000; i++) {
      const s = performance.now();
      send({ t: 'lobby_table', table: table(100_000 + ((i * 37) % 1000), i + 1) });
      busy += performance.now() - s;
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 400));
    watching = false;
    const longest = Math.max(...frames);
    return { first, rows, busy, longest, frames: frames.length };
  }));
  await page.evaluate(() => { location.hash = '#/me'; });
  await page.evaluate(() => { location.hash = '#/'; });
  await page.waitForSelector('[data-testid=lobby]');
}
const med = (k) => results.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
for (const r of results) console.log(`first drawing ${r.first.toFixed(1)} ms (${r.rows} rows) · 1,000 changes: ${r.busy.toFixed(1)} ms in handlers · longest frame ${r.longest.toFixed(1)} ms`);
console.log(`median of ${runs}: first drawing ${med('first').toFixed(1)} ms, longest frame during the changes ${med('longest').toFixed(1)} ms`);
await ctx.close();
await browser.close();
