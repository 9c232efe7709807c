// Writes moves in Chinese (炮二平五 / 马8进7) and WXF (C2.5 / H8+7) notation from a placement, in the
// canonical forms of docs/notation.md. Needs only the placement, not the rules.

import { parseMove, fileOf, rankOf } from './board/geometry.js';

const CN_NUM = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const CN_PIECE = {
  red: { k: '帅', a: '仕', b: '相', n: '马', r: '车', c: '炮', p: '兵' },
  black: { k: '将', a: '士', b: '象', n: '马', r: '车', c: '炮', p: '卒' },
};
const WXF_PIECE = { k: 'K', a: 'A', b: 'E', n: 'H', r: 'R', c: 'C', p: 'P' };

/** The mover-relative file number 1..9 of a file index 0..8. */
const fileNo = (color, f) => (color === 'red' ? 9 - f : f + 1);

/** Pieces of the same colour and role on `file`, front (most advanced for `color`) first. */
function onFile(pieces, color, role, f) {
  const out = [];
  for (const [sq, p] of pieces) if (p.color === color && p.role === role && fileOf(sq) === f) out.push(sq);
  out.sort((a, b) => (color === 'red' ? rankOf(b) - rankOf(a) : rankOf(a) - rankOf(b)));
  return out;
}

/**
 * { chinese, wxf } for `mv` ("h2e2") played in `pieces` (a Map before the move), or null when the
 * move does not fit the placement.
 */
export function describeMove(pieces, mv) {
  const sqs = parseMove(mv);
  if (!sqs) return null;
  const [from, to] = sqs;
  const p = pieces.get(from);
  if (!p) return null;
  const { color, role } = p;
  const num = (n) => (color === 'red' ? CN_NUM[n] : String(n));
  const ff = fileOf(from);
  const tf = fileOf(to);
  const dr = rankOf(to) - rankOf(from);
  const forward = color === 'red' ? dr > 0 : dr < 0;
  const diagonal = role === 'n' || role === 'b' || role === 'a';
  let cnAct;
  let wxAct;
  if (dr === 0) { cnAct = '平'; wxAct = '.'; } else if (forward) { cnAct = '进'; wxAct = '+'; } else { cnAct = '退'; wxAct = '-'; }
  const target = dr === 0 || diagonal ? fileNo(color, tf) : Math.abs(dr);
  const cnTail = cnAct + num(target);
  const wxTail = wxAct + String(target);

  let cnHead = CN_PIECE[color][role] + num(fileNo(color, ff));
  let wxHead = WXF_PIECE[role] + String(fileNo(color, ff));
  if (!['k', 'a', 'b'].includes(role)) {
    const same = onFile(pieces, color, role, ff);
    const idx = same.indexOf(from);
    const n = same.length;
    let crowded = 1;
    if (role === 'p') {
      crowded = 0;
      for (let f = 0; f < 9; f++) if (onFile(pieces, color, 'p', f).length >= 2) crowded += 1;
    }
    if (n >= 2 && role === 'p' && crowded >= 2) {
      const ord = n === 2 ? ['前', '后'][idx] : ['前', '中', '后'][idx] || '后';
      const mark = n === 2 ? ['+', '-'][idx] : ['+', String(fileNo(color, ff)), '-'][idx] || '-';
      cnHead = ord + num(fileNo(color, ff));
      wxHead = String(fileNo(color, ff)) + mark;
    } else if (n === 2) {
      cnHead = ['前', '后'][idx] + CN_PIECE[color][role];
      wxHead = WXF_PIECE[role] + ['+', '-'][idx];
    } else if (n === 3) {
      cnHead = ['前', '中', '后'][idx] + CN_PIECE[color][role];
      wxHead = ['P+', `P${fileNo(color, ff)}`, 'P-'][idx];
    } else if (n >= 4) {
      cnHead = ['前', '二', '三', '四', '五'][idx] + CN_PIECE[color][role];
      wxHead = n === 4 ? ['++', 'P+', 'P-', '--'][idx] : ['++', 'P+', `P${fileNo(color, ff)}`, 'P-', '--'][idx];
    }
  }
  return { chinese: cnHead + cnTail, wxf: wxHead + wxTail, iccs: mv };
}

/** Texts of every move of a game: [{ chinese, wxf, iccs }], one per ply (null where unreadable). */
export function describeGame(positions, moves) {
  return moves.map((mv, i) => (positions[i] ? describeMove(positions[i].pieces, mv) : null));
}
