// A game on the replay board without a stored game behind it (an imported record, a library
// game): the replay view's board, move list and navigation over { start_fen, moves }, plus
// "analyse from here" (the analysis board with the game as its main line, at the ply shown),
// and the opening explorer with the position's ECCO name (explorer.js).

import { t } from '../../i18n.js';
import { h } from '../../ui.js';
import { createBoard } from '../../board/board.js';
import { replay } from '../../rules.js';
import { describeGame } from '../../notation.js';
import { fenTurn } from '../../board/geometry.js';
import { createMoveList } from './movelist.js';
import { createExplorer } from './explorer.js';

/** The analysis board's address for `moves` from `startFen`, at `ply`. */
export function analysisHash(startFen, moves, ply) {
  const q = new URLSearchParams({ fen: startFen });
  if (moves.length) q.set('moves', moves.join(','));
  if (ply) q.set('ply', String(ply));
  return `#/analysis?${q}`;
}

/** Creates the viewer; returns { boardCol, sideNodes: [list, tools], load(game), destroy }. */
export function createGameViewer(app) {
  const boardWrap = h('div.board-wrap', { 'data-testid': 'board' });
  const board = createBoard(boardWrap, {});
  let positions = [];
  let texts = [];
  let game = null;
  let ply = 0;
  const list = createMoveList({ onSelect: (p) => show(p) });
  // A move of the explorer: the game's own next move steps on, another opens the analysis board.
  const explorer = createExplorer({
    onMove: (mv) => {
      if (!game) return;
      if (game.moves[ply] === mv) show(ply + 1);
      else app.go(analysisHash(game.start_fen, [...game.moves.slice(0, ply), mv], ply + 1));
    },
    onGame: (id) => app.go(`#/masters/${id}`),
  });
  const analyse = h('button', {
    type: 'button', 'data-testid': 'analyse-here', 'data-i18n': 'study.analyse', text: t('study.analyse'), disabled: true,
    on: { click: () => { if (game) app.go(analysisHash(game.start_fen, game.moves, ply)); } },
  });
  function show(p) {
    ply = p;
    const pos = positions[p];
    if (!pos) return;
    board.set({ fen: pos.fen, lastMove: pos.lastMove, check: pos.check, movable: null });
    boardWrap.dataset.ply = String(p);
    list.update(texts, p, fenTurn(game.start_fen) === 'black');
    explorer.update(game.start_fen, game.moves.slice(0, p));
  }
  return {
    boardCol: h('div.board-col', {}, boardWrap),
    sideNodes: [list.node, h('div.panel', {}, analyse), explorer.node],
    /** Shows `g` ({ start_fen, moves }) from its start. */
    load(g) {
      game = g;
      positions = replay(g.start_fen, g.moves);
      texts = describeGame(positions, g.moves);
      analyse.disabled = false;
      show(0);
    },
    destroy() { explorer.destroy(); list.destroy(); board.destroy(); },
  };
}
