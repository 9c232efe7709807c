// The analysis board (#/analysis, #/analysis?fen=F&moves=a,b&ply=N): start from any legal
// position (a game's move, a FEN, the set-up editor), move freely with the full rules, branch
// into variations (tree.js), export the tree as PGN with variations, and see the engine's lines
// live over the socket (analysis/engine.js).

import { t } from '../../i18n.js';
import { h, toast } from '../../ui.js';
import { createBoard } from '../../board/board.js';
import { START_FEN, squareName, fromPoint, readFen, otherColor } from '../../board/geometry.js';
import { svgPoint } from '../../board/events.js';
import { destsOf, legalMoves, positionProblem, makeFen } from '../../movegen.js';
import { createTree, play, mainLineFrom, remove, promote, tokens, nextMoveNumber } from '../../analysis/tree.js';
import { treePgn, moveText } from '../../analysis/pgn.js';
import { createEngineClient, engineLineView } from '../../analysis/engine.js';
import { getNotation } from './movelist.js';
import { createExplorer } from './explorer.js';

const PALETTE = ['K', 'A', 'B', 'N', 'R', 'C', 'P', 'k', 'a', 'b', 'n', 'r', 'c', 'p'];
const PIECE_TEXT = { K: '帅', A: '仕', B: '相', N: '马', R: '车', C: '炮', P: '兵', k: '将', a: '士', b: '象', n: '马', r: '车', c: '炮', p: '卒' };
/** How long the engine may stay silent before the panel says so. */
const ENGINE_SILENCE_MS = 5000;

/** The start FEN, moves and ply of `#/analysis?…`; a FEN that is no legal position gives the standard start. */
export function parseAnalysisQuery(query) {
  const q = new URLSearchParams(query || '');
  const fen = q.get('fen');
  const problem = fen ? positionProblem(fen) : null;
  return {
    fen: fen && !problem ? fen : START_FEN,
    problem,
    moves: (q.get('moves') || '').split(',').filter(Boolean),
    ply: Number(q.get('ply')) || 0,
  };
}

export function mount(root, app, [query]) {
  const start = parseAnalysisQuery(query);
  let tree = createTree(start.fen);
  let node = tree.root;
  let orientation = 'red';
  let setup = null; // { pieces, turn, brush } while the set-up editor is open

  const boardWrap = h('div.board-wrap', { 'data-testid': 'board' });
  const board = createBoard(boardWrap, {
    onMove: (from, to) => {
      node = play(tree, node, squareName(from) + squareName(to));
      show();
    },
  });
  const error = h('p.error', { 'data-testid': 'an-error', hidden: true });
  const fail = (key, params) => { error.textContent = t(key, params); error.hidden = false; };
  const movesBox = h('div.moves.an-moves', { 'data-testid': 'an-moves' });
  const fenInput = h('input.an-fen', { 'data-testid': 'an-fen', spellcheck: 'false' });

  // The engine panel.
  const depth = h('span', { 'data-testid': 'an-depth' });
  const engineStatus = h('span.muted', { 'data-testid': 'an-engine-status' });
  const lines = h('div.an-lines', { 'data-testid': 'an-lines' });
  let silence = null;
  const engine = createEngineClient(app, (msg) => {
    clearTimeout(silence);
    engineStatus.textContent = '';
    depth.textContent = t('an.lineDepth', { d: msg.depth });
    lines.replaceChildren(...msg.lines.map((line) => {
      const v = engineLineView(msg.fen, line, getNotation());
      return h('div.an-line', {
        'data-testid': 'an-line', 'data-first': v.first || '',
        on: { click: () => { if (v.first && legalMoves(node.pieces, node.turn).includes(v.first)) { node = play(tree, node, v.first); show(); } } },
      }, h('b', { 'data-eval': '', text: v.eval }), ` ${nextMoveNumber(tree, node)} `, v.moves.join(' '));
    }));
  });
  const engineOn = h('input', {
    type: 'checkbox', 'data-testid': 'an-engine',
    on: {
      change: () => {
        engine.on(engineOn.checked);
        lines.replaceChildren();
        depth.textContent = '';
        clearTimeout(silence);
        engineStatus.textContent = engineOn.checked ? t('an.waiting') : '';
        if (engineOn.checked) silence = setTimeout(() => { engineStatus.textContent = t('an.noEngine'); }, ENGINE_SILENCE_MS);
      },
    },
  });
  const multipv = h('select', { 'data-testid': 'an-multipv', 'aria-label': t('an.lines'), on: { change: () => engine.multipv(Number(multipv.value)) } },
    [1, 2, 3, 4, 5].map((n) => h('option', { value: n, text: String(n) })));

  // The opening explorer: the masters' moves from the position shown; a click plays one.
  const explorer = createExplorer({
    onMove: (mv) => { if (!setup && legalMoves(node.pieces, node.turn).includes(mv)) { node = play(tree, node, mv); show(); } },
    onGame: (id) => app.go(`#/masters/${id}`),
  });
  const pathTo = (n) => { const out = []; for (let x = n; x && x.parent; x = x.parent) out.unshift(x.move); return out; };

  function drawMoves() {
    const notation = getNotation();
    const out = [];
    for (const tk of tokens(tree)) {
      if (tk.kind === 'open') { out.push(h('span.paren', { text: '(' })); continue; }
      if (tk.kind === 'close') { out.push(h('span.paren', { text: ')' })); continue; }
      const n = tk.node;
      out.push(h(`span.mv${n === node ? '.current' : ''}`, {
        'data-testid': 'an-move', 'data-node': n.id, 'data-move': n.move,
        on: { click: () => { node = n; show(); } },
      }, `${tk.number ? `${tk.number} ` : ''}${moveText(n, notation)}`));
    }
    movesBox.replaceChildren(...out);
  }

  function show() {
    error.hidden = true;
    if (setup) {
      board.set({ fen: makeFen(setup.pieces, setup.turn), orientation, lastMove: null, check: null, dests: new Map(), movable: null });
      return;
    }
    board.set({ fen: node.fen, orientation, lastMove: node.lastMove, check: node.check, dests: destsOf(node.pieces, node.turn), movable: node.turn });
    boardWrap.dataset.fen = node.fen;
    boardWrap.dataset.node = String(node.id);
    fenInput.value = node.fen;
    drawMoves();
    engine.set(node.fen);
    explorer.update(tree.root.fen, pathTo(node));
  }

  function restart(fen) {
    tree = createTree(fen);
    node = tree.root;
    lines.replaceChildren();
    show();
  }

  // The set-up editor: a palette, the side to move, and a click on the board places the brush.
  const palette = h('div.an-palette', {},
    ...PALETTE.map((ch) => h(`button.piece-btn.${ch === ch.toUpperCase() ? 'red' : 'black'}`, {
      type: 'button', 'data-testid': `an-piece-${ch === ch.toUpperCase() ? 'r' : 'b'}${ch.toLowerCase()}`, text: PIECE_TEXT[ch],
      on: { click: (e) => { setup.brush = ch; for (const b of palette.children) b.classList.toggle('active', b === e.currentTarget); } },
    })),
    h('button', { type: 'button', 'data-testid': 'an-piece-erase', 'data-i18n': 'an.erase', text: t('an.erase'), on: { click: () => { setup.brush = null; } } }));
  const turnSel = h('select', { 'data-testid': 'an-turn', 'aria-label': t('an.turn'), on: { change: () => { setup.turn = turnSel.value; show(); } } },
    h('option', { value: 'red', text: t('color.red') }), h('option', { value: 'black', text: t('color.black') }));
  const setupPanel = h('div.panel.an-setup', { 'data-testid': 'an-setup-panel', hidden: true },
    palette,
    h('label', {}, t('an.turn'), ' ', turnSel),
    h('div.row', {},
      h('button', { type: 'button', 'data-testid': 'an-setup-clear', text: t('an.clear'), on: { click: () => { setup.pieces = new Map(); show(); } } }),
      h('button', { type: 'button', 'data-testid': 'an-setup-start', text: t('an.start'), on: { click: () => { setup.pieces = readFen(START_FEN); show(); } } }),
      h('button', { type: 'button', 'data-testid': 'an-setup-cancel', text: t('an.setupCancel'), on: { click: () => closeSetup(null) } }),
      h('button.primary', { type: 'button', 'data-testid': 'an-setup-done', text: t('an.setupDone'), on: { click: () => closeSetup(makeFen(setup.pieces, setup.turn)) } })));
  function openSetup() {
    setup = { pieces: new Map(node.pieces), turn: node.turn, brush: 'K' };
    turnSel.value = setup.turn;
    setupPanel.hidden = false;
    show();
  }
  function closeSetup(fen) {
    if (fen) {
      const problem = positionProblem(fen);
      if (problem) { fail(problem.key, problem.params); return; }
    }
    setup = null;
    setupPanel.hidden = true;
    if (fen) restart(fen); else show();
  }
  boardWrap.addEventListener('pointerdown', (ev) => {
    if (!setup) return;
    const svg = boardWrap.querySelector('svg');
    const p = svgPoint(svg, ev);
    const sq = fromPoint(p.x, p.y, orientation);
    if (sq === null || sq === undefined) return;
    if (setup.brush) setup.pieces.set(sq, { color: setup.brush === setup.brush.toUpperCase() ? 'red' : 'black', role: setup.brush.toLowerCase() });
    else setup.pieces.delete(sq);
    show();
  });

  const pgnBox = h('textarea.an-pgn', { 'data-testid': 'an-pgn', rows: 6, readonly: true, hidden: true });
  const download = h('a', { 'data-testid': 'an-download', download: 'chuhe-analysis.pgn', hidden: true, text: 'PGN' });
  const button = (testid, key, fn) => h('button', { type: 'button', 'data-testid': testid, 'data-i18n': key, text: t(key), on: { click: fn } });
  const go = (n) => { if (n) { node = n; show(); } };
  const nav = h('div.nav-buttons', {},
    h('button', { type: 'button', 'data-testid': 'an-first', on: { click: () => go(tree.root) } }, '|◀'),
    h('button', { type: 'button', 'data-testid': 'an-prev', on: { click: () => go(node.parent) } }, '◀'),
    h('button', { type: 'button', 'data-testid': 'an-next', on: { click: () => go(node.children[0]) } }, '▶'),
    h('button', { type: 'button', 'data-testid': 'an-last', on: { click: () => go(mainLineFrom(node).pop()) } }, '▶|'));
  const key = (ev) => {
    if (ev.target.closest?.('input, textarea, select') || setup) return;
    if (ev.key === 'ArrowLeft') go(node.parent);
    else if (ev.key === 'ArrowRight') go(node.children[0]);
  };
  document.addEventListener('keydown', key);

  root.appendChild(h('div.table-view', { 'data-testid': 'analysis' },
    h('div.board-col', {}, boardWrap),
    h('div.side-col', {},
      h('div.panel', {},
        h('h1', { 'data-i18n': 'an.boardTitle', text: t('an.boardTitle') }),
        h('label', {}, t('an.fen'), ' ', fenInput),
        h('div.row', {},
          button('an-load', 'an.load', () => {
            const fen = fenInput.value.trim();
            const problem = positionProblem(fen);
            if (problem) fail(problem.key, problem.params); else restart(fen);
          }),
          button('an-setup', 'an.setup', openSetup),
          button('an-flip', 'an.flip', () => { orientation = otherColor(orientation); show(); })),
        error),
      setupPanel,
      h('div.panel.movelist', {}, h('b', { 'data-i18n': 'an.moves', text: t('an.moves') }), movesBox, nav,
        h('div.row', {},
          button('an-delete', 'an.delete', () => { if (node.parent) { node = remove(node); show(); } }),
          button('an-promote', 'an.promote', () => { promote(node); show(); }),
          button('an-export', 'an.export', () => {
            const text = treePgn(tree, getNotation());
            pgnBox.value = text;
            pgnBox.hidden = false;
            download.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
            download.hidden = false;
            toast(t('an.copy'));
          })),
        pgnBox, download),
      h('div.panel.an-engine', {},
        h('label', {}, engineOn, ' ', t('an.engine')), ' ',
        h('label', {}, t('an.lines'), ' ', multipv), ' ', depth, ' ', engineStatus, lines),
      explorer.node)));

  // A game's moves from the address become the main line; the board goes to `ply`.
  for (const mv of start.moves) {
    const last = mainLineFrom(tree.root).pop() || tree.root;
    if (!legalMoves(last.pieces, last.turn).includes(mv)) break;
    play(tree, last, mv);
  }
  node = [tree.root, ...mainLineFrom(tree.root)][Math.min(start.ply, mainLineFrom(tree.root).length)];
  show();
  if (start.problem) fail(start.problem.key, start.problem.params);
  return {
    unmount() {
      clearTimeout(silence);
      engine.destroy();
      explorer.destroy();
      document.removeEventListener('keydown', key);
      board.destroy();
    },
  };
}
