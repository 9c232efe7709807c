// Replay a finished (or running) game step by step, and download its PGN.

import { api } from '../net/http.js';
import { t } from '../i18n.js';
import { h, errorText } from '../ui.js';
import { createBoard } from '../board/board.js';
import { replay } from '../rules.js';
import { describeGame } from '../notation.js';
import { createMoveList, getNotation } from './movelist.js';

export function mount(root, app, [idText]) {
  const id = Number(idText);
  const boardWrap = h('div.board-wrap', { 'data-testid': 'board' });
  const board = createBoard(boardWrap, {});
  let positions = [];
  let ply = 0;
  const show = (p) => {
    ply = p;
    const pos = positions[p];
    if (!pos) return;
    board.set({ fen: pos.fen, lastMove: pos.lastMove, check: pos.check, movable: null });
    boardWrap.dataset.ply = String(p);
    list.update(texts, p, false);
  };
  let texts = [];
  const list = createMoveList({ onSelect: show });
  const info = h('div.panel', { 'data-testid': 'replay-info' }, '…');
  const pgn = h('a', { 'data-testid': 'pgn', download: `chuhe-${id}.pgn`, href: api.pgnUrl(id, getNotation()) }, t('replay.pgn'));
  root.appendChild(h('div.table-view', { 'data-testid': 'replay' },
    h('div.board-col', {}, boardWrap),
    h('div.side-col', {}, info, list.node, h('div.panel', {}, pgn))));
  api.game(id).then(({ game }) => {
    positions = replay(game.start_fen, game.moves);
    texts = describeGame(positions, game.moves);
    const flipped = app.user && game.black?.id === app.user.id;
    board.set({ orientation: flipped ? 'black' : 'red' });
    const rating = (c) => (game.ratings?.[c] ? ` ${Math.round(game.ratings[c].before)}→${Math.round(game.ratings[c].after)}` : '');
    info.replaceChildren(
      h('h2', { text: `${t('replay.title')} #${game.id}` }),
      h('div', {}, h('span.dot.red'), ` ${game.red.name}${rating('red')}`),
      h('div', {}, h('span.dot.black'), ` ${game.black.name}${rating('black')}`),
      h('div', { 'data-testid': 'replay-result' },
        `${t(`result.${game.result}`)}${game.reason ? ` · ${t(`reason.${game.reason}`)}` : ''} · ${game.plies}`));
    show(0);
  }).catch((e) => info.replaceChildren(h('p.error', { text: errorText(e) })));
  const notationSel = list.node.querySelector('select');
  notationSel.addEventListener('change', () => { pgn.href = api.pgnUrl(id, notationSel.value); });
  return { unmount() { list.destroy(); board.destroy(); } };
}
