// Geometry of the rating history chart (views/account/ratingchart.js draws it). Pure: tested in e2e/unit/.

/** A "nice" step (1, 2 or 5 × 10^k, at least 1: ratings are labelled in whole points) so that `span` is cut into about `count` parts. */
export function niceStep(span, count = 5) {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const f = raw / mag;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return Math.max(1, nice * mag);
}

/** Round tick values covering [min, max]: {min, max, step, ticks}, min/max widened to ticks. */
export function niceTicks(min, max, count = 5) {
  let lo = Number(min);
  let hi = Number(max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) { lo = 0; hi = 1; }
  if (lo > hi) [lo, hi] = [hi, lo];
  if (hi - lo < 1e-9) { lo -= 10; hi += 10; }
  const step = niceStep(hi - lo, count);
  const start = Math.floor(lo / step) * step;
  const end = Math.ceil(hi / step) * step;
  const ticks = [];
  for (let v = start; v <= end + step * 1e-6; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return { min: start, max: end, step, ticks };
}

/** Indices 0..n-1 to label on the x axis: at most `max` of them, evenly spaced, first and last included. */
export function indexTicks(n, max = 8) {
  if (n <= 0) return [];
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const step = Math.ceil((n - 1) / (max - 1));
  const out = [];
  for (let i = 0; i < n - 1; i += step) out.push(i);
  if (n - 1 - out[out.length - 1] < step / 2 && out.length > 1) out.pop();
  out.push(n - 1);
  return out;
}

/**
 * Lays out a rating history ({start, points: [{rating, …}]}) in a box of `width`×`height` with
 * `pad` {l, r, t, b}: the y scale covers the start rating and every point. Point 0 is the start
 * (before the first game); point i is after game i. Returns {x(i), y(r), yTicks, xTicks, pts}.
 */
export function layoutChart(history, { width, height, pad }) {
  const points = history?.points || [];
  const start = Number.isFinite(history?.start) ? history.start : (points[0]?.rating ?? 0) - (points[0]?.delta ?? 0);
  const ratings = [start, ...points.map((p) => p.rating)];
  const scale = niceTicks(Math.min(...ratings), Math.max(...ratings), 5);
  const n = ratings.length;
  const plotW = width - pad.l - pad.r;
  const plotH = height - pad.t - pad.b;
  const x = (i) => pad.l + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (r) => pad.t + plotH - ((r - scale.min) * plotH) / (scale.max - scale.min);
  const pts = ratings.map((r, i) => ({ i, rating: r, x: x(i), y: y(r), point: i ? points[i - 1] : null }));
  return { x, y, yTicks: scale.ticks, xTicks: indexTicks(n), pts, scale };
}

/** An SVG path "M x y L x y …" through the points, with coordinates rounded to 0.1. */
export function linePath(pts) {
  const r = (v) => Math.round(v * 10) / 10;
  return pts.map((p, i) => `${i ? 'L' : 'M'}${r(p.x)} ${r(p.y)}`).join(' ');
}

/** Pawns beyond which the evaluation graph of an analysis is clamped (a mate counts as 10). */
export const EVAL_CLAMP = 10;

/**
 * The y of an evaluation (`pawns`, Red's view) in an evaluation graph of `height` with `pad`
 * {t, b}: 0 in the middle, Red's advantage upwards, clamped to ±EVAL_CLAMP.
 */
export function evalY(pawns, height, pad) {
  const v = Math.max(-EVAL_CLAMP, Math.min(EVAL_CLAMP, Number(pawns) || 0));
  const half = (height - pad.t - pad.b) / 2;
  return pad.t + half - (v / EVAL_CLAMP) * half;
}
