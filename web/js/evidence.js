// A repetition ruling's evidence (docs/protocol.md, Evidence) as the board draws it: every move
// of the repeating cycle numbered, and an arrow from each attacker to what it checked or chased.
// Pure: squares come back as board indices through `parseSquare`.

/**
 * Arrows for `evidence`: [{ from, to, kind: 'move'|'check'|'chase', n }], `n` the move's number
 * in the cycle (1, 2, …). Attacks repeated by several moves are drawn once, with the first
 * move's number.
 */
export function evidenceArrows(evidence, parseSquare) {
  if (!evidence?.cycle) return [];
  const out = [];
  const seen = new Set();
  evidence.cycle.forEach((step, i) => {
    const n = i + 1;
    const from = parseSquare(step.mv.slice(0, 2));
    const to = parseSquare(step.mv.slice(2, 4));
    if (from !== null && to !== null) out.push({ from, to, kind: 'move', n });
    for (const [kind, list] of [['check', step.checks], ['chase', step.chases]]) {
      for (const a of list || []) {
        const key = `${kind}:${a.from}:${a.to}`;
        const af = parseSquare(a.from);
        const at = parseSquare(a.to);
        if (seen.has(key) || af === null || at === null) continue;
        seen.add(key);
        out.push({ from: af, to: at, kind, n });
      }
    }
  });
  return out;
}

/** The ruling in a sentence, in `lang` ('zh' or 'en'). */
export function evidenceText(evidence, lang) {
  return evidence?.explain?.[lang === 'en' ? 'en' : 'zh'] || '';
}
