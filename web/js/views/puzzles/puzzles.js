// The puzzle pages (#/puzzles, #/puzzles/daily, #/puzzles/p/ID, #/puzzles/streak,
// #/puzzles/dashboard): training near one's puzzle rating, the daily puzzle, one puzzle by id,
// the streak and the results by theme. Open to visitors, who solve unrated.

import { t } from '../../i18n.js';
import { h, fill, toast, errorText } from '../../ui.js';
import { puzzleApi } from './api.js';
import { createSolver } from './solver.js';
import { mountStreak } from './streak.js';
import { mountDashboard } from './dashboard.js';

const DIFFICULTIES = ['easiest', 'easier', 'normal', 'harder', 'hardest'];

function tabs(active) {
  const tab = (hash, key, id) => h(`a.pz-tab${active === id ? '.active' : ''}`, { href: hash, 'data-testid': `pz-tab-${id}`, text: t(key) });
  return h('nav.pz-tabs', {},
    tab('#/puzzles', 'pz.train', 'train'), ' · ', tab('#/puzzles/daily', 'pz.daily', 'daily'), ' · ',
    tab('#/puzzles/streak', 'pz.streak', 'streak'), ' · ', tab('#/puzzles/dashboard', 'pz.dashboard', 'dashboard'));
}

/** The text after a round: solved or not, and the rating change (or why there is none). */
export function roundText(r) {
  const head = t(r.win ? 'pz.solved' : 'pz.failed');
  if (!r.rated) return `${head} · ${r.rating == null ? t('pz.unrated') : t('pz.casual')}`;
  const sign = r.delta >= 0 ? '+' : '−';
  return `${head} · ${t('pz.delta', { sign, n: Math.abs(r.delta) })} · ${t('pz.myRating', { n: r.rating })}`;
}

export function mount(root, app, [sub, id] = []) {
  const page = h('section.pz-page', { 'data-testid': 'puzzles' });
  root.appendChild(page);
  if (sub === 'streak') { fill(page, h('h1', { text: t('pz.title') }), tabs('streak')); mountStreak(page, app); return null; }
  if (sub === 'dashboard') { fill(page, h('h1', { text: t('pz.title') }), tabs('dashboard')); mountDashboard(page, app); return null; }

  const mine = h('p.muted', { 'data-testid': 'pz-my-rating' });
  const difficulty = h('select', { 'data-testid': 'pz-difficulty', 'aria-label': t('pz.difficulty') },
    DIFFICULTIES.map((d) => h('option', { value: d, text: t(`pz.diff.${d}`), selected: d === 'normal' })));
  const next = h('button', { type: 'button', 'data-testid': 'pz-next', text: t('pz.next'), on: { click: () => loadNext() } });
  const empty = h('p.muted', { 'data-testid': 'pz-none', hidden: true, text: t('pz.none') });
  let current = null;
  const solver = createSolver({
    finish: async (moves, win) => {
      const r = await puzzleApi.round(current.id, moves, true);
      if (r.rating != null) mine.textContent = t('pz.myRating', { n: r.rating });
      solver.setSolution(r.solution);
      const text = roundText(r);
      return text;
    },
  });
  solver.side.append(h('div.panel', {}, mine,
    app.user ? null : h('p.muted', { 'data-testid': 'pz-visitor', text: t('pz.signIn') }),
    sub ? null : h('label', {}, t('pz.difficulty'), ' ', difficulty), h('div.row', {}, next)));

  function show(data) {
    if (data.rating != null) mine.textContent = t('pz.myRating', { n: data.rating });
    empty.hidden = Boolean(data.puzzle);
    solver.el.hidden = !data.puzzle;
    if (data.puzzle) { current = data.puzzle; solver.load(data.puzzle); }
  }

  async function loadNext() {
    try {
      show(await puzzleApi.next(difficulty.value));
      if (sub) history.replaceState(null, '', '#/puzzles');
    } catch (e) { toast(errorText(e)); }
  }

  fill(page, h('h1', { text: t('pz.title') }), tabs(sub === 'daily' ? 'daily' : 'train'), empty, solver.el);
  (async () => {
    try {
      if (sub === 'daily') show(await puzzleApi.daily());
      else if (sub === 'p' && id) show(await puzzleApi.one(id));
      else show(await puzzleApi.next('normal'));
    } catch (e) { toast(errorText(e)); }
  })();
  return null;
}
