// Applies table events (docs/protocol.md §4) to a TableState. Pure: returns nothing, mutates the
// given state; the caller re-renders. `now` is the local receive time (performance.now()) at which
// any clock in the event is valid.

import { otherColor, fenTurn } from './board/geometry.js';

/** Normalises a freshly received TableState (adds client-side fields). */
export function initTable(state, now) {
  state.chat = state.chat || [];
  state.wager = state.wager || null;
  state.pool = state.pool || null;
  state.handicap = state.handicap || null;
  state.handicap_proposal = state.handicap_proposal || null;
  state.settlement = null; // the last wager_settled event seen live
  state.poolResult = null; // the last pool_settled event seen live
  if (state.game) state.game.clockAt = now;
  return state;
}

export function applyEvent(st, e, now) {
  const seats = st.summary.seats;
  const g = st.game;
  switch (e.type) {
    case 'joined':
      if (!isSeated(st, e.user.id) && !st.spectators.some((u) => u.id === e.user.id)) {
        st.spectators.push(e.user);
        st.summary.spectators += 1;
      }
      break;
    case 'left':
      removeSpectator(st, e.user.id);
      break;
    case 'sat':
      removeSpectator(st, e.user.id);
      seats[e.color] = { user: e.user, ready: false, away: false };
      break;
    case 'stood': {
      const seat = seats[e.color];
      seats[e.color] = null;
      if (seat && !st.spectators.some((u) => u.id === seat.user.id)) {
        st.spectators.push(seat.user);
        st.summary.spectators += 1;
      }
      break;
    }
    case 'ready':
      if (seats[e.color]) seats[e.color].ready = e.ready;
      break;
    case 'control_proposed':
      st.proposal = { by: e.by, control: e.control };
      for (const c of ['red', 'black']) if (seats[c]) seats[c].ready = false;
      break;
    case 'control_declined':
      st.proposal = null;
      break;
    case 'control_set':
      st.control = e.control;
      st.summary.control = e.control;
      st.proposal = null;
      break;
    case 'handicap_proposed':
      st.handicap_proposal = { by: e.by, handicap: e.handicap };
      for (const c of ['red', 'black']) if (seats[c]) seats[c].ready = false;
      break;
    case 'handicap_declined':
      st.handicap_proposal = null;
      break;
    case 'handicap_set':
      st.handicap = e.handicap || null;
      st.handicap_proposal = null;
      st.summary.handicap = e.handicap ? { giver: e.handicap.giver, kind: e.handicap.kind } : null;
      break;
    case 'game_started':
      st.game = { ...e.game, clockAt: now };
      st.summary.status = 'playing';
      st.summary.game_id = e.game.game_id;
      st.settlement = null;
      st.poolResult = null;
      if (st.pool && st.pool.game_id !== e.game.game_id) st.pool = null;
      for (const c of ['red', 'black']) if (seats[c]) seats[c].ready = false;
      break;
    case 'moved':
      if (!g) break;
      g.moves.push(e.mv);
      setPosition(g, e, otherColor(e.color), now);
      if (g.draw_offer && g.draw_offer !== e.color) g.draw_offer = null;
      g.undo_request = null;
      break;
    case 'draw_offered':
      if (g) g.draw_offer = e.by;
      break;
    case 'draw_declined':
      if (g) g.draw_offer = null;
      break;
    case 'undo_requested':
      if (g) g.undo_request = { by: e.by, plies: e.plies };
      break;
    case 'undo_declined':
      if (g) g.undo_request = null;
      break;
    case 'undone':
      if (!g) break;
      g.moves = e.moves;
      setPosition(g, e, fenTurn(e.fen), now);
      g.undo_request = null;
      g.draw_offer = null;
      break;
    case 'disconnected':
      if (seats[e.color]) { seats[e.color].away = true; seats[e.color].deadline = e.deadline; }
      break;
    case 'reconnected':
      if (seats[e.color]) seats[e.color].away = false;
      break;
    case 'chat':
      st.chat.push({ name: e.name, text: e.text, user_id: e.user_id });
      if (st.chat.length > 200) st.chat.shift();
      break;
    case 'game_ended':
      if (g) {
        g.end = e.end;
        g.legal = [];
        g.warnings = [];
        g.draw_offer = null;
        g.undo_request = null;
        g.first_move = null;
        g.evidence = e.evidence ?? null;
        // The clocks as the game ended (a fallen flag reads 0), else the last ones, stopped.
        if (e.clock) g.clock = e.clock;
        else if (g.clock) g.clock = { ...g.clock, running: null };
        g.clockAt = now;
      }
      st.summary.status = 'finished';
      break;
    case 'rated':
      if (g && (!e.game_id || e.game_id === g.game_id)) {
        g.ratings = { red: e.red, black: e.black };
        g.rated = { rated: e.rated, why: e.why || null };
      }
      break;
    case 'berserked':
      // An arena player berserked: their clock now, and they cannot berserk again.
      if (!g) break;
      g.berserked = { ...(g.berserked || {}), [e.color]: true };
      if (e.clock) { g.clock = e.clock; g.clockAt = now; }
      break;
    case 'paused':
      if (g?.first_move) g.first_move = { ...g.first_move, left: firstMoveLeft(g, now) };
      if (g?.clock) { g.clock = { ...g.clock, paused: true, running: null }; g.clockAt = now; }
      break;
    case 'resumed':
      if (g?.clock) { g.clock = { ...g.clock, paused: false, running: g.end ? null : g.turn }; g.clockAt = now; }
      break;
    case 'wager':
      st.wager = e.wager || null;
      break;
    case 'wager_settled':
      st.settlement = e;
      if (st.wager && st.wager.id === e.wager_id) st.wager = null;
      break;
    case 'pool':
      st.pool = e.pool || null;
      break;
    case 'pool_settled':
      st.poolResult = e;
      if (st.pool && st.pool.game_id === e.game_id) st.pool = { ...st.pool, open: false, settled: true };
      break;
    default:
      break; // unknown events are ignored (protocol §1)
  }
}

/** The game's position after a `moved` or `undone` event: ply, FEN, legal moves and repetition warnings, turn and clock. */
function setPosition(g, e, turn, now) {
  g.ply = e.ply;
  // An older `moved` replayed on a resync carries only its move (protocol §5): the newest one,
  // which follows it, brings the position and the clock.
  if (e.fen !== undefined) g.fen = e.fen;
  g.legal = e.legal || [];
  g.warnings = e.warnings || [];
  g.turn = turn;
  if (e.clock !== undefined) {
    g.clock = e.clock;
    g.clockAt = now;
  }
  g.first_move = e.first_move ?? null;
}

/**
 * Milliseconds left at `now` for the first move the first-move rule still awaits
 * (`g.first_move`, counted from when it arrived; frozen while paused), or null when none.
 */
export function firstMoveLeft(g, now) {
  const f = g?.first_move;
  if (!f || g.end) return null;
  const running = !g.clock?.paused;
  return Math.max(0, f.left - (running ? now - (g.clockAt || 0) : 0));
}

function isSeated(st, id) {
  return ['red', 'black'].some((c) => st.summary.seats[c]?.user.id === id);
}

function removeSpectator(st, id) {
  const before = st.spectators.length;
  st.spectators = st.spectators.filter((u) => u.id !== id);
  if (st.spectators.length < before) st.summary.spectators = Math.max(0, st.summary.spectators - 1);
}

/** The colour `userId` plays at this table, or null. */
export function seatOf(st, userId) {
  for (const c of ['red', 'black']) if (st.summary.seats[c]?.user.id === userId) return c;
  return null;
}

/** Legal moves as a Map from-square -> [to-squares] for the board. */
export function destsFrom(legal, parseMove) {
  const m = new Map();
  for (const mv of legal || []) {
    const sq = parseMove(mv);
    if (!sq) continue;
    if (!m.has(sq[0])) m.set(sq[0], []);
    m.get(sq[0]).push(sq[1]);
  }
  return m;
}
