// A table: the composition of its views — player bars and spectators (players.js), the board,
// the move list, the head of the side panel (header.js), notices and controls (controls.js
// decides, controlsview.js draws), wager and betting panels (wager.js, betting.js), and chat
// (chat.js). State comes from table_state and numbered events (tablestate.js); the board
// shows the live position or, while navigating the move list, a past one.

import { t, translate, getLang } from '../../i18n.js';
import { h, toast, errorText, confirmDialog } from '../../ui.js';
import { showSanction } from '../account/sanction.js';
import { createBoard } from '../../board/board.js';
import { parseMove, parseSquare, squareName, fenTurn, otherColor, START_FEN } from '../../board/geometry.js';
import { evidenceArrows } from '../../evidence.js';
import { warnDests, warningOf, warningLines, moveWords } from '../../repetition.js';
import { initTable, applyEvent, seatOf, destsFrom } from '../../tablestate.js';
import { replay } from '../../rules.js';
import { describeGame } from '../../notation.js';
import { createTicker } from '../../clock.js';
import { createMoveList, getNotation } from '../records/movelist.js';
import { timeControlDialog, endDialog } from './dialogs.js';
import { handicapDialog } from './handicapdialog.js';
import { createWagerPanel } from './wager.js';
import { createBetPanel } from './betting.js';
import { coinGate } from '../lobby/gate.js';
import { controlsFor, isLive, toldOf, rematchOf } from './controls.js';
import { conductLine } from './conduct.js';
import { createControlsView } from './controlsview.js';
import { createPlayers } from './players.js';
import { createHeader } from './header.js';
import { eventOf } from '../../eventtable.js';
import { createChat } from './chat.js';
import { moveSound, turnAlert } from '../../notify.js';
import { getSetting } from '../../settings.js';
import { createMoveEntry } from './moveentry.js';
import { createPremove } from './premove.js';

/** Whether the last of `positions` came by a capture, and whether it gives check. */
function lastMoveKind(positions) {
  const pieces = (p) => (p ? p.fen.split(' ')[0].replace(/[^a-zA-Z]/g, '').length : 0);
  const [before, after] = positions.slice(-2);
  return { capture: !!before && pieces(after) < pieces(before), check: after?.check != null };
}

export function mount(root, app, [idText]) {
  const tableId = Number(idText);
  let st = null;
  let positions = [];
  let texts = [];
  let viewPly = null; // null = live
  let orientation = null; // null = follow my seat
  let endBox = null;
  let endShownFor = null;
  let conduct = null; // the conduct_notice of this table's last game, for its game-over box
  let hint = null; // { ply, move: [from, to] } from the computer, shown until the next move
  let hintPending = false;
  const aiSettings = JSON.parse(sessionStorage.getItem(`chuhe.ai.${tableId}`) || 'null');

  const boardWrap = h('div.board-wrap', { 'data-testid': 'board' });
  const repWarnings = h('div.rep-warnings', { 'data-testid': 'repetition-warnings' });
  // The last move, said to screen readers (the board itself is a picture).
  const said = h('div.sr-only', { 'aria-live': 'polite', 'data-testid': 'board-live' });
  const board = createBoard(boardWrap, { onMove: (from, to) => sendMove(from, to) });
  const premove = createPremove();
  const moveEntry = createMoveEntry({ onMove: (mv) => { const [from, to] = parseMove(mv); sendMove(from, to); } });
  const players = createPlayers();
  const header = createHeader(tableId);
  const controls = createControlsView({ onControl: (c) => runControl(c) });
  const moveList = createMoveList({ onSelect: (ply) => { viewPly = ply >= positions.length - 1 ? null : ply; drawBoard(); drawMoves(); } });
  const chat = createChat({ onSend: (text) => send({ t: 'chat', text }) });
  const gate = h('div', { 'data-testid': 'coin-gate-box' });
  const balance = () => (Number.isFinite(app.user?.coins) ? app.user.coins : null);
  const wagerPanel = createWagerPanel({ tableId, send: (m) => send(m), balance });
  const betPanel = createBetPanel({ send: (m) => send(m), balance, taxPermille: () => st?.wager?.tax_rate_permille ?? 50 });

  root.appendChild(h('div.table-view', { 'data-testid': 'table-view', 'data-table': tableId },
    h('div.board-col', {}, players.top, boardWrap, said, moveEntry.node, repWarnings, players.bottom),
    h('div.side-col', {},
      h('div.panel', {}, ...header.nodes, gate, controls.notices, controls.controls),
      wagerPanel.node,
      betPanel.node,
      moveList.node,
      players.spectators,
      chat.node)));

  const me = () => app.user?.id;
  const mySeat = () => (st ? seatOf(st, me()) : null);
  const game = () => st?.game || null;
  /** The event this table plays for (eventtable.js), or null for a room's table. */
  const event = () => (st ? eventOf(tableId, st.room || st.summary?.room) : null);
  const live = () => isLive(st);
  /** The colour at the bottom of the board: the viewer's choice, else their seat (red for spectators). */
  const bottomColor = () => orientation || (mySeat() === 'black' && getSetting('orientation') !== 'red' ? 'black' : 'red');
  const send = (msg) => app.socket.send({ table: tableId, ...msg }).catch((e) => {
    if (e.until) showSanction(e.code, e.until, e.message);
    else toast(errorText(e));
    throw e;
  });
  const quiet = (p) => p.catch(() => {});

  function recompute() {
    const g = game();
    if (!g) { positions = []; texts = []; return; }
    try {
      positions = replay(g.start_fen, g.moves);
      texts = describeGame(positions, g.moves);
    } catch (e) {
      console.warn('cannot replay moves', e);
      positions = [];
      texts = g.moves.map((mv) => ({ chinese: mv, wxf: mv, iccs: mv }));
    }
  }

  async function sendMove(from, to) {
    const mv = squareName(from) + squareName(to);
    if (game()?.turn !== mySeat()) { premove.set(from, to); drawBoard(true); return; }
    board.set({ movable: null });
    // A move that loses by repetition at a table that plays it: asked first (issue 21).
    const w = warningOf(game()?.warnings, mv);
    if (w?.kind === 'loses' && st?.rules?.repetition !== 'refuse'
      && !await confirmDialog(t('rep.confirm', { reason: t(`reason.${w.reason}`) }), 'repetition-confirm')) {
      drawBoard(true);
      return;
    }
    if (getSetting('confirm') && !await confirmDialog(t('set.confirmMove', { mv: moveWords(positions.at(-1)?.pieces, mv, getLang()) }), 'move-confirm')) { drawBoard(true); return; }
    quiet(send({ t: 'move', mv, lag: app.socket.lag }).catch(() => drawBoard(true)));
  }

  /** The warning lines under the board for the player on move (`on`), else none. */
  function drawWarnings(g, on) {
    const pieces = positions.at(-1)?.pieces;
    const lines = on ? warningLines(g.warnings, st.rules?.repetition, t, (mv) => moveWords(pieces, mv, getLang())) : [];
    repWarnings.replaceChildren(...lines.map((l) => h(`div.rep-warning.rep-${l.kind}`,
      { 'data-testid': 'repetition-warning', 'data-mv': l.mv, 'data-kind': l.kind, text: l.text })));
  }

  function drawBoard(force = false) {
    const g = game();
    const seat = mySeat();
    const o = bottomColor();
    if (!g || !positions.length) {
      drawWarnings(g, false);
      board.set({ orientation: o, movable: null, dests: new Map(), warn: new Map(), lastMove: null, check: null, fen: g?.fen || START_FEN });
      boardWrap.dataset.ply = '0';
      return;
    }
    const ply = viewPly ?? positions.length - 1;
    const pos = positions[ply];
    const isLiveView = viewPly === null;
    const canMove = isLiveView && live() && seat === g.turn && !g.clock?.paused;
    const showHint = isLiveView && live() && hint && hint.ply === g.moves.length;
    drawWarnings(g, canMove);
    // A premove (settings.js) is picked while the opponent thinks and sent when the turn comes.
    const pre = !canMove && isLiveView && live() && seat && !g.clock?.paused ? premove.dests(g.fen, seat) : null;
    const due = canMove ? premove.take(g.legal) : null;
    if (!live()) premove.clear();
    moveEntry.update(canMove ? { fen: g.fen, legal: g.legal } : null);
    board.set({
      hint: showHint ? hint.move : premove.shown(),
      force,
      orientation: o,
      fen: isLiveView ? g.fen : pos.fen,
      lastMove: pos.lastMove,
      check: pos.check,
      dests: canMove ? destsFrom(g.legal, parseMove) : pre || new Map(),
      warn: canMove ? warnDests(g.warnings, parseMove) : new Map(),
      movable: canMove || pre ? seat : null,
      // A repetition ruling is drawn on the final position.
      arrows: isLiveView && g.end && g.evidence ? evidenceArrows(g.evidence, parseSquare) : [],
    });
    boardWrap.dataset.ply = String(g.moves.length);
    boardWrap.dataset.turn = g.turn;
    boardWrap.dataset.fen = g.fen;
    boardWrap.dataset.orientation = o;
    boardWrap.dataset.premove = premove.shown() ? 'queued' : '';
    if (due) { board.set({ movable: null }); quiet(send({ t: 'move', mv: due, lag: app.socket.lag }).catch(() => drawBoard(true))); }
  }

  function drawMoves() {
    const g = game();
    const startBlack = !!g && fenTurn(g.start_fen) === 'black';
    moveList.update(texts, viewPly ?? texts.length, startBlack);
    const last = texts.at(-1);
    const text = last ? t('board.lastMove', { n: texts.length, mv: last[getNotation()] || last.iccs }) : '';
    if (said.textContent !== text) said.textContent = text;
  }

  const ticker = createTicker(() => { if (st) players.tick(st); });

  function drawSide() {
    const seat = mySeat();
    header.update(st, seat, positions.at(-1)?.check != null);
    controls.update(controlsFor(st, seat, { hintPending, hintPly: hint?.ply, event: !!event() }));
  }

  /** What the controls without a protocol command of their own do. */
  const actions = {
    'sit-red': () => sit('red'),
    'sit-black': () => sit('black'),
    'set-control': async () => {
      const tc = await timeControlDialog(st.control, st.first_move_secs ?? null);
      if (tc) quiet(send({ t: 'propose', control: tc }));
    },
    'set-handicap': async () => {
      const hc = await handicapDialog(mySeat());
      if (hc) quiet(send({ t: 'handicap_propose', ...hc }));
    },
    hint: () => askHint(),
    'rematch-ai': () => rematch(),
    flip: () => { orientation = otherColor(bottomColor()); drawAll(); },
    leave: () => leave(),
  };

  /** Runs a control of controlsFor(): asks first where it says so, then sends its command or acts. */
  async function runControl(c) {
    if (c.confirm && !await confirmDialog(t('game.resignConfirm'), c.confirm)) return;
    if (c.msg) quiet(send(c.msg));
    else actions[c.id]?.();
  }

  function sit(color) {
    gate.replaceChildren();
    app.socket.send({ table: tableId, t: 'sit', color }).catch(async (e) => {
      if (e.code === 'not_enough_coins') gate.replaceChildren(await coinGate({ roomId: st?.room || st?.summary?.room, tableId, coins: balance() }));
      else toast(errorText(e));
    });
  }

  function drawAll() {
    if (!st) return;
    const seat = mySeat();
    players.update(st, seat, bottomColor());
    drawBoard();
    drawMoves();
    drawSide();
    chat.update(st.chat);
    players.tick(st);
    // An event's game is no place for a private wager.
    wagerPanel.node.hidden = !!event();
    if (!event()) wagerPanel.update(st, seat);
    betPanel.update(st, seat);
    if (live()) ticker.start(); else ticker.stop();
    turnAlert(live() && !!seat && game()?.turn === seat);
  }

  function showEnd() {
    const g = game();
    if (!g?.end) return;
    if (endShownFor !== g.game_id) {
      endShownFor = g.game_id;
      endBox?.close();
      const ev = event();
      endBox = endDialog({
        onRematch: mySeat() && !ev ? rematch : null,
        onReplay: () => app.go(`#/game/${g.game_id}`),
        onEvent: ev ? () => app.go(ev.href) : null,
        seat: mySeat(),
      });
      if (st.settlement && st.settlement.game_id === g.game_id) wagerPanel.settled(st.settlement, endBox);
      if (conduct?.game_id === g.game_id) endBox.add(conductLine(conduct));
    }
    endBox?.update(g);
  }

  function askHint() {
    hintPending = true;
    drawSide();
    send({ t: 'hint' }).catch(() => {}).finally(() => { hintPending = false; if (st) drawSide(); });
  }

  /** The room refused us at the door (`join` answered `not_enough_coins`): say why, instead of the table. */
  async function refused() {
    app.socket.unwatchTable(tableId, false);
    left = true;
    const notice = await coinGate({ tableId, coins: balance(), what: 'room' });
    root.replaceChildren(h('div.panel.gate-page', { 'data-testid': 'table-refused', 'data-table': tableId }, notice));
  }

  /** A wager settled: inside the game-over box of its game, else in a box of its own. */
  function showSettlement(e) {
    const g = game();
    const forThis = !!g && !!e.game_id && e.game_id === g.game_id;
    if (forThis && !g.end) return; // game_ended follows; showEnd adds it
    if (forThis && endBox?.isOpen() && endShownFor === g.game_id) wagerPanel.settled(e, endBox);
    else wagerPanel.settled(e);
  }

  async function rematch() {
    const g = game();
    if (g?.ai_level) {
      const seat = mySeat() || aiSettings?.color || 'red';
      const rated = aiSettings?.rated ? `&rated=1&control=${aiSettings.control}` : '';
      app.go(`#/ai?level=${g.ai_level}&color=${seat}${rated}&go=1`);
      return;
    }
    if (mySeat()) quiet(send({ t: 'ready', ready: true }));
  }

  async function leave() {
    if (live() && mySeat()) {
      if (!await confirmDialog(t('game.resignConfirm'), 'leave-confirm')) return;
    }
    app.socket.unwatchTable(tableId, true);
    left = true;
    app.go('#/');
  }
  let left = false;

  /** The whole table (on joining, and after a gap or a reconnect the server could not fill). */
  function onTableState(msg) {
    st = initTable(msg.state, performance.now());
    if (st.game?.end) endShownFor = st.game.game_id; // already over before we came: no pop-up
    viewPly = null;
    recompute();
    drawAll();
  }

  /** One numbered event (in order: socket.js asks again on a gap). */
  function onEvent(msg) {
    if (!st) return;
    const e = msg.e;
    const told = toldOf(e, mySeat(), rematchOf(st, mySeat()) === 'waiting');
    applyEvent(st, e, performance.now());
    if (told) toast(t(told));
    // The other player asks to play again: the game-over box gives way to the question.
    if (e.type === 'ready' && rematchOf(st, mySeat()) === 'asked') endBox?.close();
    if (['game_started', 'moved', 'undone'].includes(e.type)) {
      hint = null;
      if (e.type === 'game_started') { endBox?.close(); viewPly = null; }
      recompute();
      if (e.type === 'moved') moveSound(lastMoveKind(positions));
    }
    if (e.type === 'chat') { chat.update(st.chat); return; }
    drawAll();
    if (e.type === 'game_ended' || e.type === 'rated') showEnd();
    if (e.type === 'wager_settled') showSettlement(e);
  }

  /** The answer to `hint`, while the position it was asked for is still on the board. */
  function onHint(msg) {
    if (!st) return;
    const move = parseMove(msg.mv);
    if (move && msg.ply === game()?.moves.length) {
      hint = { ply: msg.ply, move };
      drawBoard();
      drawSide();
    }
  }

  /** One's own bet, and after the game its payout (also added to the game-over box). */
  function onMyBet(msg) {
    betPanel.myBet(msg);
    const g = game();
    if (msg.payout !== null && msg.payout !== undefined && g?.game_id === msg.game_id && endBox?.isOpen()) endBox.add(betPanel.payoutLine(msg));
  }

  /** An error about this table that answers no command of ours (those reject their promise). */
  function onError(msg) {
    if (msg.code === 'not_enough_coins' && !st) refused();
    else if (msg.code) toast(errorText(msg));
  }

  const handlers = { table_state: onTableState, ev: onEvent, hint: onHint, my_bet: onMyBet, error: onError };
  // Every one of these names its table: another table's are not ours.
  const offs = Object.entries(handlers).map(([type, handle]) => app.socket.on(type, (msg) => {
    if (msg.table === tableId) handle(msg);
  }));
  // One's behaviour score lowered by this table's game: said in its game-over box too.
  offs.push(app.socket.on('conduct_notice', (msg) => {
    const g = game();
    if (!g || msg.game_id !== g.game_id) return;
    conduct = msg;
    if (endBox?.isOpen() && endShownFor === g.game_id) endBox.add(conductLine(msg));
  }));
  app.socket.watchTable(tableId);

  return {
    /** A language switch redraws every text in place: the state, chat and panels stay. */
    relang() {
      translate(root);
      drawAll();
      if (endBox?.isOpen()) { endShownFor = null; showEnd(); }
    },
    unmount() {
      for (const off of offs) off();
      ticker.stop();
      turnAlert(false);
      moveList.destroy();
      board.destroy();
      endBox?.close();
      // Leaving a game in progress loses it, so a player only stops listening here. Logging out
      // closes the socket first (app.socket is null): nothing to leave then.
      if (!left) app.socket?.unwatchTable(tableId, !(live() && mySeat()));
    },
  };
}
