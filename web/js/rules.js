// The little of the rules the client needs that the protocol does not send: replaying ICCS moves on
// a placement (for the move list and replays) and whether a king is in check (for the highlight).
// Legal moves always come from the server (`legal` in GameState / moved / undone).

import { readFen, parseMove, square, fileOf, rankOf, FILES, RANKS, fenTurn, otherColor } from './board/geometry.js';

/** Applies `mv` ("h2e2") to a placement Map in place; returns the captured piece or null. */
export function applyMove(pieces, mv) {
  const sqs = parseMove(mv);
  if (!sqs) throw new Error(`bad move ${mv}`);
  const [from, to] = sqs;
  const piece = pieces.get(from);
  if (!piece) throw new Error(`no piece on ${mv.slice(0, 2)}`);
  const captured = pieces.get(to) || null;
  pieces.delete(from);
  pieces.set(to, piece);
  return captured;
}

/** Writes a placement Map back as the board part of a FEN. */
export function boardFen(pieces) {
  const rows = [];
  for (let r = RANKS - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < FILES; f++) {
      const p = pieces.get(square(f, r));
      if (!p) { empty += 1; continue; }
      if (empty) { row += empty; empty = 0; }
      const ch = p.role;
      row += p.color === 'red' ? ch.toUpperCase() : ch;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/');
}

/**
 * Replays `moves` from `startFen`; returns the list of positions
 * [{ fen, pieces, turn, lastMove, check }] with index 0 = the start.
 */
export function replay(startFen, moves) {
  let pieces = readFen(startFen);
  let turn = fenTurn(startFen);
  const out = [{ fen: startFen, pieces: new Map(pieces), turn, lastMove: null, check: checkedKing(pieces, turn) }];
  for (const mv of moves) {
    pieces = new Map(pieces);
    applyMove(pieces, mv);
    turn = otherColor(turn);
    const fen = `${boardFen(pieces)} ${turn === 'red' ? 'w' : 'b'}`;
    out.push({ fen, pieces, turn, lastMove: parseMove(mv), check: checkedKing(pieces, turn) });
  }
  return out;
}

/** The square of `color`'s king if it is attacked, else null. */
export function checkedKing(pieces, color) {
  let king = null;
  for (const [sq, p] of pieces) if (p.color === color && p.role === 'k') king = sq;
  if (king === null) return null;
  return isAttacked(pieces, king, color) ? king : null;
}

function isAttacked(pieces, king, color) {
  const kf = fileOf(king);
  const kr = rankOf(king);
  const at = (f, r) => (f < 0 || f >= FILES || r < 0 || r >= RANKS ? undefined : pieces.get(square(f, r)) || null);
  const enemy = (p, role) => p && p.color !== color && p.role === role;
  // Rays: chariot (first piece), facing king (first piece on the file), cannon (second piece).
  for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    let seen = 0;
    for (let f = kf + df, r = kr + dr; ; f += df, r += dr) {
      const p = at(f, r);
      if (p === undefined) break;
      if (!p) continue;
      seen += 1;
      if (seen === 1 && (enemy(p, 'r') || (df === 0 && enemy(p, 'k')))) return true;
      if (seen === 2) {
        if (enemy(p, 'c')) return true;
        break;
      }
    }
  }
  // Horses: the leg square is the one diagonal to the king, on the horse's side.
  for (const [df, dr] of [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]) {
    if (enemy(at(kf + df, kr + dr), 'n') && at(kf + Math.sign(df), kr + Math.sign(dr)) === null) return true;
  }
  // Pawns: from in front of the king (as seen from the king) or beside it.
  const ahead = color === 'red' ? 1 : -1;
  for (const [df, dr] of [[0, ahead], [1, 0], [-1, 0]]) {
    if (enemy(at(kf + df, kr + dr), 'p')) return true;
  }
  return false;
}
