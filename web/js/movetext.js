// Reads a move typed by a player — ICCS (h2e2, H2-E2), WXF (C2.5, C2=5, c25, H8+7) or Chinese
// (炮二平五, 炮2平5, 马8进7, 前车进一, traditional 傌 俥 砲 …) — by matching it against the texts of
// the legal moves (notation.js). Pure: tested under node.

import { describeMove } from './notation.js';

const FULL_WIDTH = /[\uFF01-\uFF5E]/g;
const CN_DIGITS = { 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9' };
/** Every way of writing a Chinese piece or word, to one form for both colours. */
const CN_SAME = {
  帥: '帅', 帅: '帅', 將: '帅', 将: '帅', 仕: '仕', 士: '仕', 相: '相', 象: '相',
  馬: '马', 傌: '马', 马: '马', 車: '车', 俥: '车', 车: '车', 砲: '炮', 炮: '炮', 包: '炮',
  兵: '兵', 卒: '兵', 進: '进', 后: '后', 後: '后',
};

/** Full-width letters and digits as ASCII, spaces and dashes out. */
function ascii(text) {
  return String(text).replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xFEE0))
    .replace(/[\s\u3000]/g, '');
}

/** A Chinese text in one canonical form: simplified red glyphs, ASCII digits. */
export function canonicalChinese(text) {
  let out = '';
  for (const c of ascii(text)) out += CN_SAME[c] || CN_DIGITS[c] || c;
  return out;
}

/** A WXF text in one canonical form: upper case, `.` for traverse, H/E/K for N/B/G. */
export function canonicalWxf(text) {
  const w = ascii(text).toUpperCase().replace(/=/g, '.').replace(/N/g, 'H').replace(/B/g, 'E').replace(/G/g, 'K');
  // No operator means a traverse: C25 = C2.5.
  return /^[KAEHRCP][1-9][1-9]$/.test(w) ? `${w.slice(0, 2)}.${w[2]}` : w;
}

/**
 * The legal move (`legal`: ICCS texts) that `typed` names in `pieces` (a Map square -> piece):
 * `{ mv }`, or `{ error: 'empty' | 'none' | 'ambiguous' }`.
 */
export function matchMove(typed, pieces, legal) {
  const text = ascii(typed);
  if (!text) return { error: 'empty' };
  const iccs = text.toLowerCase().replace(/-/g, '');
  if (/^[a-i][0-9][a-i][0-9]$/.test(iccs)) {
    return legal.includes(iccs) ? { mv: iccs } : { error: 'none' };
  }
  const cn = canonicalChinese(text);
  const wxf = canonicalWxf(text);
  const found = new Set();
  for (const mv of legal) {
    const d = describeMove(pieces, mv);
    if (!d) continue;
    if (canonicalChinese(d.chinese) === cn || canonicalWxf(d.wxf) === wxf) found.add(mv);
  }
  if (found.size === 1) return { mv: [...found][0] };
  return { error: found.size ? 'ambiguous' : 'none' };
}
