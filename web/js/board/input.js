// Move input as an explicit state machine (cm-chessboard's VisualMoveInput habit): click-click or
// drag. Pure: it sees squares and distances, never the DOM; events.js feeds it.

export const INPUT_STATE = Object.freeze({
  idle: 'idle',
  selected: 'selected', // a piece is selected, waiting for the destination click
  pressed: 'pressed', // pointer down on a piece, not yet moved far enough to drag
  dragging: 'dragging',
});

export const CANCEL_REASON = Object.freeze({
  offBoard: 'off-board',
  illegal: 'illegal',
  reselect: 'reselect',
  escape: 'escape',
});

/** Pixels the pointer must travel before a press becomes a drag. */
export const DRAG_THRESHOLD = 4;

/**
 * Creates the input machine. `board` is read through callbacks so the machine stays pure:
 *   canMove(sq) -> whether the user may pick up the piece on sq;
 *   dests(sq) -> array of destination squares;
 *   onMove(from, to), onChange() (selection or drag changed), onCancel(reason).
 */
export function createInput(hooks) {
  const m = {
    state: INPUT_STATE.idle,
    selected: null,
    drag: null, // { from, x0, y0, x, y, active, wasSelected }
  };

  const isDest = (from, to) => from !== null && (hooks.dests(from) || []).includes(to);
  const reset = (reason) => {
    m.state = INPUT_STATE.idle;
    m.selected = null;
    m.drag = null;
    if (reason && hooks.onCancel) hooks.onCancel(reason);
    hooks.onChange();
  };
  const move = (from, to) => {
    m.state = INPUT_STATE.idle;
    m.selected = null;
    m.drag = null;
    hooks.onChange();
    hooks.onMove(from, to);
  };

  m.down = (sq, x, y) => {
    if (m.selected !== null && sq !== null && isDest(m.selected, sq)) {
      move(m.selected, sq);
      return;
    }
    if (sq !== null && hooks.canMove(sq)) {
      const wasSelected = m.selected === sq;
      m.selected = sq;
      m.drag = { from: sq, x0: x, y0: y, x, y, active: false, wasSelected };
      m.state = INPUT_STATE.pressed;
      hooks.onChange();
      return;
    }
    if (m.selected !== null) reset(sq === null ? CANCEL_REASON.offBoard : CANCEL_REASON.illegal);
  };

  m.moveTo = (x, y) => {
    if (!m.drag) return;
    m.drag.x = x;
    m.drag.y = y;
    if (!m.drag.active && Math.hypot(x - m.drag.x0, y - m.drag.y0) >= DRAG_THRESHOLD) {
      m.drag.active = true;
      m.state = INPUT_STATE.dragging;
      hooks.onChange();
    }
  };

  m.up = (sq) => {
    const d = m.drag;
    if (!d) return;
    if (d.active) {
      if (sq !== null && sq !== d.from && isDest(d.from, sq)) {
        move(d.from, sq);
      } else if (sq === d.from) {
        m.drag = null;
        m.state = INPUT_STATE.selected;
        hooks.onChange();
      } else {
        reset(sq === null ? CANCEL_REASON.offBoard : CANCEL_REASON.illegal);
      }
      return;
    }
    m.drag = null;
    if (d.wasSelected) {
      reset(CANCEL_REASON.reselect);
    } else {
      m.state = INPUT_STATE.selected;
      hooks.onChange();
    }
  };

  m.cancel = (reason = CANCEL_REASON.escape) => {
    if (m.state !== INPUT_STATE.idle) reset(reason);
  };

  return m;
}
