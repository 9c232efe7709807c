// Warned before losing (issue 21, docs/protocol.md `MoveWarning`): the moves of the side to move
// that would lose by the repetition rules now, or repeat a position for the last allowed time,
// as the board marks them and the table says them; and the table's rules in words. Pure.

import { describeMove } from './notation.js';

/** Map from-square -> Map to-square -> 'loses' | 'last' for the board (`parseMove` gives squares). */
export function warnDests(warnings, parseMove) {
  const out = new Map();
  for (const w of warnings || []) {
    const sq = parseMove(w.mv);
    if (!sq) continue;
    if (!out.has(sq[0])) out.set(sq[0], new Map());
    out.get(sq[0]).set(sq[1], w.kind);
  }
  return out;
}

/** The warning of move `mv` ("e2d4"), or null. */
export function warningOf(warnings, mv) {
  return (warnings || []).find((w) => w.mv === mv) || null;
}

/** `mv` in words: Chinese notation in zh, WXF and ICCS in en (the ICCS text if the move does not fit `pieces`). */
export function moveWords(pieces, mv, lang) {
  const d = pieces ? describeMove(pieces, mv) : null;
  if (!d) return mv;
  return lang === 'zh' ? `${d.chinese}（${mv}）` : `${d.wxf} (${mv})`;
}

/**
 * The warning lines for the player on move: [{ kind, mv, text }], losing moves first. `policy`
 * is the table's `rules.repetition` ('warn' | 'refuse'); `t` translates, `words(mv)` names a move.
 */
export function warningLines(warnings, policy, t, words) {
  const rank = (w) => (w.kind === 'loses' ? 0 : 1);
  return [...(warnings || [])].sort((a, b) => rank(a) - rank(b)).map((w) => {
    const mv = words(w.mv);
    let text;
    if (w.kind === 'loses') {
      const reason = t(`reason.${w.reason}`);
      text = t(policy === 'refuse' ? 'rep.refused' : 'rep.loses', { mv, reason });
    } else {
      text = t(w.loses_next ? 'rep.lastLoses' : 'rep.last', { mv });
    }
    return { kind: w.kind, mv: w.mv, text };
  });
}

/** The table's rules (`RulesView`) in words: "Asian rules (AXF) · 60-move limit · losing repetitions warned". */
export function rulesText(rules, t) {
  if (!rules) return '';
  const limit = rules.move_limit ? t('rules.limit', { n: rules.move_limit }) : t('rules.noLimit');
  return [t(`rules.${rules.profile}`), limit, t(`rules.rep.${rules.repetition}`)].join(' · ');
}
