// The puzzle board: the solver moves, the server judges each move (`POST /move`), the
// opponent's reply is played by itself, a wrong move is shown and taken back; at the end the
// caller's `finish(moves, win)` submits the round and says what to show.
//
//   const s = createSolver({ finish: async (moves, win) => text });
//   root.append(s.el); s.load(puzzle);

import { t, getLang } from '../../i18n.js';
import { h, fill, toast, errorText } from '../../ui.js';
import { createBoard } from '../../board/board.js';
import { readFen, fenTurn, parseMove, squareName, otherColor } from '../../board/geometry.js';
import { applyMove, checkedKing } from '../../rules.js';
import { destsOf, makeFen } from '../../movegen.js';
import { puzzleApi } from './api.js';

/** How long the board waits before the opponent's reply or taking a wrong move back. */
const REPLY_MS = 350;

/** A theme's name in the current language. */
export const themeName = (th) => (getLang() === 'zh' ? th.zh : th.en);

export function createSolver({ finish }) {
  let puzzle = null;
  let played = [];
  let pieces = new Map();
  let turn = 'red';
  let solverColor = 'red';
  let state = 'idle'; // idle | play | wait | solved | failed
  let solution = null;

  const boardWrap = h('div.board-wrap', { 'data-testid': 'board' });
  const board = createBoard(boardWrap, { onMove: (from, to) => move(squareName(from) + squareName(to)) });
  const status = h('p.pz-status', { 'data-testid': 'pz-status', 'aria-live': 'polite' });
  const result = h('p.pz-result', { 'data-testid': 'pz-result', hidden: true });
  const info = h('div.pz-info', { 'data-testid': 'pz-info' });
  const solutionButton = h('button', { type: 'button', 'data-testid': 'pz-solution', hidden: true, text: t('pz.solution'), on: { click: () => showSolution() } });

  function setState(s, key) {
    state = s;
    status.dataset.state = s;
    status.textContent = key ? t(key) : '';
  }

  function draw(lastMove) {
    const fen = makeFen(pieces, turn);
    board.set({
      fen, orientation: solverColor, lastMove: lastMove ? parseMove(lastMove) : null,
      check: checkedKing(pieces, turn),
      dests: state === 'play' && turn === solverColor ? destsOf(pieces, turn) : new Map(),
      movable: state === 'play' ? solverColor : null,
    });
    boardWrap.dataset.fen = fen;
    boardWrap.dataset.ply = String(played.length);
  }

  function play(mv) {
    applyMove(pieces, mv);
    turn = otherColor(turn);
  }

  function load(p) {
    puzzle = p;
    played = [];
    solution = null;
    pieces = readFen(p.fen);
    turn = fenTurn(p.fen);
    solverColor = turn;
    boardWrap.dataset.puzzle = p.id;
    fill(info,
      h('p', { 'data-testid': 'pz-to-move', text: t(`pz.toMove.${solverColor}`) }),
      h('p.muted', { text: `${t('pz.moves', { n: p.solver_moves })} · ${t('pz.rating', { n: p.rating })}` }),
      p.themes.length ? h('p.muted', { 'data-testid': 'pz-themes', text: p.themes.map(themeName).join(' · ') }) : null,
      h('p.muted.pz-credit', { 'data-testid': 'pz-credit', text: t('pz.credit', { credit: p.credit }) }));
    result.hidden = true;
    solutionButton.hidden = true;
    setState('play', null);
    draw(p.last_move);
  }

  async function move(mv) {
    if (state !== 'play' || !puzzle) return;
    const before = new Map(pieces);
    play(mv);
    setState('wait', null);
    draw(mv);
    let verdict;
    try {
      verdict = await puzzleApi.move(puzzle.id, played, mv);
    } catch (e) {
      toast(errorText(e));
      pieces = before; turn = solverColor; setState('play', null); draw(played[played.length - 1] || puzzle.last_move);
      return;
    }
    played.push(mv);
    if (verdict.result === 'continue') {
      setState('wait', 'pz.right');
      setTimeout(() => {
        play(verdict.reply);
        played.push(verdict.reply);
        setState('play', 'pz.right');
        draw(verdict.reply);
      }, REPLY_MS);
    } else if (verdict.result === 'solved') {
      setState('solved', 'pz.solved');
      draw(mv);
      await end(true);
    } else {
      solution = verdict.solution;
      setState('failed', 'pz.wrong');
      setTimeout(() => { pieces = before; turn = solverColor; draw(played[played.length - 2] || puzzle.last_move); }, REPLY_MS);
      await end(false);
    }
  }

  async function end(win) {
    try {
      const text = await finish(played.slice(), win);
      if (text) { result.textContent = text; result.hidden = false; }
    } catch (e) {
      toast(errorText(e));
    }
    solutionButton.hidden = !solution;
  }

  /** Plays the solution from the start, one move at a time. */
  function showSolution() {
    if (!solution || !puzzle) return;
    pieces = readFen(puzzle.fen);
    turn = fenTurn(puzzle.fen);
    played = [];
    state = 'failed';
    draw(puzzle.last_move);
    solution.forEach((mv, i) => setTimeout(() => { play(mv); played.push(mv); draw(mv); }, REPLY_MS * (i + 1)));
  }

  /** The solution sent with a finished round (shown by the button). */
  function setSolution(line) { solution = line; solutionButton.hidden = !line; }

  const el = h('div.table-view.pz', {},
    h('div.board-col', {}, boardWrap),
    h('div.side-col', {}, h('div.panel', {}, info, status, result, h('div.row', {}, solutionButton))));
  return { el, load, setSolution, get state() { return state; }, side: el.querySelector('.side-col') };
}
