// The results by theme (#/puzzles/dashboard): rounds played and solved, the best runs, and
// lila's performance per theme, weakest first (what to train).

import { t } from '../../i18n.js';
import { h, toast, errorText } from '../../ui.js';
import { puzzleApi } from './api.js';
import { themeName } from './solver.js';

export function mountDashboard(page, app) {
  if (!app.user) {
    page.append(h('p.muted', { 'data-testid': 'pz-dash-signin', text: t('pz.signIn') }));
    return;
  }
  const box = h('div.panel', { 'data-testid': 'pz-dashboard' });
  page.append(box);
  (async () => {
    try {
      const d = await puzzleApi.dashboard();
      box.append(
        h('p', { 'data-testid': 'pz-dash-rating', text: t('pz.myRating', { n: d.rating }) }),
        h('p', { 'data-testid': 'pz-dash-rounds', text: t('pz.dash.rounds', { n: d.rounds, w: d.wins }) }),
        h('p.muted', { text: t('pz.dash.best', { s: d.best_streak, m: d.best_storm }) }),
        d.themes.length
          ? h('table.pz-themes', { 'data-testid': 'pz-dash-themes' },
            h('tr', {}, h('th', { text: t('pz.dash.theme') }), h('th', { text: '✓ / Σ' }), h('th', { text: t('pz.dash.perf') })),
            ...d.themes.map((x) => h('tr', { 'data-theme': x.theme.key },
              h('td', { text: themeName(x.theme) }), h('td', { text: `${x.wins} / ${x.rounds}` }), h('td', { text: String(x.performance) }))))
          : h('p.muted', { text: t('pz.dash.empty') }));
    } catch (e) { toast(errorText(e)); }
  })();
}
