// Live engine lines on the analysis board. The server streams them over the socket:
//   client -> server {"t":"analyse","fen":F,"multipv":1..5} (a new position replaces the old)
//                    {"t":"analyse_stop"}
//   server -> client {"t":"analysis_lines","fen":F,"depth":D,"lines":[{"cp","mate","pv"}]}
// Evaluations are from Red's point of view, in pawns; mates as mates.

import { readFen } from '../board/geometry.js';
import { applyMove } from '../rules.js';
import { describeMove } from '../notation.js';

/** "+0.35", "-1.20", "0.00", "#3" (Red mates in 3), "#-2" (Black mates in 2). */
export function formatEval({ cp, mate }) {
  if (mate !== null && mate !== undefined) return `#${mate}`;
  if (cp === null || cp === undefined) return '?';
  const pawns = (cp / 100).toFixed(2);
  return cp > 0 ? `+${pawns}` : pawns === '-0.00' ? '0.00' : pawns;
}

/** A line in words: { eval, moves: [text], first: "h2e2" | null }; the line stops at a move that does not fit. */
export function engineLineView(fen, line, notation = 'chinese') {
  const pieces = readFen(fen);
  const moves = [];
  for (const mv of line.pv || []) {
    const d = describeMove(pieces, mv);
    if (!d) break;
    moves.push(d[notation] || mv);
    applyMove(pieces, mv);
  }
  return { eval: formatEval(line), moves, first: moves.length ? line.pv[0] : null };
}

/**
 * The engine panel's socket side: `set(fen)` asks for lines of a position while on, `on(bool)`
 * starts or stops, `multipv(n)`; `onLines(msg)` hears the lines of the position shown (older
 * positions' lines are dropped). Returns { set, on, multipv, destroy }.
 */
export function createEngineClient(app, onLines) {
  let fen = null;
  let enabled = false;
  let pv = 1;
  const send = (msg) => app.socket?.send(msg).catch(() => { /* shown by the missing lines */ });
  const ask = () => { if (enabled && fen) send({ t: 'analyse', fen, multipv: pv }); };
  const off = app.socket.on('analysis_lines', (msg) => {
    if (enabled && msg.fen === fen) onLines(msg);
  });
  return {
    set(newFen) { fen = newFen; ask(); },
    on(v) {
      enabled = v;
      if (v) ask(); else send({ t: 'analyse_stop' });
    },
    multipv(n) { pv = Math.max(1, Math.min(5, n)); ask(); },
    destroy() { if (enabled) send({ t: 'analyse_stop' }); off(); },
  };
}
