// The analysis tree as PGN with variations (standard RAV: `( … )` after the move they replace),
// in Chinese, WXF or ICCS notation. xiangqi's reader keeps the main line and reads the variations
// as comments (crates/server/tests/server/import.rs reads this module's output back).

import { START_FEN } from '../board/geometry.js';
import { describeMove } from '../notation.js';
import { tokens } from './tree.js';

const FORMAT = { chinese: 'Chinese', wxf: 'WXF', iccs: 'ICCS' };

/** A move's text in `notation` ('chinese' | 'wxf' | 'iccs'); ICCS is written `H2-E2`. */
export function moveText(node, notation) {
  if (notation === 'iccs') return `${node.move.slice(0, 2)}-${node.move.slice(2)}`.toUpperCase();
  const d = describeMove(node.parent.pieces, node.move);
  return (d && d[notation]) || node.move;
}

/** The PGN text of `tree`; `tags` are extra [name, value] pairs written after Event. */
export function treePgn(tree, notation = 'chinese', tags = []) {
  const esc = (v) => String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  const head = [['Game', 'Chinese Chess'], ['Event', 'Chuhe analysis'], ...tags, ['Result', '*'], ['Format', FORMAT[notation] || 'Chinese']];
  if (tree.startFen.split(' ').slice(0, 2).join(' ') !== START_FEN.split(' ').slice(0, 2).join(' ')) head.push(['FEN', tree.startFen]);
  const words = [];
  let open = false; // the previous word was '(': no space after it
  for (const tk of tokens(tree)) {
    if (tk.kind === 'open') { words.push('('); open = true; continue; }
    if (tk.kind === 'close') { words[words.length - 1] += ')'; continue; }
    const text = (tk.number ? `${tk.number} ` : '') + moveText(tk.node, notation);
    if (open) { words[words.length - 1] += text; open = false; } else words.push(text);
  }
  words.push('*');
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 80) { lines.push(line); line = w; } else line = line ? `${line} ${w}` : w;
  }
  lines.push(line);
  return `${head.map(([k, v]) => `[${k} "${esc(v)}"]`).join('\n')}\n\n${lines.join('\n')}\n`;
}
