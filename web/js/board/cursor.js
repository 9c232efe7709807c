// The keyboard cursor of a focused board the user may move on: arrow keys move it over the
// points as the board is seen (so "up" goes away from the player at the bottom), Enter or Space
// picks the point as a click would. Pure apart from `bindCursor`, which listens on the board's SVG.

import { FILES, RANKS, fileOf, rankOf, square, squareName } from './geometry.js';

/** Screen directions of the arrow keys: [files right, ranks up] as seen from Red's side. */
const ARROWS = Object.freeze({
  ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
});

/** The square the cursor goes to from `sq` with `key` on a board with `orientation` at the bottom. */
export function nextCursor(sq, key, orientation) {
  const dir = ARROWS[key];
  if (!dir) return sq;
  const flip = orientation === 'black' ? -1 : 1;
  const f = Math.max(0, Math.min(FILES - 1, fileOf(sq) + dir[0] * flip));
  const r = Math.max(0, Math.min(RANKS - 1, rankOf(sq) + dir[1] * flip));
  return square(f, r);
}

/**
 * Listens for arrows and Enter/Space on `svg`: `state.cursor` follows the arrows (starting on the
 * bottom player's king's file, middle of their side), `pick(sq)` runs on Enter/Space, `redraw()`
 * after each change. Returns unbind.
 */
export function bindCursor(svg, state, pick, redraw) {
  const start = () => square(4, state.orientation === 'black' ? 7 : 2);
  const key = (ev) => {
    // Only while the user may move: elsewhere (a replay, a spectator) the arrows step through
    // the moves as before. Here they stop at the board, so the move list does not step too.
    if (!state.movable || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ARROWS[ev.key]) {
      ev.preventDefault();
      ev.stopPropagation();
      state.cursor = state.cursor === null ? start() : nextCursor(state.cursor, ev.key, state.orientation);
      svg.dataset.cursor = squareName(state.cursor);
      redraw();
    } else if ((ev.key === 'Enter' || ev.key === ' ') && state.cursor !== null) {
      ev.preventDefault();
      ev.stopPropagation();
      pick(state.cursor);
    }
  };
  const blur = () => { state.cursor = null; delete svg.dataset.cursor; redraw(); };
  svg.addEventListener('keydown', key);
  svg.addEventListener('blur', blur);
  return () => { svg.removeEventListener('keydown', key); svg.removeEventListener('blur', blur); };
}
