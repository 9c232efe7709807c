// The engine's analysis of a finished game on the replay view (docs/web.md, "Analysis"):
// an "Analyse" button (POST /api/games/{id}/analysis), the queue position or progress while it
// waits (GET, polled), then an evaluation graph over the game (SVG, Red's view in pawns, mates
// at the edge), each player's accuracy, and the engine's better line for the selected move.
// The replay view marks the moves in its list from the same result (`notes`).

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, fill, errorText } from '../../ui.js';
import { el } from '../../board/svg.js';
import { indexTicks, evalY as yOf, EVAL_CLAMP as CLAMP } from '../../chart.js';
import { getNotation } from './movelist.js';

const W = 600;
const H = 150;
const PAD = { l: 30, r: 6, t: 8, b: 18 };
const POLL_MS = 1500;

/** One note per move for the move list: {mark, judgment, eval, line}. */
export function moveNotes(result) {
  return (result?.moves || []).map((m) => ({
    mark: m.mark, judgment: m.judgment, eval: m.eval?.text ?? '',
    line: (getNotation() === 'iccs' ? m.best_line : m.best_line_chinese) || [],
  }));
}

const evalY = (pawns) => yOf(pawns, H, PAD);

/** The evaluation graph of `result` (positions 0..n); `onPly(p)` when a point is clicked. */
function evalGraph(result, onPly) {
  const pts = result.positions.map((p) => p.eval.pawns);
  const n = pts.length;
  const x = (i) => PAD.l + (n <= 1 ? 0 : (i * (W - PAD.l - PAD.r)) / (n - 1));
  const svg = el('svg', {
    viewBox: `0 0 ${W} ${H}`, class: 'eval-graph', role: 'img', 'data-testid': 'eval-graph',
    'data-points': n, 'aria-label': t('an.graph'),
  });
  const grid = el('g', { class: 'rc-grid' }, svg);
  for (const v of [CLAMP, CLAMP / 2, 0, -CLAMP / 2, -CLAMP]) {
    const y = evalY(v);
    el('line', { x1: PAD.l, x2: W - PAD.r, y1: y, y2: y, class: v === 0 ? 'eg-zero' : '' }, grid);
    el('text', { x: PAD.l - 4, y: y + 4, 'text-anchor': 'end', class: 'rc-label' }, grid).textContent = v > 0 ? `+${v}` : String(v);
  }
  for (const i of indexTicks(n)) {
    el('text', { x: x(i), y: H - 4, 'text-anchor': 'middle', class: 'rc-label' }, grid).textContent = String(i);
  }
  const line = pts.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${evalY(v).toFixed(1)}`).join(' ');
  const zero = evalY(0).toFixed(1);
  el('path', { d: `${line} L${x(n - 1).toFixed(1)} ${zero} L${x(0).toFixed(1)} ${zero} Z`, class: 'eg-area' }, svg);
  el('path', { d: line, class: 'eg-line' }, svg);
  const cursor = el('line', { x1: x(0), x2: x(0), y1: PAD.t, y2: H - PAD.b, class: 'eg-cursor' }, svg);
  const dots = el('g', {}, svg);
  result.moves.forEach((m, k) => {
    if (!m.judgment) return;
    const dot = el('circle', { cx: x(k + 1), cy: evalY(pts[k + 1]), r: 4, class: `eg-dot ${m.judgment}`, 'data-ply': k + 1 }, dots);
    // The tooltip counts moves, not plies; its evaluation may be a mate ("#1": data-eval).
    const ply = k + 1;
    el('title', { 'data-eval': '' }, dot).textContent = `${Math.ceil(ply / 2)}${ply % 2 ? '.' : '...'} ${m.chinese} ${m.mark} ${m.eval.text}`;
  });
  svg.addEventListener('click', (e) => {
    const box = svg.getBoundingClientRect();
    const fx = ((e.clientX - box.left) / box.width) * W;
    const i = Math.round(((fx - PAD.l) / (W - PAD.l - PAD.r)) * (n - 1));
    onPly(Math.max(0, Math.min(n - 1, i)));
  });
  return {
    node: svg,
    setPly(p) { const cx = x(Math.max(0, Math.min(n - 1, p))); cursor.setAttribute('x1', cx); cursor.setAttribute('x2', cx); },
  };
}

function accuracyLine(result, color) {
  const p = result.players[color];
  const acc = p.accuracy == null ? '–' : `${p.accuracy.toFixed(1)}%`;
  return h('div', { 'data-testid': `an-acc-${color}` },
    h(`span.dot.${color}`), ` ${t(`color.${color}`)} `,
    h('b', { text: t('an.accuracy', { n: acc }) }),
    h('span.muted', { text: ` · ${t('an.counts', { i: p.inaccuracies, m: p.mistakes, b: p.blunders })}` }));
}

/**
 * The analysis panel for game `id`. `onResult(result)` once an analysis is there (to mark the
 * move list), `onPly(p)` when the graph is clicked. Returns {node, setPly(p), destroy()}.
 */
export function createAnalysisPanel(id, { app, onResult, onPly }) {
  const node = h('div.panel.analysis', { 'data-testid': 'analysis' });
  let timer = null;
  let destroyed = false;
  let graph = null;
  let result = null;
  let ply = 0;
  const better = h('div.an-better', { 'data-testid': 'an-better' });
  const showBetter = () => {
    if (!result) return;
    const m = result.moves[ply - 1];
    if (!m) { better.replaceChildren(h('span.muted', { text: t('an.pick') })); return; }
    const line = getNotation() === 'iccs' ? m.best_line : m.best_line_chinese;
    fill(better,
      h('div', {}, h('b', { text: `${Math.ceil(ply / 2)}${ply % 2 ? '.' : '...'} ${getNotation() === 'iccs' ? m.mv : m.chinese}` }),
        m.mark ? h(`span.mark.${m.judgment}`, { text: ` ${m.mark} ${t(`an.${m.judgment}`)}` }) : null,
        h('span.muted', { 'data-eval': '', text: ` ${m.eval.text}` })),
      line.length ? h('div', { 'data-testid': 'an-line' }, `${t('an.better')}: `, h('span.an-line', { text: line.join(' ') })) : null);
  };
  const render = (r) => {
    result = r;
    graph = evalGraph(r, (p) => onPly?.(p));
    node.replaceChildren(
      h('h3', { text: t('an.title') }),
      h('div.an-acc', {}, accuracyLine(r, 'red'), accuracyLine(r, 'black')),
      graph.node,
      h('div.muted.an-depth', { text: t('an.depth', { n: r.depth }) }),
      better);
    graph.setPly(ply);
    showBetter();
    onResult?.(r);
  };
  const status = (s) => {
    clearTimeout(timer);
    if (destroyed) return;
    if (s.status === 'done') return render(s.result);
    if (s.status === 'queued' || s.status === 'running') {
      const text = s.status === 'queued' ? t('an.queued', { n: s.position }) : t('an.running', { done: s.done, total: s.total });
      fill(node, h('h3', { text: t('an.title') }),
        h('div', { 'data-testid': 'an-status', 'data-status': s.status, text }),
        s.status === 'running' ? h('progress', { max: s.total, value: s.done }) : null);
      timer = setTimeout(poll, POLL_MS);
      return;
    }
    const button = h('button.primary', { type: 'button', 'data-testid': 'analyse', text: t('an.analyse') });
    const note = h('span.muted', { text: s.status === 'failed' ? ` ${t('an.failed')}` : '' });
    button.addEventListener('click', () => {
      button.disabled = true;
      api.requestAnalysis(id).then(status).catch((e) => {
        button.disabled = false;
        note.textContent = ` ${errorText(e)}`;
      });
    });
    fill(node, h('h3', { text: t('an.title') }),
      app.user ? button : h('span.muted', { text: t('an.login') }), note);
  };
  const poll = () => api.analysis(id).then(status).catch((e) => node.replaceChildren(h('p.error', { text: errorText(e) })));
  poll();
  return {
    node,
    setPly(p) { ply = p; graph?.setPly(p); showBetter(); },
    destroy() { destroyed = true; clearTimeout(timer); },
  };
}
