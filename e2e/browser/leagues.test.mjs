// Team leagues (团体联赛, issue 19): two captains enter their teams in a 2-board league the
// administrator creates and starts (`chuhe admin league`); the home or away captain opens the
// match page from the league's table, moves their second player up to board 1 with the board
// order editor and submits; the order is kept (after a reload, and as the other captain, on a
// phone-sized screen, sees it). A season that ended stays browsable from the season selector after
// `next-season`. Skipped while this build has no `chuhe admin league`.
import { test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { launch, newUser, uniqueName, assert, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const run = (args) => execFileSync(process.env.CHUHE_BIN, args, { stdio: 'pipe' }).toString();

/** A same-origin JSON call from the page (its session cookie). */
function call(page, method, path, body) {
  return page.evaluate(async ([m, p, b]) => {
    const res = await fetch(p, { method: m, headers: { 'content-type': 'application/json' }, body: b === null ? undefined : JSON.stringify(b) });
    const data = await res.json();
    if (!res.ok) throw new Error(`${p}: ${JSON.stringify(data)}`);
    return data;
  }, [method, path, body ?? null]);
}

const userId = (page) => page.evaluate(() => globalThis.chuhe.user.id);

async function lineup(page, side) {
  return page.locator(`[data-testid=league-lineups] [data-side=${side}] li`).evaluateAll((ls) => ls.map((l) => Number(l.dataset.user)));
}

test('a captain sets the board order of a league match', async (t) => {
  try {
    run(['admin', 'league', '--help']);
  } catch {
    t.skip('this build has no `chuhe admin league`');
    return;
  }
  const data = process.env.CHUHE_DATA;
  const capA = await newUser(browser, 'lga');
  const mate = await newUser(browser, 'lgm');
  const capB = await newUser(browser, 'lgb', { viewport: { width: 390, height: 844 } });
  const teamA = (await call(capA.page, 'POST', '/api/teams', { name: uniqueName('甲') })).id;
  await call(mate.page, 'POST', `/api/teams/${teamA}/join`, {});
  const teamB = (await call(capB.page, 'POST', '/api/teams', { name: uniqueName('乙') })).id;
  const [a, m] = [await userId(capA.page), await userId(mate.page)];

  const out = run(['admin', 'league', 'create', '--name', uniqueName('联赛'), '--settings', JSON.stringify({ boards: 2 }), '--data', data]);
  const league = Number(/(\d+)/.exec(out)?.[1]);
  assert.ok(league > 0, out);
  // The server's director may pick the new league up a moment later.
  for (let i = 0; ; i += 1) {
    try {
      await call(capA.page, 'POST', `/api/leagues/${league}/enter`, { team: teamA, division: 0 });
      break;
    } catch (e) {
      if (i > 40) throw e;
      await capA.page.waitForTimeout(250);
    }
  }
  await call(capB.page, 'POST', `/api/leagues/${league}/enter`, { team: teamB, division: 0 });
  run(['admin', 'league', 'start', '--id', String(league), '--data', data]);

  // The league's page lists the match once the season has started.
  await capA.page.evaluate((id) => { location.hash = `#/league/${id}`; }, league);
  await capA.page.waitForSelector('[data-testid=league-standings]');
  for (let i = 0; (await capA.page.locator('[data-testid=league-match-link]').count()) === 0; i += 1) {
    assert.ok(i < 40, 'the season starts');
    await capA.page.waitForTimeout(250);
    await capA.page.reload();
    await capA.page.waitForSelector('[data-testid=league-standings]');
  }
  await capA.page.click('[data-testid=league-match-link]');
  await capA.page.waitForSelector('[data-testid=lineup-editor]');
  const items = () => capA.page.locator('[data-testid=lineup-item]').evaluateAll((ls) => ls.map((l) => Number(l.dataset.user)));
  assert.deepEqual(await items(), [a, m], 'the default order is the roster order');

  // Move the second player up to board 1 and submit.
  await capA.page.locator(`[data-testid=lineup-item][data-user="${m}"] [data-testid=lineup-up]`).click();
  assert.deepEqual(await items(), [m, a]);
  await capA.page.screenshot({ path: `${SHOTS}/league-lineup.png` });
  await capA.page.click('[data-testid=lineup-submit]');
  await capA.page.waitForFunction(() => /出场顺序已提交|Board order submitted/.test(document.getElementById('toast')?.textContent || ''));
  const match = capA.page.url().split('#')[1];
  await capA.page.reload();
  await capA.page.waitForSelector('[data-testid=lineup-editor]');
  assert.deepEqual(await items(), [m, a], 'the submitted order is kept');
  const side = (await lineup(capA.page, 'home')).includes(a) ? 'home' : 'away';
  assert.deepEqual(await lineup(capA.page, side), [m, a]);

  // The other captain sees it on the match page, and has an editor of their own team only.
  await capB.page.evaluate((h) => { location.hash = `#${h}`; }, match);
  await capB.page.waitForSelector('[data-testid=league-lineups]');
  await capB.page.waitForFunction(([s, first]) => document.querySelector(`[data-testid=league-lineups] [data-side=${s}] li`)?.dataset.user === String(first), [side, m]);
  assert.equal(await capB.page.locator(`[data-testid=lineup-item][data-user="${a}"]`).count(), 0);
  await capB.page.screenshot({ path: `${SHOTS}/league-match-phone.png` });
});

test('an ended season stays browsable from the season selector', async () => {
  const data = process.env.CHUHE_DATA;
  const capA = await newUser(browser, 'lsa');
  const capB = await newUser(browser, 'lsb');
  const teamA = (await call(capA.page, 'POST', '/api/teams', { name: uniqueName('季甲') })).id;
  const teamB = (await call(capB.page, 'POST', '/api/teams', { name: uniqueName('季乙') })).id;
  // One board, played at once; nobody comes, so it is lost by both a second later.
  const settings = { divisions: ['甲级'], boards: 1, double_round: false, default_at: 0, no_show: 1000, board_deadline: 1000 };
  const out = run(['admin', 'league', 'create', '--name', uniqueName('季赛'), '--settings', JSON.stringify(settings), '--data', data]);
  const league = Number(/(\d+)/.exec(out)?.[1]);
  for (let i = 0; ; i += 1) {
    try {
      await call(capA.page, 'POST', `/api/leagues/${league}/enter`, { team: teamA });
      break;
    } catch (e) {
      if (i > 40) throw e;
      await capA.page.waitForTimeout(250);
    }
  }
  await call(capB.page, 'POST', `/api/leagues/${league}/enter`, { team: teamB });
  run(['admin', 'league', 'start', '--id', String(league), '--data', data]);
  const waitFor = async (done) => {
    for (let i = 0; i < 80; i += 1) {
      const l = await call(capA.page, 'GET', `/api/leagues/${league}`);
      if (done(l)) return l;
      await capA.page.waitForTimeout(250);
    }
    throw new Error('the league never got there');
  };
  await waitFor((l) => l.phase === 'ended');
  run(['admin', 'league', 'next-season', '--id', String(league), '--data', data]);
  await waitFor((l) => l.season === 2);

  await capA.page.evaluate((id) => { location.hash = `#/league/${id}`; }, league);
  await capA.page.waitForSelector('[data-testid=league-season]');
  assert.equal(await capA.page.locator('[data-testid=league-match-link]').count(), 0, 'season 2 has no matches yet');
  await capA.page.selectOption('[data-testid=league-season]', '1');
  await capA.page.waitForSelector('[data-testid=league-match-link]');
  assert.equal(await capA.page.locator('[data-testid=league-season]').inputValue(), '1');
  await capA.page.screenshot({ path: `${SHOTS}/league-past-season.png` });
});
