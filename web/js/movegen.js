// Client move generation for the analysis board and the setup editor (the server's rules crate
// stays the authority for games): legal moves of a placement, and whether a set-up position is
// one the game allows (the checks of xiangqi's FEN reader: kings, counts, squares, facing kings,
// the side not to move in check). Tested by perft in e2e/unit/analysis.test.mjs.

import { square, fileOf, rankOf, squareName, FILES, RANKS, otherColor, readFen, fenTurn } from './board/geometry.js';
import { checkedKing, boardFen } from './rules.js';

const inBoard = (f, r) => f >= 0 && f < FILES && r >= 0 && r < RANKS;
const ownHalf = (color, r) => (color === 'red' ? r <= 4 : r >= 5);
const inPalace = (color, f, r) => f >= 3 && f <= 5 && (color === 'red' ? r <= 2 : r >= 7);
const ORTHO = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const HORSE = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];

/** Pseudo-legal destinations of the piece on `sq` (own pieces excluded; the king may be left in check). */
function targets(pieces, sq, p) {
  const f = fileOf(sq);
  const r = rankOf(sq);
  const out = [];
  const at = (ff, rr) => pieces.get(square(ff, rr));
  const add = (ff, rr) => {
    if (!inBoard(ff, rr)) return;
    const q = at(ff, rr);
    if (!q || q.color !== p.color) out.push(square(ff, rr));
  };
  switch (p.role) {
    case 'k':
      for (const [df, dr] of ORTHO) if (inPalace(p.color, f + df, r + dr)) add(f + df, r + dr);
      break;
    case 'a':
      for (const [df, dr] of DIAG) if (inPalace(p.color, f + df, r + dr)) add(f + df, r + dr);
      break;
    case 'b':
      for (const [df, dr] of DIAG) {
        const ff = f + 2 * df;
        const rr = r + 2 * dr;
        if (inBoard(ff, rr) && ownHalf(p.color, rr) && !at(f + df, r + dr)) add(ff, rr);
      }
      break;
    case 'n':
      for (const [df, dr] of HORSE) {
        const leg = Math.abs(df) === 2 ? [f + Math.sign(df), r] : [f, r + Math.sign(dr)];
        if (inBoard(f + df, r + dr) && !at(...leg)) add(f + df, r + dr);
      }
      break;
    case 'r':
    case 'c':
      for (const [df, dr] of ORTHO) {
        let screen = false;
        for (let ff = f + df, rr = r + dr; inBoard(ff, rr); ff += df, rr += dr) {
          const q = at(ff, rr);
          if (p.role === 'r') {
            if (!q) { out.push(square(ff, rr)); continue; }
            if (q.color !== p.color) out.push(square(ff, rr));
            break;
          }
          if (!screen) {
            if (!q) out.push(square(ff, rr)); else screen = true;
          } else if (q) {
            if (q.color !== p.color) out.push(square(ff, rr));
            break;
          }
        }
      }
      break;
    case 'p': {
      const ahead = p.color === 'red' ? 1 : -1;
      add(f, r + ahead);
      if (!ownHalf(p.color, r)) { add(f + 1, r); add(f - 1, r); }
      break;
    }
    default:
      break;
  }
  return out;
}

/** Legal moves of `color` in `pieces` (a Map square -> piece) as ICCS strings ("h2e2"). */
export function legalMoves(pieces, color) {
  const out = [];
  for (const [sq, p] of pieces) {
    if (p.color !== color) continue;
    for (const to of targets(pieces, sq, p)) {
      const next = new Map(pieces);
      next.delete(sq);
      next.set(to, p);
      if (!checkedKing(next, color)) out.push(squareName(sq) + squareName(to));
    }
  }
  return out;
}

/** Legal destinations as the board wants them: Map from -> [to]. */
export function destsOf(pieces, color) {
  const dests = new Map();
  for (const mv of legalMoves(pieces, color)) {
    const from = square(mv.charCodeAt(0) - 97, Number(mv[1]));
    const to = square(mv.charCodeAt(2) - 97, Number(mv[3]));
    if (!dests.has(from)) dests.set(from, []);
    dests.get(from).push(to);
  }
  return dests;
}

/** Leaf nodes at `depth` from a FEN (for tests: the start position gives 44, 1920, 79666). */
export function perft(fen, depth) {
  const walk = (pieces, color, d) => {
    const moves = legalMoves(pieces, color);
    if (d === 1) return moves.length;
    let n = 0;
    for (const mv of moves) {
      const next = new Map(pieces);
      const from = square(mv.charCodeAt(0) - 97, Number(mv[1]));
      const to = square(mv.charCodeAt(2) - 97, Number(mv[3]));
      next.set(to, next.get(from));
      next.delete(from);
      n += walk(next, otherColor(color), d - 1);
    }
    return n;
  };
  return walk(readFen(fen), fenTurn(fen), depth);
}

const MAX = { k: 1, a: 2, b: 2, n: 2, r: 2, c: 2, p: 5 };

/** Whether `p` may stand on `sq` at all (kings and advisors in the palace, elephants on their points, pawns ahead). */
export function possibleSquare(p, sq) {
  const f = fileOf(sq);
  const r = rankOf(sq);
  const rel = p.color === 'red' ? r : RANKS - 1 - r; // rank from the piece's own side
  switch (p.role) {
    case 'k': return inPalace(p.color, f, r);
    case 'a': return inPalace(p.color, f, r) && (f + rel) % 2 === 1;
    case 'b': return rel <= 4 && rel % 2 === 0 && f % 2 === 0 && (rel / 2 + f / 2) % 2 === 1;
    case 'p': return rel >= 5 || (rel >= 3 && f % 2 === 0);
    default: return true;
  }
}

/**
 * Why the FEN is not a position the game allows, as an i18n key with params ({ key, params }),
 * or null when it is one. Also refuses a side to move with no legal move (a finished position).
 */
export function positionProblem(fen) {
  let pieces;
  try { pieces = readFen(fen); } catch { return { key: 'setup.badFen' }; }
  const turn = fenTurn(fen);
  for (const color of ['red', 'black']) {
    const count = { k: 0, a: 0, b: 0, n: 0, r: 0, c: 0, p: 0 };
    for (const [sq, p] of pieces) {
      if (p.color !== color) continue;
      count[p.role] += 1;
      if (!possibleSquare(p, sq)) return { key: 'setup.badSquare', params: { sq: squareName(sq) } };
    }
    if (count.k !== 1) return { key: 'setup.kings' };
    for (const role of Object.keys(MAX)) if (count[role] > MAX[role]) return { key: 'setup.tooMany' };
  }
  if (checkedKing(pieces, otherColor(turn))) return { key: 'setup.opponentInCheck' };
  if (legalMoves(pieces, turn).length === 0) return { key: 'setup.finished' };
  return null;
}

/** A FEN of `pieces` with `turn` to move (counters reset). */
export function makeFen(pieces, turn) {
  return `${boardFen(pieces)} ${turn === 'red' ? 'w' : 'b'} - - 0 1`;
}
