// Teams (团体, issue 19): a captain creates a team on #/teams and lands on its page; a second
// player (on a phone-sized screen) finds it in the list and joins; the captain sees the new
// member with a rating and the captain's actions beside them, hands the captaincy over, and the
// old captain sees the change.
import { test, before, after } from 'node:test';
import { launch, newUser, uniqueName, assert, SHOTS } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function openTeams(page) {
  await page.evaluate(() => { location.hash = '#/teams'; });
  await page.waitForSelector('[data-testid=teams-all]');
}

test('a captain creates a team, a second player joins, the captain sees the member', async () => {
  const cap = await newUser(browser, 'tmc');
  const mate = await newUser(browser, 'tmm', { viewport: { width: 390, height: 844 } });
  const name = uniqueName('队');

  await openTeams(cap.page);
  await cap.page.fill('[data-testid=team-name]', ` ${name} `);
  await cap.page.click('[data-testid=team-create]');
  await cap.page.waitForSelector('[data-testid=team-members]');
  assert.equal((await cap.page.textContent('[data-testid=team-title]')).trim(), name);
  const teamUrl = await cap.page.evaluate(() => location.hash);
  assert.match(teamUrl, /^#\/team\/\d+$/);
  const capId = await cap.page.evaluate(() => globalThis.chuhe.user.id);
  await cap.page.waitForSelector(`[data-testid=team-member][data-user="${capId}"] [data-testid=team-captain-badge]`);

  // The second player finds it in the list (the nav, folded behind ☰ on a phone, links to it)
  // and joins.
  await mate.page.evaluate(() => { location.hash = '#/'; });
  await mate.page.click('[data-testid=menu-toggle]');
  await mate.page.click('.nav a[href="#/teams"]');
  await mate.page.waitForSelector('[data-testid=teams-all]');
  await mate.page.locator('[data-testid=teams-all] [data-testid=team-link]', { hasText: name }).click();
  await mate.page.click('[data-testid=team-join]');
  const mateId = await mate.page.evaluate(() => globalThis.chuhe.user.id);
  await mate.page.waitForSelector(`[data-testid=team-member][data-user="${mateId}"]`);
  await mate.page.waitForSelector('[data-testid=team-leave]');
  assert.equal(await mate.page.locator('[data-testid=team-kick]').count(), 0, 'a member has no captain actions');
  await mate.page.screenshot({ path: `${SHOTS}/team-phone.png` });

  // The captain sees the member, with a rating and the captain's actions.
  await cap.page.reload();
  const row = cap.page.locator(`[data-testid=team-member][data-user="${mateId}"]`);
  await row.waitFor();
  assert.match(await row.textContent(), /\d{3,4}/);
  assert.equal(await row.locator('[data-testid=team-kick]').count(), 1);
  await cap.page.screenshot({ path: `${SHOTS}/team.png` });

  // The captaincy goes to the member; the old captain loses the captain's actions.
  await row.locator('[data-testid=team-make-captain]').click();
  await cap.page.click('[data-testid=team-captain-confirm-yes]');
  await cap.page.waitForSelector(`[data-testid=team-member][data-user="${mateId}"] [data-testid=team-captain-badge]`);
  assert.equal(await cap.page.locator('[data-testid=team-kick]').count(), 0);

  // The team is listed among the new captain's teams.
  await openTeams(mate.page);
  await mate.page.locator('[data-testid=teams-mine] [data-testid=team-link]', { hasText: name }).waitFor();
});
