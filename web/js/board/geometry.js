// Board geometry: squares (0..89 = rank*9 + file, ICCS names "a0".."i9"), FEN placement, and the
// mapping from squares to SVG coordinates. Pure: no DOM, tested under node.

export const FILES = 9;
export const RANKS = 10;
/** Distance between two lines in SVG units. */
export const CELL = 100;
/** Margin between the outermost lines and the edge of the board. */
export const MARGIN = 96;
export const WIDTH = MARGIN * 2 + CELL * (FILES - 1);
export const HEIGHT = MARGIN * 2 + CELL * (RANKS - 1);

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

export const square = (file, rank) => rank * FILES + file;
export const fileOf = (sq) => sq % FILES;
export const rankOf = (sq) => Math.floor(sq / FILES);

/** "h2" for square h2; null for anything off the board. */
export function squareName(sq) {
  if (!Number.isInteger(sq) || sq < 0 || sq >= FILES * RANKS) return null;
  return String.fromCharCode(97 + fileOf(sq)) + String(rankOf(sq));
}

/** Parses "h2" (case-insensitive) into a square, or null. */
export function parseSquare(name) {
  if (typeof name !== 'string' || name.length !== 2) return null;
  const f = name.toLowerCase().charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 48;
  if (f < 0 || f >= FILES || r < 0 || r >= RANKS) return null;
  return square(f, r);
}

/** Splits an ICCS/UCI move "h2e2" into [from, to] squares, or null. */
export function parseMove(text) {
  if (typeof text !== 'string' || text.length !== 4) return null;
  const from = parseSquare(text.slice(0, 2));
  const to = parseSquare(text.slice(2, 4));
  return from === null || to === null ? null : [from, to];
}

/** A piece: { color: 'red'|'black', role: 'k'|'a'|'b'|'n'|'r'|'c'|'p' } from a FEN letter. */
export function pieceFromChar(ch) {
  const lower = ch.toLowerCase();
  const roles = { k: 'k', a: 'a', b: 'b', e: 'b', n: 'n', h: 'n', r: 'r', c: 'c', p: 'p' };
  const role = roles[lower];
  if (!role) return null;
  return { color: ch === lower ? 'black' : 'red', role };
}

/**
 * Reads the placement part of a FEN into a Map square -> piece. Throws on malformed input so the
 * caller can keep the previous position.
 */
export function readFen(fen) {
  const placement = String(fen).trim().split(/\s+/)[0];
  const rows = placement.split('/');
  if (rows.length !== RANKS) throw new Error(`bad FEN: ${RANKS} rows expected`);
  const pieces = new Map();
  rows.forEach((row, i) => {
    const rank = RANKS - 1 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') {
        file += Number(ch);
      } else {
        const p = pieceFromChar(ch);
        if (!p || file >= FILES) throw new Error(`bad FEN row ${row}`);
        pieces.set(square(file, rank), p);
        file += 1;
      }
    }
    if (file !== FILES) throw new Error(`bad FEN row ${row}`);
  });
  return pieces;
}

/** The opposite colour: 'black' for 'red', else 'red'. */
export const otherColor = (color) => (color === 'red' ? 'black' : 'red');

/** The side to move in a FEN: 'red' or 'black'. */
export function fenTurn(fen) {
  const t = String(fen).trim().split(/\s+/)[1];
  return t === 'b' ? 'black' : 'red';
}

/** The SVG centre of a square; `orientation` is the colour at the bottom. */
export function toPoint(sq, orientation = 'red') {
  let f = fileOf(sq);
  let r = rankOf(sq);
  if (orientation === 'black') {
    f = FILES - 1 - f;
    r = RANKS - 1 - r;
  }
  return { x: MARGIN + f * CELL, y: MARGIN + (RANKS - 1 - r) * CELL };
}

/** The square nearest to an SVG point, or null when the point is off the board. */
export function fromPoint(x, y, orientation = 'red') {
  let f = Math.round((x - MARGIN) / CELL);
  let r = RANKS - 1 - Math.round((y - MARGIN) / CELL);
  if (f < 0 || f >= FILES || r < 0 || r >= RANKS) return null;
  if (orientation === 'black') {
    f = FILES - 1 - f;
    r = RANKS - 1 - r;
  }
  return square(f, r);
}

/** Characters in the traditional style: red 帥仕相俥傌炮兵, black 將士象車馬砲卒. */
export const PIECE_CHARS = {
  red: { k: '帥', a: '仕', b: '相', r: '俥', n: '傌', c: '炮', p: '兵' },
  black: { k: '將', a: '士', b: '象', r: '車', n: '馬', c: '砲', p: '卒' },
};

/** The points that carry position marks (cannon and pawn starting points). */
export function markSquares() {
  const out = [];
  for (const r of [2, 7]) for (const f of [1, 7]) out.push(square(f, r));
  for (const r of [3, 6]) for (const f of [0, 2, 4, 6, 8]) out.push(square(f, r));
  return out;
}
