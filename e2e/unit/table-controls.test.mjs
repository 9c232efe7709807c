// Unit tests of controlsFor (web/js/views/table/controls.js): which notices and controls each
// viewer of a table gets, in every game phase, from the state tablestate.js keeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlsFor, isLive } from '../../web/js/views/table/controls.js';
import { initTable, applyEvent } from '../../web/js/tablestate.js';
import { START_FEN, otherColor, fenTurn } from '../../web/js/board/geometry.js';
import { has } from '../../web/js/i18n.js';

const user = (id, name) => ({ id, name, guest: false, rating: 1400, games: 0, provisional: true, title: { zh: '', en: '' } });
const RED = user(1, 'r');
const BLACK = user(2, 'b');
const CONTROL = { kind: 'untimed' };

/** A TableState as tablestate.js keeps it; `game` is merged into a live game at the start. */
function table({ red = RED, black = BLACK, ready = {}, proposal = null, game = null } = {}) {
  const seat = (u, c) => (u ? { user: u, ready: !!ready[c], away: false } : null);
  const g = game && {
    game_id: 9, start_fen: START_FEN, fen: START_FEN, moves: [], ply: 0, turn: 'red', legal: ['h2e2'],
    clock: null, draw_offer: null, undo_request: null, end: null, ai_level: null, red, black, ...game,
  };
  const status = !g ? 'waiting' : g.end ? 'finished' : 'playing';
  return initTable({
    id: 1, room: 'r', control: CONTROL, proposal, spectators: [], game: g,
    summary: { id: 1, room: 'r', status, seats: { red: seat(red, 'red'), black: seat(black, 'black') }, spectators: 0, control: CONTROL, game_id: g?.game_id ?? null },
  }, 0);
}

const ids = (model) => model.buttons.map((c) => c.id);
const byId = (model, id) => model.buttons.find((c) => c.id === id);
const notice = (model, id) => model.notices.find((n) => n.id === id);
const noticeButtons = (model, id) => notice(model, id)?.buttons.map((c) => c.id);

const ENDED = { end: { kind: 'finished', result: '1-0', reason: 'checkmate', plies: 3 }, moves: ['h2e2', 'h9g7', 'e2e6'], ply: 3, legal: [] };
const ABORTED = { end: { kind: 'aborted', result: '*', reason: null, plies: 0 }, legal: [] };
/** Every phase a table passes through, for the seat × phase sweeps. */
const PHASES = {
  waiting: () => table(),
  'waiting, a proposal from red': () => table({ proposal: { by: 'red', control: CONTROL } }),
  'live, no moves': () => table({ game: {} }),
  'live, one move': () => table({ game: { moves: ['h2e2'], ply: 1, turn: 'black' } }),
  'live, two moves': () => table({ game: { moves: ['h2e2', 'h9g7'], ply: 2 } }),
  'live, draw offered by red': () => table({ game: { moves: ['h2e2'], ply: 1, turn: 'black', draw_offer: 'red' } }),
  'live, undo asked by black': () => table({ game: { moves: ['h2e2', 'h9g7'], ply: 2, undo_request: { by: 'black', plies: 1 } } }),
  ended: () => table({ game: ENDED }),
  aborted: () => table({ game: ABORTED }),
  'computer, live': () => table({ game: { ai_level: 3 } }),
  'computer, ended': () => table({ game: { ai_level: 3, ...ENDED } }),
};
const PLAYER_CONTROLS = ['resign', 'draw-offer', 'undo', 'abort', 'hint', 'ready', 'set-control', 'set-handicap', 'drop-handicap', 'stand', 'rematch-ai'];
const ANSWERS = ['proposal-accept', 'proposal-decline', 'handicap-accept', 'handicap-decline', 'draw-accept', 'draw-decline', 'undo-accept', 'undo-decline'];

test('board helpers: the other colour and the side to move of a FEN', () => {
  assert.equal(otherColor('red'), 'black');
  assert.equal(otherColor('black'), 'red');
  assert.equal(fenTurn(START_FEN), 'red');
  assert.equal(fenTurn(START_FEN.replace(' w ', ' b ')), 'black');
});

test('a spectator may sit on the empty seats only', () => {
  assert.deepEqual(ids(controlsFor(table({ red: null, black: null }), null)), ['sit-red', 'sit-black', 'flip', 'leave']);
  assert.deepEqual(ids(controlsFor(table({ black: null }), null)), ['sit-black', 'flip', 'leave']);
  assert.deepEqual(ids(controlsFor(table({ red: null }), null)), ['sit-red', 'flip', 'leave']);
  assert.deepEqual(ids(controlsFor(table(), null)), ['flip', 'leave']);
  const sit = byId(controlsFor(table({ red: null, black: null }), null), 'sit-red');
  assert.equal(sit.label, 'table.sitRed');
  assert.equal(sit.msg, undefined, 'sitting goes through the view (coin gate), not a plain command');
  assert.equal(byId(controlsFor(table({ red: null, black: null }), null), 'sit-black').label, 'table.sitBlack');
});

test('a spectator never gets player controls or answers, in any phase', () => {
  for (const [phase, make] of Object.entries(PHASES)) {
    const model = controlsFor(make(), null);
    for (const id of PLAYER_CONTROLS) assert.ok(!ids(model).includes(id), `${phase}: ${id}`);
    for (const n of model.notices) assert.deepEqual(n.buttons, [], `${phase}: ${n.id} has no buttons for a spectator`);
  }
  // Nor can they sit down while a game is on, even on a seat the game's player left.
  assert.deepEqual(ids(controlsFor(table({ black: null, game: {} }), null)), ['flip', 'leave']);
});

test('every seat in every phase: flip and leave last, labels in the dictionary, enabled flags boolean', () => {
  for (const [phase, make] of Object.entries(PHASES)) {
    for (const seat of ['red', 'black', null]) {
      const model = controlsFor(make(), seat);
      assert.deepEqual(ids(model).slice(-2), ['flip', 'leave'], `${phase}/${seat}`);
      const all = [...model.buttons, ...model.notices.flatMap((n) => n.buttons)];
      for (const c of all) {
        assert.ok(has(c.label), `${phase}/${seat}: ${c.id} label ${c.label}`);
        assert.equal(typeof c.enabled, 'boolean');
        assert.equal(typeof c.primary, 'boolean');
      }
      assert.equal(new Set(all.map((c) => c.id)).size, all.length, `${phase}/${seat}: ids are unique`);
    }
  }
});

test('controlsFor leaves the state as it was', () => {
  for (const make of Object.values(PHASES)) {
    const st = make();
    const before = structuredClone(st);
    for (const seat of ['red', 'black', null]) controlsFor(st, seat, { hintPending: true, hintPly: 0 });
    assert.deepEqual(st, before);
  }
});

test('a player between games: ready, time control, stand', () => {
  for (const seat of ['red', 'black']) {
    const model = controlsFor(table(), seat);
    assert.deepEqual(ids(model), ['ready', 'set-control', 'set-handicap', 'stand', 'flip', 'leave']);
    assert.deepEqual(byId(model, 'ready'), { id: 'ready', label: 'table.ready', enabled: true, primary: true, msg: { t: 'ready', ready: true } });
    assert.deepEqual(byId(model, 'stand').msg, { t: 'stand' });
    assert.equal(byId(model, 'set-control').msg, undefined, 'the time control needs a dialog first');
  }
  const ready = byId(controlsFor(table({ ready: { red: true } }), 'red'), 'ready');
  assert.deepEqual(ready, { id: 'ready', label: 'table.unready', enabled: true, primary: false, msg: { t: 'ready', ready: false } });
  assert.equal(byId(controlsFor(table({ ready: { red: true } }), 'black'), 'ready').label, 'table.ready', 'only one\'s own readiness counts');
  // After a game the same controls come back, and the result is shown.
  for (const end of [ENDED, ABORTED]) {
    const model = controlsFor(table({ game: end }), 'black');
    assert.deepEqual(ids(model), ['ready', 'set-control', 'set-handicap', 'stand', 'flip', 'leave']);
    assert.deepEqual(notice(model, 'result'), { id: 'result', end: end.end, gameId: 9, buttons: [] });
  }
});

test('a time-control proposal: the other player accepts or declines, the proposer withdraws', () => {
  const st = table({ proposal: { by: 'red', control: CONTROL } });
  const theirs = controlsFor(st, 'black');
  assert.deepEqual(noticeButtons(theirs, 'proposal'), ['proposal-accept', 'proposal-decline']);
  const [accept, decline] = notice(theirs, 'proposal').buttons;
  assert.deepEqual(accept, { id: 'proposal-accept', label: 'table.accept', enabled: true, primary: true, msg: { t: 'accept_control' } });
  assert.deepEqual(decline, { id: 'proposal-decline', label: 'table.decline', enabled: true, primary: false, msg: { t: 'decline_control' } });
  assert.equal(notice(theirs, 'proposal').by, 'red');
  assert.deepEqual(notice(theirs, 'proposal').control, CONTROL);
  const mine = controlsFor(st, 'red');
  assert.deepEqual(notice(mine, 'proposal').buttons, [{ id: 'proposal-decline', label: 'table.withdraw', enabled: true, primary: false, msg: { t: 'decline_control' } }]);
  for (const seat of ['red', 'black']) assert.equal(byId(controlsFor(st, seat), 'ready').enabled, false, 'no ready while a proposal is open');
  assert.deepEqual(notice(controlsFor(st, null), 'proposal').buttons, []);
});

test('a player during their game: resign, draw, undo, abort by the move count', () => {
  const start = table({ game: {} });
  const red = controlsFor(start, 'red');
  assert.deepEqual(ids(red), ['resign', 'draw-offer', 'undo', 'abort', 'flip', 'leave']);
  assert.deepEqual(byId(red, 'resign'), { id: 'resign', label: 'game.resign', enabled: true, primary: false, msg: { t: 'resign' }, confirm: 'resign-confirm' });
  assert.equal(byId(red, 'draw-offer').enabled, true, 'the side to move may offer a draw');
  assert.deepEqual(byId(red, 'draw-offer').msg, { t: 'draw_offer' });
  assert.equal(byId(red, 'undo').enabled, false, 'nothing to take back yet');
  assert.deepEqual(byId(red, 'abort').msg, { t: 'abort' });
  assert.equal(byId(controlsFor(start, 'black'), 'draw-offer').enabled, false, 'not on move: no draw offer');

  const one = table({ game: { moves: ['h2e2'], ply: 1, turn: 'black' } });
  const black = controlsFor(one, 'black');
  assert.deepEqual(ids(black), ['resign', 'draw-offer', 'undo', 'abort', 'flip', 'leave']);
  assert.equal(byId(black, 'undo').enabled, true);
  assert.deepEqual(byId(black, 'undo').msg, { t: 'undo_request' });
  assert.equal(byId(controlsFor(one, 'red'), 'draw-offer').enabled, false);

  const two = controlsFor(table({ game: { moves: ['h2e2', 'h9g7'], ply: 2 } }), 'red');
  assert.deepEqual(ids(two), ['resign', 'draw-offer', 'undo', 'flip', 'leave'], 'no abort after two moves');
  assert.equal(two.notices.length, 0);
});

test('a draw offer: the other side answers, the offerer waits', () => {
  const st = table({ game: { moves: ['h2e2'], ply: 1, turn: 'black', draw_offer: 'red' } });
  const black = controlsFor(st, 'black');
  assert.deepEqual(noticeButtons(black, 'draw-offer'), ['draw-accept', 'draw-decline']);
  assert.deepEqual(notice(black, 'draw-offer').buttons.map((c) => [c.msg, c.primary]), [[{ t: 'draw_accept' }, true], [{ t: 'draw_decline' }, false]]);
  assert.equal(byId(black, 'draw-offer').enabled, false, 'no second offer while one is open');
  const red = controlsFor(st, 'red');
  assert.equal(notice(red, 'draw-offer').by, 'red');
  assert.deepEqual(notice(red, 'draw-offer').buttons, []);
  // Once the game is over the offer is no longer shown.
  assert.equal(notice(controlsFor(table({ game: { ...ENDED, draw_offer: 'red' } }), 'black'), 'draw-offer'), undefined);
});

test('an undo request: the other side answers, nobody asks twice', () => {
  const st = table({ game: { moves: ['h2e2', 'h9g7'], ply: 2, undo_request: { by: 'black', plies: 1 } } });
  const red = controlsFor(st, 'red');
  assert.deepEqual(noticeButtons(red, 'undo-request'), ['undo-accept', 'undo-decline']);
  assert.deepEqual(notice(red, 'undo-request').buttons.map((c) => c.msg), [{ t: 'undo_accept' }, { t: 'undo_decline' }]);
  assert.deepEqual(notice(controlsFor(st, 'black'), 'undo-request').buttons, []);
  for (const seat of ['red', 'black']) assert.equal(byId(controlsFor(st, seat), 'undo').enabled, false);
  assert.equal(notice(controlsFor(table({ game: { ...ENDED, undo_request: { by: 'black', plies: 1 } } }), 'red'), 'undo-request'), undefined);
});

test('against the computer: a hint instead of a draw offer, a rematch instead of ready', () => {
  const st = table({ game: { ai_level: 3 } });
  const red = controlsFor(st, 'red');
  assert.deepEqual(ids(red), ['resign', 'undo', 'abort', 'hint', 'flip', 'leave']);
  assert.equal(byId(red, 'hint').enabled, true);
  assert.equal(byId(red, 'hint').msg, undefined, 'the view asks for the hint and tracks it');
  assert.equal(byId(controlsFor(st, 'red', { hintPending: true }), 'hint').enabled, false, 'one request at a time');
  assert.equal(byId(controlsFor(st, 'red', { hintPly: 0 }), 'hint').enabled, false, 'a hint already shown for this ply');
  assert.equal(byId(controlsFor(st, 'red', { hintPly: 4 }), 'hint').enabled, true, 'a hint of an earlier ply does not count');
  assert.equal(byId(controlsFor(table({ game: { ai_level: 3, moves: ['h2e2'], ply: 1, turn: 'black' } }), 'red'), 'hint').enabled, false, 'not on move');
  const after = controlsFor(table({ game: { ai_level: 3, ...ENDED } }), 'red');
  assert.deepEqual(ids(after), ['rematch-ai', 'flip', 'leave']);
  assert.deepEqual(byId(after, 'rematch-ai'), { id: 'rematch-ai', label: 'game.rematch', enabled: true, primary: true });
});

test('the controls follow the events of a whole game', () => {
  const st = table({ red: null, black: null, game: null });
  assert.equal(isLive(st), false);
  applyEvent(st, { type: 'sat', user: RED, color: 'red' }, 0);
  applyEvent(st, { type: 'sat', user: BLACK, color: 'black' }, 0);
  assert.deepEqual(ids(controlsFor(st, null)), ['flip', 'leave']);
  applyEvent(st, { type: 'ready', color: 'red', ready: true }, 0);
  assert.equal(byId(controlsFor(st, 'red'), 'ready').label, 'table.unready');
  applyEvent(st, { type: 'control_proposed', by: 'black', control: CONTROL }, 0);
  assert.equal(byId(controlsFor(st, 'red'), 'ready').label, 'table.ready', 'a proposal clears readiness');
  assert.deepEqual(noticeButtons(controlsFor(st, 'red'), 'proposal'), ['proposal-accept', 'proposal-decline']);
  applyEvent(st, { type: 'control_set', control: CONTROL }, 0);
  assert.equal(notice(controlsFor(st, 'red'), 'proposal'), undefined);
  const game = { game_id: 9, start_fen: START_FEN, fen: START_FEN, moves: [], ply: 0, turn: 'red', legal: ['h2e2'], clock: null, draw_offer: null, undo_request: null, end: null, red: RED, black: BLACK };
  applyEvent(st, { type: 'game_started', game }, 1);
  assert.equal(isLive(st), true);
  assert.deepEqual(ids(controlsFor(st, 'red')), ['resign', 'draw-offer', 'undo', 'abort', 'flip', 'leave']);
  applyEvent(st, { type: 'draw_offered', by: 'red' }, 1);
  applyEvent(st, { type: 'moved', color: 'red', mv: 'h2e2', ply: 1, clock: null, fen: 'x b', legal: ['h9g7'] }, 2);
  assert.deepEqual(noticeButtons(controlsFor(st, 'black'), 'draw-offer'), ['draw-accept', 'draw-decline']);
  applyEvent(st, { type: 'draw_declined' }, 2);
  applyEvent(st, { type: 'undo_requested', by: 'red', plies: 1 }, 2);
  assert.deepEqual(noticeButtons(controlsFor(st, 'black'), 'undo-request'), ['undo-accept', 'undo-decline']);
  applyEvent(st, { type: 'moved', color: 'black', mv: 'h9g7', ply: 2, clock: null, fen: 'y w', legal: [] }, 3);
  assert.equal(notice(controlsFor(st, 'red'), 'undo-request'), undefined, 'a move withdraws the request');
  assert.ok(!ids(controlsFor(st, 'red')).includes('abort'));
  applyEvent(st, { type: 'game_ended', end: { kind: 'finished', result: '0-1', reason: 'resignation', plies: 2 }, game_id: 9 }, 4);
  assert.equal(isLive(st), false);
  assert.deepEqual(ids(controlsFor(st, 'red')), ['ready', 'set-control', 'set-handicap', 'stand', 'flip', 'leave']);
  assert.equal(notice(controlsFor(st, null), 'result').end.result, '0-1');
});

test('an undo puts back the moves, the side to move and the clock, and clears the offers', () => {
  const st = table({ game: { moves: ['h2e2', 'h9g7'], ply: 2, draw_offer: 'black', undo_request: { by: 'red', plies: 2 } } });
  const clock = { red: 1000, black: 2000, running: 'black' };
  applyEvent(st, { type: 'undone', moves: ['h2e2'], ply: 1, fen: `${START_FEN.split(' ')[0]} b`, legal: ['h9g7'], clock }, 42);
  assert.deepEqual(st.game.moves, ['h2e2']);
  assert.equal(st.game.ply, 1);
  assert.equal(st.game.turn, 'black');
  assert.deepEqual(st.game.legal, ['h9g7']);
  assert.equal(st.game.clock, clock);
  assert.equal(st.game.clockAt, 42);
  assert.equal(st.game.draw_offer, null);
  assert.equal(st.game.undo_request, null);
  applyEvent(st, { type: 'moved', color: 'black', mv: 'h9g7', ply: 2, clock: null, fen: 'y w' }, 43);
  assert.deepEqual([st.game.turn, st.game.ply, st.game.fen, st.game.legal, st.game.clockAt], ['red', 2, 'y w', [], 43]);
  assert.deepEqual(ids(controlsFor(st, 'red')), ['resign', 'draw-offer', 'undo', 'flip', 'leave']);
});

test('a handicap: proposed, answered by the other player only, shown once agreed, then dropped', () => {
  const st = table();
  const horse = { giver: 'red', kind: 'horse', start_fen: START_FEN, offset: null };
  assert.equal(byId(controlsFor(st, 'red'), 'set-handicap').enabled, true);
  assert.equal(byId(controlsFor(table({ black: null }), 'red'), 'set-handicap').enabled, false, 'no opponent yet');
  st.summary.seats.red.ready = true;
  applyEvent(st, { type: 'handicap_proposed', by: 'red', handicap: horse }, 1);
  assert.equal(st.summary.seats.red.ready, false, 'a proposal unreadies both');
  assert.deepEqual(noticeButtons(controlsFor(st, 'black'), 'handicap-proposal'), ['handicap-accept', 'handicap-decline']);
  assert.deepEqual(noticeButtons(controlsFor(st, 'red'), 'handicap-proposal'), ['handicap-decline']);
  assert.deepEqual(noticeButtons(controlsFor(st, null), 'handicap-proposal'), []);
  assert.equal(notice(controlsFor(st, null), 'handicap-proposal').handicap.kind, 'horse');
  assert.equal(byId(controlsFor(st, 'black'), 'ready').enabled, false, 'no start while it is pending');
  assert.deepEqual(notice(controlsFor(st, 'black'), 'handicap-proposal').buttons[0].msg, { t: 'handicap_accept' });
  applyEvent(st, { type: 'handicap_set', handicap: horse }, 2);
  assert.equal(st.handicap_proposal, null);
  assert.deepEqual(st.summary.handicap, { giver: 'red', kind: 'horse' });
  assert.deepEqual(byId(controlsFor(st, 'black'), 'drop-handicap').msg, { t: 'handicap_decline' });
  assert.equal(byId(controlsFor(st, 'black'), 'ready').enabled, true);
  applyEvent(st, { type: 'handicap_set', handicap: null }, 3);
  assert.equal(st.handicap, null);
  assert.ok(ids(controlsFor(st, 'black')).includes('set-handicap'));
  for (const key of ['hc.set', 'hc.drop', 'hc.proposal', 'hc.kind.horse', 'unrated.handicap', 'err.invalid_handicap']) assert.ok(has(key), key);
});

test('an arena table offers berserk before one\'s first move, once', () => {
  const st = table({ game: {} });
  st.berserk = true;
  assert.ok(ids(controlsFor(st, 'red')).includes('berserk'));
  assert.ok(ids(controlsFor(st, 'black')).includes('berserk'));
  assert.ok(!ids(controlsFor(st, null)).includes('berserk'), 'not for spectators');
  assert.deepEqual(byId(controlsFor(st, 'black'), 'berserk').msg, { t: 'berserk' });
  assert.ok(has('tour.berserk'));
  applyEvent(st, { type: 'berserked', color: 'black', control: CONTROL, clock: null }, 1);
  assert.ok(!ids(controlsFor(st, 'black')).includes('berserk'), 'once');
  st.game.moves = ['h2e2'];
  assert.ok(!ids(controlsFor(st, 'red')).includes('berserk'), 'red has moved');
  const plain = table({ game: {} });
  assert.ok(!ids(controlsFor(plain, 'red')).includes('berserk'), 'not at other tables');
});

test('an event table offers no undo or abort, nothing between games; a declined offer is told to who made it', async () => {
  const { controlsFor: cf, toldOf } = await import('../../web/js/views/table/controls.js');
  const game = { turn: 'red', moves: [], draw_offer: null, undo_request: null, end: null };
  const st = { summary: { seats: { red: { user: { id: 1 } }, black: { user: { id: 2 } } } }, game };
  const ids = (m) => m.buttons.map((b) => b.id);
  assert.ok(ids(cf(st, 'red')).includes('abort'));
  const ev = ids(cf(st, 'red', { event: true }));
  assert.ok(!ev.includes('abort') && !ev.includes('undo') && ev.includes('resign'), ev.join());
  const over = { ...st, game: { ...game, end: { result: '1-0' } } };
  assert.deepEqual(ids(cf(over, 'red', { event: true })), ['flip', 'leave']);
  assert.ok(ids(cf(over, 'red')).includes('set-handicap'));
  assert.equal(toldOf({ type: 'draw_declined', by: 'black' }, 'red'), 'told.draw');
  assert.equal(toldOf({ type: 'draw_declined', by: 'black' }, 'black'), null);
  assert.equal(toldOf({ type: 'undo_declined', by: 'red' }, null), null);
  assert.equal(toldOf({ type: 'control_declined', by: 'red' }, 'black'), 'told.control');
});

test('after a game, ready is a rematch request: the other player answers it, the asker waits and is told', async () => {
  const { rematchOf, toldOf } = await import('../../web/js/views/table/controls.js');
  const asked = table({ game: ENDED, ready: { red: true } });
  assert.equal(rematchOf(asked, 'black'), 'asked');
  assert.equal(rematchOf(asked, 'red'), 'waiting');
  assert.equal(rematchOf(asked, null), null, 'a spectator answers nothing');
  assert.deepEqual(noticeButtons(controlsFor(asked, 'black'), 'rematch-offer'), ['rematch-accept', 'rematch-decline']);
  assert.deepEqual(notice(controlsFor(asked, 'black'), 'rematch-offer').buttons.map((c) => c.msg), [{ t: 'ready', ready: true }, { t: 'rematch_decline' }]);
  assert.deepEqual(noticeButtons(controlsFor(asked, 'red'), 'rematch-waiting'), ['rematch-withdraw']);
  assert.equal(notice(controlsFor(asked, null), 'rematch-offer'), undefined);
  // Before any game, or during one, ready is no rematch.
  assert.equal(rematchOf(table({ ready: { red: true } }), 'black'), null);
  assert.equal(rematchOf(table({ game: {}, ready: { red: true } }), 'black'), null);
  assert.equal(rematchOf(table({ game: { ...ENDED, ai_level: 3 }, ready: { red: true } }), 'black'), null);
  // The asker is told of a decline and of the other leaving the seat.
  assert.equal(toldOf({ type: 'rematch_declined', by: 'black' }, 'red'), 'told.rematch');
  assert.equal(toldOf({ type: 'rematch_declined', by: 'black' }, 'black'), null);
  assert.equal(toldOf({ type: 'stood', color: 'black', user_id: 2 }, 'red', true), 'told.rematchLeft');
  assert.equal(toldOf({ type: 'stood', color: 'black', user_id: 2 }, 'red', false), null);
  for (const key of ['told.rematch', 'told.rematchLeft', 'rematch.asked', 'rematch.waiting', 'conduct.no_show']) assert.ok(has(key), key);
});
