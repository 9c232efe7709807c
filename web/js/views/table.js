// A table: seats, ready, time control, the board with clocks, move list, game actions, spectators
// and chat. State comes from table_state and numbered events (tablestate.js); the board shows the
// live position or, while navigating the move list, a past one.

import { t } from '../i18n.js';
import { h, toast, errorText, confirmDialog, userLine } from '../ui.js';
import { createBoard } from '../board/board.js';
import { parseMove } from '../board/geometry.js';
import { initTable, applyEvent, seatOf, destsFrom } from '../tablestate.js';
import { replay } from '../rules.js';
import { describeGame } from '../notation.js';
import { clockView, formatMs, createTicker, describeControl } from '../clock.js';
import { createMoveList } from './movelist.js';
import { timeControlDialog, endDialog } from './dialogs.js';
import { createWagerPanel } from './wager.js';
import { createBetPanel } from './betting.js';
import { coinGate } from './gate.js';

const other = (c) => (c === 'red' ? 'black' : 'red');

export function mount(root, app, [idText]) {
  const tableId = Number(idText);
  let st = null;
  let positions = [];
  let texts = [];
  let viewPly = null; // null = live
  let orientation = null; // null = follow my seat
  let endBox = null;
  let endShownFor = null;
  let hint = null; // { ply, move: [from, to] } from the computer, shown until the next move
  let hintPending = false;
  const aiSettings = JSON.parse(sessionStorage.getItem(`chuhe.ai.${tableId}`) || 'null');

  const boardWrap = h('div.board-wrap', { 'data-testid': 'board' });
  const board = createBoard(boardWrap, { onMove: (from, to) => sendMove(from, to) });
  const topBar = h('div.player-bar', { 'data-testid': 'bar-top' });
  const bottomBar = h('div.player-bar', { 'data-testid': 'bar-bottom' });
  const status = h('div.muted', { 'data-testid': 'status' });
  const notices = h('div.notices');
  const controls = h('div.controls', { 'data-testid': 'controls' });
  const moveList = createMoveList({ onSelect: (ply) => { viewPly = ply >= positions.length - 1 ? null : ply; drawBoard(); drawMoves(); } });
  const specs = h('div.spectators', { 'data-testid': 'spectators' });
  const chatLog = h('div.chat-log', { 'data-testid': 'chat-log' });
  const chatInput = h('input', { maxlength: 140, 'data-testid': 'chat-input', 'data-i18n-ph': 'table.chat', placeholder: t('table.chat') });
  const chatForm = h('form.chat-form', { on: { submit: (e) => { e.preventDefault(); sendChat(); } } },
    chatInput, h('button', { type: 'submit', 'data-testid': 'chat-send' }, t('table.send')));
  const title = h('h2');
  const gate = h('div', { 'data-testid': 'coin-gate-box' });
  const balance = () => (Number.isFinite(app.user?.coins) ? app.user.coins : null);
  const wagerPanel = createWagerPanel({ tableId, send: (m) => send(m), balance });
  const betPanel = createBetPanel({ send: (m) => send(m), balance, taxPermille: () => st?.wager?.tax_rate_permille ?? 50 });

  root.appendChild(h('div.table-view', { 'data-testid': 'table-view', 'data-table': tableId },
    h('div.board-col', {}, topBar, boardWrap, bottomBar),
    h('div.side-col', {},
      h('div.panel', {}, title, status, h('div.muted', { 'data-testid': 'control-text' }), gate, notices, controls),
      wagerPanel.node,
      betPanel.node,
      moveList.node,
      h('div.panel', {}, h('b', { text: t('table.spectators') }), specs),
      h('div.panel', {}, h('b', { text: t('table.chat') }), chatLog, chatForm))));

  const me = () => app.user?.id;
  const mySeat = () => (st ? seatOf(st, me()) : null);
  const game = () => st?.game || null;
  const live = () => { const g = game(); return !!g && !g.end; };
  const send = (msg) => app.socket.send({ table: tableId, ...msg }).catch((e) => { toast(errorText(e)); throw e; });
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

  function sendMove(from, to) {
    const sq = (s) => String.fromCharCode(97 + (s % 9)) + Math.floor(s / 9);
    const mv = sq(from) + sq(to);
    board.set({ movable: null });
    quiet(send({ t: 'move', mv, lag: app.socket.lag }).catch(() => drawBoard(true)));
  }
  function sendChat() {
    const text = chatInput.value.trim();
    if (!text) return;
    quiet(send({ t: 'chat', text }).then(() => { chatInput.value = ''; }));
  }

  function drawBoard(force = false) {
    const g = game();
    const seat = mySeat();
    const o = orientation || (seat === 'black' ? 'black' : 'red');
    if (!g || !positions.length) {
      board.set({ orientation: o, movable: null, dests: new Map(), lastMove: null, check: null, fen: g?.fen || 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w' });
      boardWrap.dataset.ply = '0';
      return;
    }
    const ply = viewPly ?? positions.length - 1;
    const pos = positions[ply];
    const isLive = viewPly === null;
    const canMove = isLive && live() && seat === g.turn && !g.clock?.paused;
    const showHint = isLive && live() && hint && hint.ply === g.moves.length;
    board.set({
      hint: showHint ? hint.move : null,
      force,
      orientation: o,
      fen: isLive ? g.fen : pos.fen,
      lastMove: pos.lastMove,
      check: pos.check,
      dests: canMove ? destsFrom(g.legal, parseMove) : new Map(),
      movable: canMove ? seat : null,
    });
    boardWrap.dataset.ply = String(g.moves.length);
    boardWrap.dataset.turn = g.turn;
    boardWrap.dataset.fen = g.fen;
    boardWrap.dataset.orientation = o;
  }

  function drawMoves() {
    const g = game();
    const startBlack = !!g && String(g.start_fen).split(/\s+/)[1] === 'b';
    moveList.update(texts, viewPly ?? texts.length, startBlack);
  }

  function playerBar(bar, color) {
    const seat = st.summary.seats[color];
    const g = game();
    const user = g ? g[color] : seat?.user;
    bar.dataset.color = color;
    bar.classList.toggle('on-move', !!g && !g.end && g.turn === color);
    const badges = [];
    if (seat?.ready && !live()) badges.push(`✓ ${t('table.isReady')}`);
    if (seat?.away) badges.push(`⚠ ${t('table.away')}`);
    if (g?.ai_level && user && seatOf(st, me()) !== color) badges.push(`${t('ai.computer')} ${t('ai.level')} ${g.ai_level}`);
    bar.replaceChildren(
      h(`span.dot.${color}`),
      h('div.info', {}, user ? userLine(user) : h('span.muted', { text: t('lobby.empty') }),
        h('span.badges', { 'data-testid': `badges-${color}` }, `${t(`color.${color}`)} ${badges.join(' · ')}`)),
      h('div.clock', { 'data-testid': `clock-${color}` }));
  }

  function drawClocks() {
    const g = game();
    for (const bar of [topBar, bottomBar]) {
      const node = bar.querySelector('.clock');
      if (!node) continue;
      const color = bar.dataset.color;
      if (!g?.clock) { node.replaceChildren(); continue; }
      const v = clockView(g.clock, color, performance.now() - (g.clockAt || 0), st.control);
      if (!v) continue;
      node.className = `clock${v.running ? ' running' : ''}${v.low && v.running ? ' low' : ''}`;
      let main;
      const subs = [];
      if (v.untimed) {
        main = t('clock.untimed');
      } else if (v.inByoyomi) {
        main = formatMs(v.period);
        subs.push(`${t('clock.byoyomi')}${v.periodsLeft > 1 ? ` ×${v.periodsLeft}` : ''}`);
      } else {
        main = v.game !== null ? formatMs(v.game) : formatMs(v.move);
        if (v.move !== null && v.game !== null) subs.push(`${t('clock.perMove')} ${formatMs(v.move)}`);
        if (st.control?.byoyomi) subs.push(`${t('clock.byoyomi')} ${formatMs(st.control.byoyomi.period, false)}${v.periodsLeft > 1 ? ` ×${v.periodsLeft}` : ''}`);
        if (v.movesToStageEnd) subs.push(t('clock.stageMoves', { n: v.movesToStageEnd }));
      }
      node.replaceChildren(h('div.main', { text: main }), ...(subs.length ? [h('div.sub', { text: subs.join(' · ') })] : []));
    }
  }
  const ticker = createTicker(drawClocks);

  function button(label, testid, onClick, enabled = true, primary = false) {
    return h(`button${primary ? '.primary' : ''}`, { type: 'button', 'data-testid': testid, disabled: !enabled, on: { click: onClick } }, label);
  }

  function drawSide() {
    const g = game();
    const seat = mySeat();
    title.textContent = `${t('lobby.table')} ${tableId}`;
    status.textContent = t(`status.${st.summary.status}`)
      + (live() ? ` · ${seat ? (seat === g.turn ? t('game.yourTurn') : t('game.theirTurn')) : t(`color.${g.turn}`)}` : '')
      + (live() && positions.at(-1)?.check != null ? ` · ${t('game.check')}` : '');
    root.querySelector('[data-testid=control-text]').textContent = `${t('table.control')}: ${describeControl(st.control, t)}`;

    const ns = [];
    if (st.proposal) {
      const mine = st.proposal.by === seat;
      ns.push(h('div.notice', { 'data-testid': 'proposal' },
        t('table.proposal', { who: t(`color.${st.proposal.by}`), tc: describeControl(st.proposal.control, t) }),
        seat && !mine ? button(t('table.accept'), 'proposal-accept', () => quiet(send({ t: 'accept_control' })), true, true) : null,
        seat ? button(mine ? t('table.withdraw') : t('table.decline'), 'proposal-decline', () => quiet(send({ t: 'decline_control' }))) : null));
    }
    if (live() && g.draw_offer) {
      const theirs = seat && g.draw_offer !== seat;
      ns.push(h('div.notice', { 'data-testid': 'draw-offer' }, t('game.drawOffered', { who: t(`color.${g.draw_offer}`) }),
        theirs ? button(t('table.accept'), 'draw-accept', () => quiet(send({ t: 'draw_accept' })), true, true) : null,
        theirs ? button(t('table.decline'), 'draw-decline', () => quiet(send({ t: 'draw_decline' }))) : null));
    }
    if (live() && g.undo_request) {
      const theirs = seat && g.undo_request.by !== seat;
      ns.push(h('div.notice', { 'data-testid': 'undo-request' }, t('game.undoRequested', { who: t(`color.${g.undo_request.by}`) }),
        theirs ? button(t('table.accept'), 'undo-accept', () => quiet(send({ t: 'undo_accept' })), true, true) : null,
        theirs ? button(t('table.decline'), 'undo-decline', () => quiet(send({ t: 'undo_decline' }))) : null));
    }
    if (g?.end && !live()) {
      const end = g.end;
      ns.push(h('div.notice', { 'data-testid': 'result' },
        `${end.kind === 'aborted' ? t('result.aborted') : t(`result.${end.result}`)} · ${end.reason ? t(`reason.${end.reason}`) : ''}`,
        g.game_id ? h('a', { href: `#/game/${g.game_id}` }, t('game.replay')) : null));
    }
    notices.replaceChildren(...ns);

    const cs = [];
    if (live() && seat) {
      const onMove = g.turn === seat;
      cs.push(button(t('game.resign'), 'resign', async () => {
        if (await confirmDialog(t('game.resignConfirm'), 'resign-confirm')) quiet(send({ t: 'resign' }));
      }));
      if (!g.ai_level) cs.push(button(t('game.draw'), 'draw-offer', () => quiet(send({ t: 'draw_offer' })), onMove && !g.draw_offer));
      cs.push(button(t('game.undo'), 'undo', () => quiet(send({ t: 'undo_request' })), g.moves.length > 0 && !g.undo_request));
      if (g.moves.length < 2) cs.push(button(t('game.abort'), 'abort', () => quiet(send({ t: 'abort' }))));
      if (g.ai_level) cs.push(button(t('game.hint'), 'hint', () => askHint(), onMove && !hintPending && hint?.ply !== g.moves.length));
    } else if (!live()) {
      if (!seat) {
        for (const c of ['red', 'black']) {
          if (!st.summary.seats[c]) cs.push(button(t(c === 'red' ? 'table.sitRed' : 'table.sitBlack'), `sit-${c}`, () => sit(c)));
        }
      } else if (!g?.ai_level) {
        const ready = !!st.summary.seats[seat]?.ready;
        cs.push(button(ready ? t('table.unready') : t('table.ready'), 'ready', () => quiet(send({ t: 'ready', ready: !ready })), !st.proposal, !ready));
        cs.push(button(t('table.setControl'), 'set-control', async () => {
          const tc = await timeControlDialog(st.control);
          if (tc) quiet(send({ t: 'propose', control: tc }));
        }));
        cs.push(button(t('table.stand'), 'stand', () => quiet(send({ t: 'stand' }))));
      } else if (aiSettings || g?.ai_level) {
        cs.push(button(t('game.rematch'), 'rematch-ai', () => rematch(), true, true));
      }
    }
    cs.push(button(t('table.flip'), 'flip', () => {
      orientation = (orientation || (seat === 'black' ? 'black' : 'red')) === 'red' ? 'black' : 'red';
      drawAll();
    }));
    cs.push(button(t('table.leave'), 'leave', () => leave()));
    controls.replaceChildren(...cs);

    specs.replaceChildren(h('span.muted', { text: `(${st.summary.spectators}) ` }),
      ...st.spectators.map((u, i) => h('span', { 'data-user': u.id }, `${i ? ', ' : ''}${u.name}`)));
  }

  function sit(color) {
    gate.replaceChildren();
    app.socket.send({ table: tableId, t: 'sit', color }).catch(async (e) => {
      if (e.code === 'not_enough_coins') gate.replaceChildren(await coinGate({ roomId: st?.room || st?.summary?.room, tableId, coins: balance() }));
      else toast(errorText(e));
    });
  }

  function drawChat() {
    chatLog.replaceChildren(...st.chat.map((m) => h('div', {}, h('b', { text: `${m.name}: ` }), m.text)));
    chatLog.scrollTop = chatLog.scrollHeight;
  }

  function drawAll() {
    if (!st) return;
    const seat = mySeat();
    const bottom = orientation || (seat === 'black' ? 'black' : 'red');
    playerBar(topBar, other(bottom));
    playerBar(bottomBar, bottom);
    drawBoard();
    drawMoves();
    drawSide();
    drawChat();
    drawClocks();
    wagerPanel.update(st, seat);
    betPanel.update(st, seat);
    if (live()) ticker.start(); else ticker.stop();
  }

  function showEnd() {
    const g = game();
    if (!g?.end) return;
    if (endShownFor !== g.game_id) {
      endShownFor = g.game_id;
      endBox?.close();
      endBox = endDialog({ onRematch: rematch, onReplay: () => app.go(`#/game/${g.game_id}`) });
      if (st.settlement && st.settlement.game_id === g.game_id) wagerPanel.settled(st.settlement, endBox);
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
      app.go(`#/ai?level=${g.ai_level}&color=${seat}&go=1`);
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

  const off = app.onMessage((msg) => {
    if (msg.table !== tableId) return;
    const now = performance.now();
    if (msg.t === 'table_state') {
      st = initTable(msg.state, now);
      if (st.game?.end) endShownFor = st.game.game_id; // already over before we came: no pop-up
      viewPly = null;
      recompute();
      drawAll();
    } else if (msg.t === 'ev' && st) {
      const e = msg.e;
      applyEvent(st, e, now);
      if (['game_started', 'moved', 'undone'].includes(e.type)) {
        hint = null;
        if (e.type === 'game_started') { endBox?.close(); viewPly = null; }
        recompute();
      }
      if (e.type === 'chat') { drawChat(); return; }
      drawAll();
      if (e.type === 'game_ended' || e.type === 'rated') showEnd();
      if (e.type === 'wager_settled') showSettlement(e);
    } else if (msg.t === 'hint' && st) {
      const move = parseMove(msg.mv);
      if (move && msg.ply === game()?.moves.length) {
        hint = { ply: msg.ply, move };
        drawBoard();
        drawSide();
      }
    } else if (msg.t === 'my_bet') {
      betPanel.myBet(msg);
      const g = game();
      if (msg.payout !== null && msg.payout !== undefined && g?.game_id === msg.game_id && endBox?.isOpen()) endBox.add(betPanel.payoutLine(msg));
    } else if (msg.t === 'error' && msg.code === 'not_enough_coins' && !st) {
      refused();
    } else if (msg.t === 'error' && msg.code) {
      toast(errorText(msg));
    }
  });
  app.socket.watchTable(tableId);

  return {
    unmount() {
      off();
      ticker.stop();
      moveList.destroy();
      board.destroy();
      endBox?.close();
      // Leaving a game in progress loses it, so a player only stops listening here.
      if (!left) app.socket.unwatchTable(tableId, !(live() && mySeat()));
    },
  };
}
