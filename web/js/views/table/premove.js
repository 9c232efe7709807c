// Premove (setting "premove", settings.js): while the opponent thinks, the player may pick a
// move of their own side in the current position; it is shown on the board and sent as soon as
// it is their turn, if it is legal then (else it is dropped). The client knows the moves of a
// side from the placement (movegen.js); the server still judges the move when it is sent.

import { readFen, parseMove, squareName } from '../../board/geometry.js';
import { destsOf } from '../../movegen.js';
import { getSetting } from '../../settings.js';

/** Creates the premove keeper: { dests(fen, seat), set(from, to), shown(), take(legal), clear() }. */
export function createPremove() {
  let queued = null; // "h2e2"
  return {
    /** Where `seat`'s pieces may be premoved to in `fen` (a Map from -> [to]), or null when off. */
    dests(fen, seat) {
      if (!getSetting('premove') || !seat) return null;
      try { return destsOf(readFen(fen), seat); } catch { return null; }
    },
    /** Queues the move from `from` to `to` (squares). */
    set(from, to) { queued = squareName(from) + squareName(to); },
    /** The queued move as [from, to] squares (for the board's hint marks), or null. */
    shown() { return queued ? parseMove(queued) : null; },
    /** The queued move if `legal` has it (it is then no longer queued), else null (dropped). */
    take(legal) {
      const mv = queued;
      queued = null;
      return mv && (legal || []).includes(mv) ? mv : null;
    },
    clear() { queued = null; },
  };
}
