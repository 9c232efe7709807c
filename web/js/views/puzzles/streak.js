// The streak (#/puzzles/streak): puzzles of rising difficulty until the first mistake, one skip
// a run. The server keeps the run and judges each answer; an account is needed.

import { t } from '../../i18n.js';
import { h, fill, toast, errorText } from '../../ui.js';
import { puzzleApi } from './api.js';
import { createSolver } from './solver.js';

export function mountStreak(page, app) {
  if (!app.user) {
    page.append(h('p.muted', { 'data-testid': 'pz-streak-signin', text: t('pz.streak.needUser') }));
    return;
  }
  let run = null;
  const score = h('p', { 'data-testid': 'pz-streak-score' });
  const over = h('p', { 'data-testid': 'pz-streak-over', hidden: true });
  const skip = h('button', { type: 'button', 'data-testid': 'pz-streak-skip', hidden: true, text: t('pz.streak.skip'), on: { click: () => answer({ skip: true }) } });
  const start = h('button', { type: 'button', 'data-testid': 'pz-streak-start', text: t('pz.streak.start'), on: { click: () => begin() } });
  const solver = createSolver({ finish: async (moves) => { await answer({ moves }); return ''; } });
  solver.el.hidden = true;
  solver.side.append(h('div.panel', {}, score, over, h('div.row', {}, skip, start)));

  function show(r) {
    run = r;
    score.textContent = t('pz.streak.score', { n: r.score });
    over.hidden = !r.over;
    if (r.over) over.textContent = t('pz.streak.over', { n: r.score });
    skip.hidden = !r.can_skip;
    start.hidden = !r.over;
    solver.el.hidden = false;
    if (r.puzzle && !r.over) setTimeout(() => solver.load(r.puzzle), run.score ? 500 : 0);
  }

  async function begin() {
    try { show(await puzzleApi.startRun('streak')); } catch (e) { toast(errorText(e)); }
  }

  async function answer(body) {
    if (!run) return;
    try { show(await puzzleApi.answerRun(run.id, body)); } catch (e) { toast(errorText(e)); }
  }

  page.append(h('div.row', {}, start), solver.el);
}
