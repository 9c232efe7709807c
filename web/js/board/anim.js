// Piece animation: slides the moved piece from its origin. Can be turned off for tests
// (URL flag ?noanim or localStorage "chuhe.noanim" = "1").

export const ANIM_MS = 180;

/** Whether animations are disabled by the URL flag or the stored setting. */
export function animationsDisabled() {
  try {
    if (new URLSearchParams(globalThis.location?.search || '').has('noanim')) return true;
    return globalThis.localStorage?.getItem('chuhe.noanim') === '1';
  } catch {
    return false;
  }
}

const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Slides `node` (a translated <g>) from `from` to `to` ({x, y}); returns a cancel function. */
export function slide(node, from, to, ms = ANIM_MS) {
  let raf = 0;
  const start = performance.now();
  const frame = (now) => {
    const t = Math.min(1, (now - start) / ms);
    const k = ease(t);
    const x = from.x + (to.x - from.x) * k;
    const y = from.y + (to.y - from.y) * k;
    node.setAttribute('transform', `translate(${x},${y})`);
    if (t < 1) raf = requestAnimationFrame(frame);
  };
  node.setAttribute('transform', `translate(${from.x},${from.y})`);
  raf = requestAnimationFrame(frame);
  return () => {
    cancelAnimationFrame(raf);
    node.setAttribute('transform', `translate(${to.x},${to.y})`);
  };
}
