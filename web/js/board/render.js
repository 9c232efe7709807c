// Draws the board in SVG: the static board (wood, lines, river, palaces, position marks, file
// numbers) once per orientation, and the dynamic layers (highlights, pieces, destinations, hit
// targets) on every redraw. Knows no rules: it shows what the state says.

import { el, clear } from './svg.js';
import { pieceSet, drawIcon } from './icons.js';
import {
  CELL, MARGIN, WIDTH, HEIGHT, FILES, RANKS, toPoint, square, squareName, markSquares, PIECE_CHARS,
  fileOf,
} from './geometry.js';

const PIECE_R = CELL * 0.45;
const RED_NUMS = ['九', '八', '七', '六', '五', '四', '三', '二', '一'];
export const PIECE_FONT = '"WenQuanYi Zen Hei", "Noto Serif CJK SC", "Noto Sans CJK SC", "Songti SC", "SimSun", serif';

/** Creates the <svg> root with its layers; returns { svg, layers }. */
export function createRoot(container) {
  const svg = el('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'xq-board', role: 'img', 'aria-label': 'Xiangqi board', tabindex: '0',
  });
  defs(svg);
  const layers = {};
  for (const name of ['board', 'marks', 'pieces', 'arrows', 'dests', 'hits', 'drag']) {
    layers[name] = el('g', { class: `xq-${name}` }, svg);
  }
  container.appendChild(svg);
  return { svg, layers };
}

function defs(svg) {
  const d = el('defs', {}, svg);
  const wood = el('linearGradient', { id: 'xq-wood', x1: 0, y1: 0, x2: 1, y2: 1 }, d);
  el('stop', { offset: '0%', 'stop-color': '#f1d29a' }, wood);
  el('stop', { offset: '55%', 'stop-color': '#e6bf7e' }, wood);
  el('stop', { offset: '100%', 'stop-color': '#d9a962' }, wood);
  const face = el('radialGradient', { id: 'xq-face', cx: '40%', cy: '35%', r: '70%' }, d);
  el('stop', { offset: '0%', 'stop-color': '#fffaf0' }, face);
  el('stop', { offset: '70%', 'stop-color': '#f3e2c0' }, face);
  el('stop', { offset: '100%', 'stop-color': '#dcc095' }, face);
  const chk = el('radialGradient', { id: 'xq-check' }, d);
  el('stop', { offset: '55%', 'stop-color': 'rgba(230,0,0,0.95)' }, chk);
  el('stop', { offset: '100%', 'stop-color': 'rgba(220,0,0,0)' }, chk);
  for (const kind of ['move', 'check', 'chase', 'best']) {
    const m = el('marker', {
      id: `xq-head-${kind}`, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse',
    }, d);
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: `xq-head xq-head-${kind}` }, m);
  }
}

/**
 * Draws `arrows` ([{ from, to, kind: 'move'|'check'|'chase', n }]) on their layer: a line from
 * point to point, shortened so it does not cover the pieces' centres, and the move's number at
 * its start.
 */
function drawArrows(layer, arrows, o) {
  clear(layer);
  for (const a of arrows || []) {
    const p = toPoint(a.from, o);
    const q = toPoint(a.to, o);
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    const cut = Math.min(CELL * 0.3, len / 3);
    const ux = (q.x - p.x) / len;
    const uy = (q.y - p.y) / len;
    el('line', {
      x1: p.x + ux * cut, y1: p.y + uy * cut, x2: q.x - ux * cut, y2: q.y - uy * cut,
      class: `xq-arrow xq-arrow-${a.kind}`, 'marker-end': `url(#xq-head-${a.kind})`,
      'data-from': squareName(a.from), 'data-to': squareName(a.to), 'data-kind': a.kind,
    }, layer);
    if (a.kind === 'move') {
      const g = el('g', { class: 'xq-arrow-n', 'data-n': a.n }, layer);
      el('circle', { cx: p.x + ux * cut, cy: p.y + uy * cut, r: 11 }, g);
      const label = el('text', { x: p.x + ux * cut, y: p.y + uy * cut + 4, 'text-anchor': 'middle' }, g);
      label.textContent = String(a.n);
    }
  }
}

/** Draws the static board for `orientation` ('red' or 'black' at the bottom). */
export function drawBoard(layer, orientation) {
  clear(layer);
  el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, fill: 'url(#xq-wood)', class: 'xq-bg' }, layer);
  const left = MARGIN;
  const right = MARGIN + CELL * (FILES - 1);
  const top = MARGIN;
  const bottom = MARGIN + CELL * (RANKS - 1);
  const ink = '#5a3a1a';
  // Outer frame: a heavy line just outside the grid.
  el('rect', {
    x: left - 16, y: top - 16, width: right - left + 32, height: bottom - top + 32,
    fill: 'none', stroke: ink, 'stroke-width': 6, class: 'xq-ink',
  }, layer);
  const lines = el('g', { stroke: ink, 'stroke-width': 2.6, 'stroke-linecap': 'square', fill: 'none', class: 'xq-ink' }, layer);
  for (let r = 0; r < RANKS; r++) {
    const y = top + r * CELL;
    el('line', { x1: left, y1: y, x2: right, y2: y }, lines);
  }
  const riverTop = top + 4 * CELL;
  const riverBottom = top + 5 * CELL;
  for (let f = 0; f < FILES; f++) {
    const x = left + f * CELL;
    if (f === 0 || f === FILES - 1) {
      el('line', { x1: x, y1: top, x2: x, y2: bottom }, lines);
    } else {
      el('line', { x1: x, y1: top, x2: x, y2: riverTop }, lines);
      el('line', { x1: x, y1: riverBottom, x2: x, y2: bottom }, lines);
    }
  }
  // Palace diagonals.
  for (const [r0, r1] of [[0, 2], [7, 9]]) {
    const x0 = left + 3 * CELL;
    const x1 = left + 5 * CELL;
    const y0 = top + r0 * CELL;
    const y1 = top + r1 * CELL;
    el('line', { x1: x0, y1: y0, x2: x1, y2: y1 }, lines);
    el('line', { x1: x1, y1: y0, x2: x0, y2: y1 }, lines);
  }
  // Position marks (炮位, 兵位): small corner brackets around the points.
  const marks = el('g', { stroke: ink, 'stroke-width': 2.4, fill: 'none', class: 'xq-ink' }, layer);
  const gap = CELL * 0.07;
  const len = CELL * 0.16;
  for (const sq of markSquares()) {
    const { x, y } = toPoint(sq, orientation);
    for (const dx of [-1, 1]) {
      if ((x === left && dx < 0) || (x === right && dx > 0)) continue;
      for (const dy of [-1, 1]) {
        const cx = x + dx * gap;
        const cy = y + dy * gap;
        el('polyline', {
          points: `${cx + dx * len},${cy} ${cx},${cy} ${cx},${cy + dy * len}`,
        }, marks);
      }
    }
  }
  // River text: 楚河 on the left, 漢界 on the right, as on a real board.
  const riverY = (riverTop + riverBottom) / 2;
  const river = el('g', {
    fill: ink, 'font-family': PIECE_FONT, 'font-size': CELL * 0.56, 'text-anchor': 'middle',
    'dominant-baseline': 'central', class: 'xq-river',
  }, layer);
  const words = [['楚', 1.5], ['河', 2.5], ['漢', 5.5], ['界', 6.5]];
  for (const [ch, at] of words) {
    const t = el('text', { x: left + at * CELL, y: riverY }, river);
    t.textContent = ch;
  }
  // File numbers: red's 九..一 on red's side, black's 1..9 on black's side.
  const nums = el('g', {
    fill: ink, 'font-family': PIECE_FONT, 'font-size': CELL * 0.26, 'text-anchor': 'middle',
    'dominant-baseline': 'central', class: 'xq-coords',
  }, layer);
  for (let f = 0; f < FILES; f++) {
    const redPt = toPoint(square(f, 0), orientation);
    const blackPt = toPoint(square(f, RANKS - 1), orientation);
    const redY = orientation === 'red' ? HEIGHT - MARGIN * 0.22 : MARGIN * 0.22;
    const blackY = orientation === 'red' ? MARGIN * 0.22 : HEIGHT - MARGIN * 0.22;
    el('text', { x: redPt.x, y: redY }, nums).textContent = RED_NUMS[f];
    el('text', { x: blackPt.x, y: blackY }, nums).textContent = String(f + 1);
  }
}

/** Draws one piece centred on (x, y) into `parent`; returns its group. */
export function drawPiece(parent, piece, x, y) {
  const g = el('g', {
    class: `xq-piece ${piece.color}`, transform: `translate(${x},${y})`,
    'data-piece': `${piece.color}-${piece.role}`,
  }, parent);
  const tone = piece.color === 'red' ? '#b8231b' : '#1d1d1d';
  el('circle', { r: PIECE_R, cx: 3, cy: 5, fill: 'rgba(60,30,0,0.35)' }, g);
  el('circle', { r: PIECE_R, fill: 'url(#xq-face)', stroke: '#7a5528', 'stroke-width': 3 }, g);
  el('circle', { r: PIECE_R * 0.8, fill: 'none', stroke: tone, 'stroke-width': 3.2 }, g);
  if (pieceSet() === 'icons') {
    drawIcon(g, piece.role, tone);
    return g;
  }
  const t = el('text', {
    'text-anchor': 'middle', 'dominant-baseline': 'central', y: 2, fill: tone,
    'font-family': PIECE_FONT, 'font-size': PIECE_R * 1.12, 'font-weight': 700,
  }, g);
  t.textContent = PIECE_CHARS[piece.color][piece.role];
  return g;
}

/** Redraws highlights, pieces, destinations and hit targets from the state. */
export function drawDynamic(layers, state) {
  const o = state.orientation;
  clear(layers.marks);
  const hl = (sq, cls) => {
    const { x, y } = toPoint(sq, o);
    const s = CELL * 0.5;
    return el('rect', { x: x - s, y: y - s, width: 2 * s, height: 2 * s, rx: 10, class: cls }, layers.marks);
  };
  if (state.lastMove) {
    hl(state.lastMove[0], 'xq-last xq-last-from');
    hl(state.lastMove[1], 'xq-last xq-last-to');
  }
  if (state.hint) {
    hl(state.hint[0], 'xq-hint xq-hint-from').setAttribute('data-sq', squareName(state.hint[0]));
    hl(state.hint[1], 'xq-hint xq-hint-to').setAttribute('data-sq', squareName(state.hint[1]));
  }
  if (state.check !== null && state.check !== undefined) {
    const { x, y } = toPoint(state.check, o);
    el('circle', { cx: x, cy: y, r: CELL * 0.7, fill: 'url(#xq-check)', class: 'xq-check-mark' }, layers.marks);
  }
  if (state.selected !== null) hl(state.selected, 'xq-selected');
  if (state.cursor !== null && state.cursor !== undefined) hl(state.cursor, 'xq-cursor').setAttribute('data-sq', squareName(state.cursor));

  clear(layers.pieces);
  state.pieceNodes = new Map();
  for (const [sq, piece] of state.pieces) {
    if (state.drag && state.drag.from === sq && state.drag.active) continue;
    const { x, y } = toPoint(sq, o);
    const g = drawPiece(layers.pieces, piece, x, y);
    g.setAttribute('data-sq', squareName(sq));
    state.pieceNodes.set(sq, g);
  }

  drawArrows(layers.arrows, state.arrows, o);

  clear(layers.dests);
  if (state.selected !== null) {
    const warned = state.warn?.get(state.selected);
    for (const to of state.dests.get(state.selected) || []) {
      const { x, y } = toPoint(to, o);
      const warn = warned?.get(to);
      const extra = warn ? ` xq-dest-warn xq-dest-${warn}` : '';
      const attrs = { cx: x, cy: y, 'data-dest': squareName(to) };
      if (warn) attrs['data-warn'] = warn;
      if (state.pieces.has(to)) {
        el('circle', { ...attrs, r: PIECE_R + 3, class: `xq-dest xq-dest-capture${extra}` }, layers.dests);
      } else {
        el('circle', { ...attrs, r: CELL * (warn ? 0.2 : 0.13), class: `xq-dest${extra}` }, layers.dests);
      }
    }
  }

  if (!layers.hits.firstChild || layers.hits.getAttribute('data-o') !== o) {
    clear(layers.hits);
    layers.hits.setAttribute('data-o', o);
    for (let sq = 0; sq < FILES * RANKS; sq++) {
      const { x, y } = toPoint(sq, o);
      el('rect', {
        x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, fill: 'transparent',
        'data-sq': squareName(sq), class: 'xq-hit', 'data-file': fileOf(sq),
      }, layers.hits);
    }
  }
}
