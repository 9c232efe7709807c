// Clock display: turns the server's ClockSnapshot (platform::clock::ClockSnapshot) into what each
// player's clock shows, counting down locally from the moment the snapshot arrived. Server
// updates replace the snapshot and so correct any drift. Pure functions + a small ticker.

/** Below this many milliseconds the clock shows the low-time warning. */
export const LOW_TIME_MS = 10_000;

/** "12:05", "0:09.4" under 10 s, "1:02:03" over an hour; null -> "—". */
export function formatMs(ms, tenths = true) {
  if (ms === null || ms === undefined) return '—';
  const t = Math.max(0, ms);
  if (tenths && t < 10_000) return `0:0${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * What `color`'s clock shows `elapsed` ms after `snap` was received.
 * `control` is the TimeControl (for the byoyomi period length); may be null.
 * Returns { game, move, period, periodsLeft, inByoyomi, running, low, flagged, untimed }.
 */
export function clockView(snap, color, elapsed, control = null) {
  const pv = snap && snap[color];
  if (!pv) return null;
  const running = snap.running === color && !snap.paused;
  const e = running ? Math.max(0, elapsed) : 0;
  let game = pv.game_time ?? null;
  let move = pv.move_time ?? null;
  let inByoyomi = !!pv.in_byoyomi;
  let period = pv.period_time ?? null;
  let periodsLeft = pv.periods_left ?? 0;
  const periodLen = control?.byoyomi?.period ?? null;
  if (running) {
    if (move !== null) move = Math.max(0, move - e);
    if (inByoyomi) {
      ({ period, periodsLeft } = spendByoyomi(period ?? 0, periodsLeft, periodLen, e));
    } else if (game !== null) {
      const left = game - e;
      if (left >= 0) {
        game = left;
      } else {
        game = 0;
        if (periodLen && periodsLeft > 0) {
          inByoyomi = true;
          ({ period, periodsLeft } = spendByoyomi(periodLen, periodsLeft, periodLen, -left));
        }
      }
    }
  }
  const limits = [move, inByoyomi ? period : game].filter((x) => x !== null);
  const tightest = limits.length ? Math.min(...limits) : null;
  const untimed = pv.game_time === null && pv.move_time === null && !pv.in_byoyomi
    && !(control && (control.per_move || (control.stages && control.stages.length)));
  return {
    game, move, period, periodsLeft, inByoyomi, running, untimed,
    flagged: !!pv.flagged || (tightest !== null && tightest <= 0 && running),
    low: tightest !== null && tightest < LOW_TIME_MS && !untimed,
    moves: pv.moves ?? 0,
    movesToStageEnd: pv.moves_to_stage_end ?? null,
  };
}

function spendByoyomi(period, periodsLeft, periodLen, spent) {
  let p = period - spent;
  let left = periodsLeft;
  while (p < 0 && left > 1 && periodLen) {
    left -= 1;
    p += periodLen;
  }
  return { period: Math.max(0, p), periodsLeft: left };
}

/** A ticker that calls `fn` about ten times a second while started. */
export function createTicker(fn, ms = 100) {
  let id = null;
  return {
    start() { if (id === null) id = setInterval(fn, ms); },
    stop() { if (id !== null) clearInterval(id); id = null; },
  };
}

/**
 * A short description of a TimeControl for the table list, e.g. "20′/30 → 5′/10", "5′ +3″"; times
 * that are not whole minutes keep their seconds ("9″", "1′30″").
 */
export function describeControl(tc, t) {
  if (!tc) return '';
  const dur = (ms) => {
    const s = Math.round(ms / 1000);
    if (s % 60 === 0) return `${s / 60}′`;
    return s < 60 ? `${s}″` : `${Math.floor(s / 60)}′${s % 60}″`;
  };
  const parts = [];
  const stages = tc.stages || [];
  if (stages.length) {
    parts.push(stages.map((s) => (s.moves ? `${dur(s.time)}/${s.moves}` : dur(s.time))).join(' → '));
  }
  if (tc.increment) parts.push(`+${dur(tc.increment)}`);
  if (tc.per_move) parts.push(`${t('tc.perMoveShort')} ${dur(tc.per_move)}`);
  if (tc.byoyomi) {
    const n = tc.byoyomi.periods > 1 ? `×${tc.byoyomi.periods}` : '';
    parts.push(`${t('tc.byoyomiShort')} ${dur(tc.byoyomi.period)}${n}`);
  }
  return parts.length ? parts.join(' ') : t('tc.untimed');
}
