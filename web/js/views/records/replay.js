// Replay a finished (or running) game step by step, and download its PGN.

import { api } from '../../net/http.js';
import { t, formatDate, getLang } from '../../i18n.js';
import { parseSquare } from '../../board/geometry.js';
import { evidenceArrows, evidenceText } from '../../evidence.js';
import { h, errorText, displayName } from '../../ui.js';
import { describeControl } from '../../clock.js';
import { handicapText } from '../../handicap.js';
import { createBoard } from '../../board/board.js';
import { replay } from '../../rules.js';
import { describeGame } from '../../notation.js';
import { createMoveList, getNotation } from './movelist.js';
import { analysisHash } from './gameviewer.js';
import { createAnalysisPanel, moveNotes } from './gameanalysis.js';

/** The engine's best move in position `p` of analysis `r` as a board arrow, or null. */
function bestArrow(r, p) {
  // The better line of the move played from `p`; none: the move played was the engine's own.
  const m = r?.moves?.[p];
  const mv = m ? m.best_line?.[0] || m.mv : null;
  const from = mv ? parseSquare(mv.slice(0, 2)) : null;
  const to = mv ? parseSquare(mv.slice(2, 4)) : null;
  return from !== null && to !== null ? { from, to, kind: 'best' } : null;
}

/** The evaluation bar beside the board: Red's share grows with Red's advantage (±10 pawns). */
function drawBar(bar, r, p) {
  const pawns = r?.positions?.[p]?.eval?.pawns;
  bar.hidden = !Number.isFinite(pawns);
  if (bar.hidden) return;
  const share = 50 + Math.max(-10, Math.min(10, pawns)) * 5;
  bar.firstChild.style.height = `${share}%`;
  bar.dataset.pawns = String(pawns);
  bar.setAttribute('aria-label', `${t('an.graph')}: ${pawns > 0 ? '+' : ''}${pawns.toFixed(1)}`);
}

export function mount(root, app, [idText]) {
  const id = Number(idText);
  const boardWrap = h('div.board-wrap', { 'data-testid': 'board' });
  const board = createBoard(boardWrap, {});
  let positions = [];
  let ply = 0;
  let arrows = [];
  let engine = null; // the stored analysis: the engine's best move and evaluation of each position
  const bar = h('div.eval-bar', { 'data-testid': 'eval-bar', hidden: true, role: 'img' }, h('div.eval-fill'));
  const show = (p) => {
    ply = p;
    const pos = positions[p];
    if (!pos) return;
    // A repetition ruling is drawn on the final position; the engine's best move as an arrow.
    const best = bestArrow(engine, p);
    board.set({ fen: pos.fen, lastMove: pos.lastMove, check: pos.check, movable: null,
      arrows: [...(p === positions.length - 1 ? arrows : []), ...(best ? [best] : [])] });
    drawBar(bar, engine, p);
    boardWrap.dataset.ply = String(p);
    list.update(texts, p, false, notes);
    analysis?.setPly(p);
  };
  let texts = [];
  let notes = null;
  let analysis = null;
  const list = createMoveList({ onSelect: show });
  const info = h('div.panel', { 'data-testid': 'replay-info' }, '…');
  const pgn = h('a', { 'data-testid': 'pgn', download: `chuhe-${id}.pgn`, href: api.pgnUrl(id, getNotation()) }, t('replay.pgn'));
  let record = null;
  // The analysis board with this game as its main line, at the move shown.
  const analyse = h('button', {
    type: 'button', 'data-testid': 'analyse-here', 'data-i18n': 'study.analyse', text: t('study.analyse'),
    on: { click: () => { if (record) app.go(analysisHash(record.start_fen, record.moves, ply)); } },
  });
  const analysisSlot = h('div');
  root.appendChild(h('div.table-view', { 'data-testid': 'replay' },
    h('div.board-col', {}, h('div.board-with-bar', {}, bar, boardWrap), analysisSlot),
    h('div.side-col', {}, info, list.node, h('div.panel', {}, pgn, ' ', analyse))));
  api.game(id).then(({ game }) => {
    record = game;
    positions = replay(game.start_fen, game.moves);
    arrows = evidenceArrows(game.evidence, parseSquare);
    texts = describeGame(positions, game.moves);
    const flipped = app.user && game.black?.id === app.user.id;
    board.set({ orientation: flipped ? 'black' : 'red' });
    const rating = (c) => (game.ratings?.[c] ? ` ${Math.round(game.ratings[c].before)} → ${Math.round(game.ratings[c].after)}` : '');
    const player = (c) => h('div', { 'data-testid': `replay-${c}` },
      h(`span.dot.${c}`), ` ${t(`color.${c}`)} `, h('b', { text: displayName(game[c]) }), rating(c));
    const meta = (label, value, testid) => [h('dt', { text: t(label) }), h('dd', { 'data-testid': testid, text: value })];
    info.replaceChildren(
      h('h1', { text: `${t('replay.title')} · ${t('game.numbered', { n: game.id })}` }),
      player('red'),
      player('black'),
      h('dl.replay-meta', {},
        meta('profile.result', `${t(`result.${game.result}`)}${game.reason ? ` · ${t(`reason.${game.reason}`)}` : ''}`, 'replay-result'),
        meta('replay.length', t('replay.plies', { n: game.plies }), 'replay-plies'),
        meta('table.control', describeControl(game.control, t), 'replay-control'),
        ...(game.handicap ? meta('hc.title', handicapText(game.handicap), 'replay-handicap') : []),
        meta('profile.date', formatDate(game.started_at), 'replay-date'),
        meta('profile.rated', game.rated ? t('profile.ratedYes') : t('profile.ratedNo'), 'replay-rated')),
      ...(game.evidence ? [h('div.ruling', { 'data-testid': 'replay-ruling', text: evidenceText(game.evidence, getLang()) })] : []));
    // A finished game opens at its final position (where the result was decided).
    show(game.status === 'playing' ? 0 : positions.length - 1);
    if (game.status !== 'playing') {
      analysis = createAnalysisPanel(id, {
        app,
        onPly: show,
        onResult: (r) => { notes = moveNotes(r); engine = r; show(ply); },
      });
      analysisSlot.replaceChildren(analysis.node);
    }
  }).catch((e) => {
    // A missing game is a page that says so, not an empty board.
    if (e?.code === 'not_found') {
      root.replaceChildren(h('div.panel.missing', { 'data-testid': 'replay-missing' },
        h('h1', { text: t('replay.missing', { n: id }) }),
        h('p', {}, h('a', { href: '#/', text: t('replay.missingBack') }))));
    } else info.replaceChildren(h('p.error', { text: errorText(e) }));
  });
  const notationSel = list.node.querySelector('select');
  notationSel.addEventListener('change', () => { pgn.href = api.pgnUrl(id, notationSel.value); analysis?.setPly(ply); });
  return { unmount() { list.destroy(); board.destroy(); analysis?.destroy(); } };
}
