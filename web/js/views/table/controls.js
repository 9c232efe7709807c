// What a viewer may do at a table: the notices (time-control and handicap proposals, draw offer,
// undo request, result) with their answer buttons, and the row of controls. Pure: no DOM, no texts — labels are
// i18n keys; the table view renders them (controlsview.js) and runs them.
//
// A control is { id, label, enabled, primary, msg?, confirm? }: `id` is also the data-testid,
// `msg` the protocol command it sends as it is (docs/protocol.md §3), `confirm` the data-testid of
// a yes/no dialog (text `game.resignConfirm`) to pass first. Controls without `msg` need the
// view's own handling: sit-red, sit-black, set-control, set-handicap, hint, rematch-ai, flip, leave.

/** Whether the table has a game that has not ended. */
export const isLive = (st) => !!st?.game && !st.game.end;

/** A control; enabled and not primary unless said otherwise. */
function control(id, label, more = {}) {
  return { id, label, enabled: true, primary: false, ...more };
}

/** Accept/decline buttons for an offer of the other side, none for one's own or for spectators. */
function answers(theirs, prefix) {
  if (!theirs) return [];
  return [
    control(`${prefix}-accept`, 'table.accept', { primary: true, msg: { t: `${prefix}_accept` } }),
    control(`${prefix}-decline`, 'table.decline', { msg: { t: `${prefix}_decline` } }),
  ];
}

/** The notices above the controls, in the order shown. */
function noticesFor(st, seat) {
  const g = st.game || null;
  const live = isLive(st);
  const out = [];
  if (st.proposal) {
    const mine = st.proposal.by === seat;
    const buttons = [];
    if (seat && !mine) buttons.push(control('proposal-accept', 'table.accept', { primary: true, msg: { t: 'accept_control' } }));
    if (seat) buttons.push(control('proposal-decline', mine ? 'table.withdraw' : 'table.decline', { msg: { t: 'decline_control' } }));
    out.push({ id: 'proposal', by: st.proposal.by, control: st.proposal.control, buttons });
  }
  const hp = st.handicap_proposal;
  if (hp) {
    const mine = hp.by === seat;
    const buttons = [];
    if (seat && !mine) buttons.push(control('handicap-accept', 'table.accept', { primary: true, msg: { t: 'handicap_accept' } }));
    if (seat) buttons.push(control('handicap-decline', mine ? 'table.withdraw' : 'table.decline', { msg: { t: 'handicap_decline' } }));
    out.push({ id: 'handicap-proposal', by: hp.by, handicap: hp.handicap, buttons });
  }
  if (live && g.draw_offer) {
    out.push({ id: 'draw-offer', by: g.draw_offer, buttons: answers(!!seat && g.draw_offer !== seat, 'draw') });
  }
  if (live && g.undo_request) {
    out.push({ id: 'undo-request', by: g.undo_request.by, buttons: answers(!!seat && g.undo_request.by !== seat, 'undo') });
  }
  if (g?.end) out.push({ id: 'result', end: g.end, gameId: g.game_id || null, buttons: [] });
  const rematch = rematchOf(st, seat);
  if (rematch === 'asked') {
    out.push({ id: 'rematch-offer', buttons: [
      control('rematch-accept', 'rematch.accept', { primary: true, msg: { t: 'ready', ready: true } }),
      control('rematch-decline', 'rematch.decline', { msg: { t: 'rematch_decline' } }),
    ] });
  } else if (rematch === 'waiting') {
    out.push({ id: 'rematch-waiting', buttons: [control('rematch-withdraw', 'table.withdraw', { msg: { t: 'ready', ready: false } })] });
  }
  return out;
}

/**
 * Where the viewer in `seat` stands on playing again after a game at a room's table (再来一局 is
 * being ready again): 'asked' (the other player is ready, the viewer not), 'waiting' (the
 * viewer asked, the other is seated and not ready), or null.
 */
export function rematchOf(st, seat) {
  const g = st?.game || null;
  if (!seat || !g?.end || g.ai_level || isLive(st)) return null;
  const seats = st.summary?.seats || {};
  const other = seats[seat === 'red' ? 'black' : 'red'];
  const mine = seats[seat];
  if (!other || !mine) return null;
  if (other.ready && !mine.ready) return 'asked';
  if (mine.ready && !other.ready) return 'waiting';
  return null;
}

/** A player's controls during their own game (`local.event`: an event's game, eventtable.js). */
function playingControls(g, seat, local, berserk) {
  const onMove = g.turn === seat;
  const cs = [control('resign', 'game.resign', { msg: { t: 'resign' }, confirm: 'resign-confirm' })];
  // An arena's table: berserk before one's first move (half the time, no increment), once.
  const moved = g.moves.length >= (seat === 'red' ? 1 : 2);
  if (berserk && !moved && !g.berserked?.[seat]) cs.push(control('berserk', 'tour.berserk', { msg: { t: 'berserk' } }));
  if (!g.ai_level) cs.push(control('draw-offer', 'game.draw', { msg: { t: 'draw_offer' }, enabled: onMove && !g.draw_offer }));
  // A rated game against the computer: its player is the level's stored one (not user 0).
  const ratedAi = !!g.ai_level && [g.red, g.black].some((u) => Number.isInteger(u?.computer) && u.id !== 0);
  // An event's game is played out: no takebacks, no aborting.
  if (!ratedAi && !local.event) cs.push(control('undo', 'game.undo', { msg: { t: 'undo_request' }, enabled: g.moves.length > 0 && !g.undo_request }));
  if (g.moves.length < 2 && !local.event) cs.push(control('abort', 'game.abort', { msg: { t: 'abort' } }));
  if (g.ai_level && !ratedAi) {
    cs.push(control('hint', 'game.hint', { enabled: onMove && !local.hintPending && local.hintPly !== g.moves.length }));
  }
  return cs;
}

/**
 * Controls between games: sit for a spectator, ready/time control/stand for a player. An event
 * seats its players itself and sets the control: none at its tables (`event`).
 */
function idleControls(st, seat, event) {
  const g = st.game || null;
  if (event) return [];
  if (!seat) {
    return ['red', 'black'].filter((c) => !st.summary.seats[c])
      .map((c) => control(`sit-${c}`, c === 'red' ? 'table.sitRed' : 'table.sitBlack'));
  }
  if (g?.ai_level) return [control('rematch-ai', 'game.rematch', { primary: true })];
  const ready = !!st.summary.seats[seat]?.ready;
  const paired = !!st.summary.seats.red && !!st.summary.seats.black;
  return [
    control('ready', ready ? 'table.unready' : 'table.ready', { msg: { t: 'ready', ready: !ready }, enabled: !st.proposal && !st.handicap_proposal, primary: !ready }),
    control('set-control', 'table.setControl'),
    st.handicap && !st.handicap_proposal
      ? control('drop-handicap', 'hc.drop', { msg: { t: 'handicap_decline' } })
      : control('set-handicap', 'hc.set', { enabled: paired && !st.handicap_proposal }),
    control('stand', 'table.stand', { msg: { t: 'stand' } }),
  ];
}

/**
 * The notices and controls for the viewer in `seat` ('red', 'black', or null for a spectator) of
 * the TableState `st` (tablestate.js). `local` is what only this browser knows about the
 * computer's hint: { hintPending, hintPly } (the ply of the hint shown, if any), and whether the
 * table plays an event's game ({ event: true }).
 * Returns { notices: [{ id, by?, control?, end?, gameId?, buttons }], buttons }.
 */
export function controlsFor(st, seat, local = {}) {
  const g = st.game || null;
  let buttons = [];
  if (isLive(st) && seat) buttons = playingControls(g, seat, local, !!st.berserk);
  else if (!isLive(st)) buttons = idleControls(st, seat, !!local.event);
  buttons.push(control('flip', 'table.flip'), control('leave', 'table.leave'));
  return { notices: noticesFor(st, seat), buttons };
}

/**
 * What the player of `seat` is told of event `e`: the other side declined their draw offer,
 * takeback request, time control, handicap or rematch, or (`waiting`: the viewer asked for a
 * rematch) left the seat — the i18n key, or nothing.
 */
export function toldOf(e, seat, waiting = false) {
  if (waiting && e?.type === 'stood' && e.color !== seat) return 'told.rematchLeft';
  if (!seat || !e?.by || e.by === seat) return null;
  const key = {
    draw_declined: 'told.draw', undo_declined: 'told.undo', control_declined: 'told.control',
    handicap_declined: 'told.handicap', rematch_declined: 'told.rematch',
  }[e.type];
  return key || null;
}
