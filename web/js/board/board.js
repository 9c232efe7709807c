// The board facade (chessground's api.ts role): wires state, render, input, events and animation.
//
//   const board = createBoard(el, { onMove: (from, to) => ... });
//   board.set({ fen, orientation, lastMove: [from, to], check, dests: Map, movable: 'red',
//               hint: [from, to] | null, arrows: [{ from, to, kind: 'move'|'check'|'chase', n }],
//               warn: Map from -> Map to -> 'loses'|'last' })
//
// `warn` marks destinations the caller warns about (a repetition that loses or repeats for the
// last time): they are drawn in a warning colour while their piece is selected.
//
// The board knows no rules: the caller supplies legal destinations (`dests`) and the side the
// user may move (`movable`), and hears back through `onMove`.

import { createRoot, drawBoard, drawDynamic, drawPiece } from './render.js';
import { createInput } from './input.js';
import { bindEvents } from './events.js';
import { bindCursor } from './cursor.js';
import { readFen, toPoint, START_FEN, otherColor } from './geometry.js';
import { slide, animationsDisabled } from './anim.js';
import { clear } from './svg.js';

export function createBoard(container, opts = {}) {
  const { svg, layers } = createRoot(container);
  const state = {
    orientation: opts.orientation || 'red',
    pieces: readFen(opts.fen || START_FEN),
    fen: opts.fen || START_FEN,
    lastMove: null,
    hint: null,
    arrows: [],
    check: null,
    dests: new Map(),
    warn: new Map(),
    movable: null,
    selected: null,
    drag: null,
    cursor: null,
    pieceNodes: new Map(),
    animation: opts.animation ?? !animationsDisabled(),
  };
  let drawnOrientation = null;
  let pendingFrame = 0;
  let stopAnim = null;
  let dragPoint = null;

  const input = createInput({
    canMove: (sq) => {
      const p = state.pieces.get(sq);
      return !!p && p.color === state.movable && (state.dests.get(sq) || []).length > 0;
    },
    dests: (sq) => state.dests.get(sq) || [],
    onMove: (from, to) => {
      // Show the move at once; the caller's next set() confirms or corrects it.
      const piece = state.pieces.get(from);
      state.pieces.delete(from);
      state.pieces.set(to, piece);
      state.lastMove = [from, to];
      state.check = null;
      state.dests = new Map();
      redrawNow();
      if (opts.onMove) opts.onMove(from, to);
    },
    onChange: () => redraw(),
  });

  function redrawNow() {
    pendingFrame = 0;
    if (drawnOrientation !== state.orientation) {
      drawBoard(layers.board, state.orientation);
      drawnOrientation = state.orientation;
    }
    state.selected = input.selected;
    state.drag = input.drag;
    drawDynamic(layers, state);
    drawDrag();
    svg.classList.toggle('xq-movable', !!state.movable);
  }
  function redraw() {
    if (!pendingFrame) pendingFrame = requestAnimationFrame(redrawNow);
  }
  function drawDrag() {
    clear(layers.drag);
    const d = input.drag;
    if (!d || !d.active || !dragPoint) return;
    const piece = state.pieces.get(d.from);
    if (piece) drawPiece(layers.drag, piece, dragPoint.x, dragPoint.y).classList.add('xq-dragging');
  }
  const unbind = bindEvents(svg, input, () => state.orientation, (p) => {
    dragPoint = p;
    if (input.drag && input.drag.active) drawDrag();
  });
  // Arrows + Enter on the focused board: Enter is a click on the cursor's point.
  const unbindCursor = bindCursor(svg, state, (sq) => { input.down(sq, 0, 0); input.up(sq); }, () => redraw());

  function set(cfg) {
    let animateMove = null;
    let changed = false;
    if (cfg.fen !== undefined && (cfg.fen !== state.fen || cfg.force)) {
      try {
        const pieces = readFen(cfg.fen);
        const prev = state.lastMove;
        const next = cfg.lastMove;
        if (next && !(prev && prev[0] === next[0] && prev[1] === next[1])) animateMove = next;
        state.pieces = pieces;
        state.fen = cfg.fen;
        changed = true;
      } catch (e) {
        console.warn('board: ignoring bad FEN', cfg.fen, e);
      }
    }
    if (cfg.orientation !== undefined) state.orientation = cfg.orientation;
    if (cfg.lastMove !== undefined) state.lastMove = cfg.lastMove;
    if (cfg.check !== undefined) state.check = cfg.check;
    if (cfg.hint !== undefined) state.hint = cfg.hint;
    if (cfg.arrows !== undefined) state.arrows = cfg.arrows || [];
    if (cfg.dests !== undefined) state.dests = cfg.dests || new Map();
    if (cfg.warn !== undefined) state.warn = cfg.warn || new Map();
    if (cfg.movable !== undefined && cfg.movable !== state.movable) {
      state.movable = cfg.movable;
      changed = true;
    }
    if (changed) input.cancel(null);
    if (stopAnim) { stopAnim(); stopAnim = null; }
    redrawNow();
    if (animateMove && state.animation && opts.animateMoves !== false) {
      const node = state.pieceNodes.get(animateMove[1]);
      if (node) stopAnim = slide(node, toPoint(animateMove[0], state.orientation), toPoint(animateMove[1], state.orientation));
    }
  }

  redrawNow();
  return {
    set,
    state,
    svg,
    flip() { set({ orientation: otherColor(state.orientation) }); },
    destroy() { unbind(); unbindCursor(); if (stopAnim) stopAnim(); svg.remove(); },
  };
}
