// The rating history chart of the profile: an SVG line chart drawn by our code from
// GET /api/users/{id}/ratings ({profile, start, points: [{game, at, rating, delta, games}]}).
// Point 0 is the start rating; each later point is the rating after one rated game. Hovering a
// point shows the game, date, rating and change; clicking it opens the game's replay.

import { t, formatDate } from '../../i18n.js';
import { h } from '../../ui.js';
import { el } from '../../board/svg.js';
import { layoutChart, linePath } from '../../chart.js';

const W = 900;
const H = 250;
const PAD = { l: 50, r: 18, t: 14, b: 28 };

const signed = (d) => `${d >= 0 ? '+' : ''}${(Math.round(d * 10) / 10).toFixed(1)}`;

/** The chart for `history` (or its empty state); `onGame(id)` when a point is clicked. */
export function ratingChart(history, { onGame } = {}) {
  const points = history?.points || [];
  if (!points.length) {
    return h('div.chart-empty', { 'data-testid': 'rating-chart-empty' },
      h('span.muted', { text: t('chart.empty') }),
      Number.isFinite(history?.start) ? h('span.muted', { text: ` ${t('chart.start')}: ${Math.round(history.start)}` }) : null);
  }
  const L = layoutChart(history, { width: W, height: H, pad: PAD });
  const svg = el('svg', {
    viewBox: `0 0 ${W} ${H}`, class: 'rating-chart', role: 'img', 'data-testid': 'rating-chart',
    'data-points': points.length, 'aria-label': t('chart.title'),
  });
  const grid = el('g', { class: 'rc-grid' }, svg);
  for (const v of L.yTicks) {
    const y = L.y(v);
    el('line', { x1: PAD.l, x2: W - PAD.r, y1: y, y2: y }, grid);
    el('text', { x: PAD.l - 8, y: y + 4, 'text-anchor': 'end', class: 'rc-label' }, grid).textContent = String(Math.round(v));
  }
  for (const i of L.xTicks) {
    const x = L.x(i);
    el('line', { x1: x, x2: x, y1: H - PAD.b, y2: H - PAD.b + 5, class: 'rc-tick' }, grid);
    el('text', { x, y: H - PAD.b + 18, 'text-anchor': 'middle', class: 'rc-label' }, grid).textContent = String(i);
  }
  const axes = el('g', { class: 'rc-axes' }, svg);
  el('line', { x1: PAD.l, x2: PAD.l, y1: PAD.t, y2: H - PAD.b }, axes);
  el('line', { x1: PAD.l, x2: W - PAD.r, y1: H - PAD.b, y2: H - PAD.b }, axes);
  // The start rating, dashed, as a reference line.
  const y0 = L.y(L.pts[0].rating);
  el('line', { x1: PAD.l, x2: W - PAD.r, y1: y0, y2: y0, class: 'rc-start' }, svg);
  // Area under the line, then the line.
  const base = H - PAD.b;
  const first = L.pts[0];
  const last = L.pts[L.pts.length - 1];
  el('path', { d: `${linePath(L.pts)} L${last.x} ${base} L${first.x} ${base} Z`, class: 'rc-area' }, svg);
  el('path', { d: linePath(L.pts), class: 'rc-line' }, svg);

  const tip = h('div.rc-tip', { 'data-testid': 'rating-chart-tip', hidden: true });
  const dots = el('g', { class: 'rc-dots' }, svg);
  for (const p of L.pts) {
    const label = p.point
      ? t('chart.point', {
        game: p.point.game, rating: Math.round(p.point.rating), delta: signed(p.point.delta || 0),
        date: p.point.at ? formatDate(p.point.at, { time: false }) : '',
      })
      : `${t('chart.start')}: ${Math.round(p.rating)}`;
    const cls = !p.point ? 'rc-dot start' : (p.point.delta >= 0 ? 'rc-dot up' : 'rc-dot down');
    const dot = el('circle', {
      cx: p.x, cy: p.y, r: L.pts.length > 60 ? 2.5 : 4.5, class: cls,
      'data-game': p.point?.game, 'data-rating': p.point ? p.point.rating : p.rating, tabindex: p.point ? 0 : null,
    }, dots);
    el('title', {}, dot).textContent = label;
    const show = () => {
      tip.textContent = label;
      tip.hidden = false;
      tip.style.left = `${(p.x / W) * 100}%`;
      // Near an edge the tip grows inwards, so it never sticks out of the card.
      const fx = p.x / W;
      tip.style.transform = `translate(${fx > 0.75 ? '-100%' : fx < 0.25 ? '0' : '-50%'}, calc(-100% - 10px))`;
      tip.style.top = `${(p.y / H) * 100}%`;
      dot.classList.add('hover');
    };
    const hide = () => { tip.hidden = true; dot.classList.remove('hover'); };
    dot.addEventListener('mouseenter', show);
    dot.addEventListener('focus', show);
    dot.addEventListener('mouseleave', hide);
    dot.addEventListener('blur', hide);
    if (p.point && onGame) {
      dot.addEventListener('click', () => onGame(p.point.game));
      dot.addEventListener('keydown', (e) => { if (e.key === 'Enter') onGame(p.point.game); });
    }
  }
  const now = last.point;
  const best = Math.max(...L.pts.map((p) => p.rating));
  return h('div.chart-box', {},
    h('div.chart-wrap', {}, svg, tip),
    h('div.chart-legend.muted', {},
      `${t('chart.now')}: `, h('b', { text: String(Math.round(now.rating)) }),
      ` · ${t('chart.best')}: `, h('b', { text: String(Math.round(best)) }),
      ` · ${t('chart.rated')}: `, h('b', { text: String(points.length) }),
      ` · ${t('chart.axis')}`));
}
