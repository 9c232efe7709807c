// Time-control presets and the conversion between the dialog's fields and a TimeControl
// (platform::clock::TimeControl JSON: stages [{time, moves}], per_move, byoyomi {periods, period},
// increment — all times in milliseconds).

const MIN = 60_000;
const SEC = 1000;

/** The systems the dialog offers, each with the fields it shows. */
export const SYSTEMS = {
  two_stage: ['t1', 'm1', 't2', 'm2'], // 联众: T1 min for M1 moves, then T2 min / M2 moves repeating
  qq: ['game', 'perMove', 'byoyomi'], // QQ: 局时 / 步时 / 读秒 (minutes / minutes / seconds)
  fischer: ['base', 'inc'], // blitz/rapid with increment (minutes / seconds)
  byoyomi: ['main', 'periods', 'period'], // main time + N periods of S seconds
  total_per_move: ['total', 'perMove'], // Guangdong: total and per-move limit
  untimed: [],
};

/** Presets: id -> { system, fields }. */
export const PRESETS = {
  ourgame: { system: 'two_stage', fields: { t1: 20, m1: 30, t2: 5, m2: 10 } },
  qq: { system: 'qq', fields: { game: 30, perMove: 5, byoyomi: 180 } },
  qq_fast: { system: 'qq', fields: { game: 10, perMove: 1, byoyomi: 30 } },
  blitz: { system: 'fischer', fields: { base: 5, inc: 3 } },
  rapid: { system: 'fischer', fields: { base: 15, inc: 10 } },
  bullet: { system: 'fischer', fields: { base: 1, inc: 1 } },
  byoyomi: { system: 'byoyomi', fields: { main: 10, periods: 3, period: 30 } },
  guangdong: { system: 'total_per_move', fields: { total: 20, perMove: 2 } },
  untimed: { system: 'untimed', fields: {} },
};

const num = (v) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error('bad number');
  return n;
};

/** Builds a TimeControl from a system id and its fields; throws on invalid input. */
export function toTimeControl(system, f) {
  const tc = { stages: [], per_move: null, byoyomi: null, increment: 0 };
  switch (system) {
    case 'two_stage':
      tc.stages.push({ time: Math.round(num(f.t1) * MIN), moves: Math.round(num(f.m1)) });
      tc.stages.push({ time: Math.round(num(f.t2) * MIN), moves: Math.round(num(f.m2)) });
      break;
    case 'qq':
      tc.stages.push({ time: Math.round(num(f.game) * MIN), moves: 0 });
      if (num(f.perMove) > 0) tc.per_move = Math.round(num(f.perMove) * MIN);
      if (num(f.byoyomi) > 0) tc.byoyomi = { periods: 1, period: Math.round(num(f.byoyomi) * SEC) };
      break;
    case 'fischer':
      tc.stages.push({ time: Math.round(num(f.base) * MIN), moves: 0 });
      tc.increment = Math.round(num(f.inc) * SEC);
      break;
    case 'byoyomi':
      tc.stages.push({ time: Math.round(num(f.main) * MIN), moves: 0 });
      tc.byoyomi = { periods: Math.max(1, Math.round(num(f.periods))), period: Math.round(num(f.period) * SEC) };
      break;
    case 'total_per_move':
      tc.stages.push({ time: Math.round(num(f.total) * MIN), moves: 0 });
      if (num(f.perMove) > 0) tc.per_move = Math.round(num(f.perMove) * MIN);
      break;
    case 'untimed':
      break;
    default:
      throw new Error(`unknown system ${system}`);
  }
  for (const s of tc.stages) {
    if (s.time > 180 * MIN || s.moves > 999) throw new Error('out of range');
  }
  return tc;
}

/** Guesses the dialog system and fields back from a TimeControl (to prefill the dialog). */
export function fromTimeControl(tc) {
  if (!tc || (!tc.stages?.length && !tc.per_move && !tc.byoyomi)) return { system: 'untimed', fields: {} };
  const st = tc.stages || [];
  if (st.length >= 2) {
    return { system: 'two_stage', fields: { t1: st[0].time / MIN, m1: st[0].moves, t2: st[1].time / MIN, m2: st[1].moves } };
  }
  const base = st.length ? st[0].time / MIN : 0;
  if (tc.increment) return { system: 'fischer', fields: { base, inc: tc.increment / SEC } };
  if (tc.byoyomi && tc.byoyomi.periods > 1) {
    return { system: 'byoyomi', fields: { main: base, periods: tc.byoyomi.periods, period: tc.byoyomi.period / SEC } };
  }
  if (tc.byoyomi) {
    return { system: 'qq', fields: { game: base, perMove: (tc.per_move || 0) / MIN, byoyomi: tc.byoyomi.period / SEC } };
  }
  return { system: 'total_per_move', fields: { total: base, perMove: (tc.per_move || 0) / MIN } };
}
