// The international piece set: each piece drawn as a sign of how it moves (our own drawing, no
// copied artwork) for players who do not read the characters — a crown for the king, a
// diagonal cross for the advisor, a diamond for the elephant, an L for the horse, a straight
// cross for the chariot, a cross with a hop ring for the cannon, a forward arrow for the pawn.
// Chosen with the setting "pieces" (settings.js); render.js asks `pieceSet()`.

import { el } from './svg.js';

/** Each role's strokes (SVG path data in a piece of radius 45), and whether its shape is filled. */
const ICONS = {
  k: { d: 'M-20,12 L-22,-12 L-10,-1 L0,-19 L10,-1 L22,-12 L20,12 Z M-20,19 H20', fill: true },
  a: { d: 'M-16,-16 L16,16 M16,-16 L-16,16', fill: false, dots: [[-16, -16], [16, 16], [16, -16], [-16, 16]] },
  b: { d: 'M0,-21 L21,0 L0,21 L-21,0 Z', fill: false, dots: [[0, -21], [21, 0], [0, 21], [-21, 0]] },
  n: { d: 'M-12,20 V-14 H14 M6,-22 L14,-14 L6,-6', fill: false },
  r: { d: 'M-23,0 H23 M0,-23 V23 M-17,-6 L-23,0 L-17,6 M17,-6 L23,0 L17,6 M-6,-17 L0,-23 L6,-17 M-6,17 L0,23 L6,17', fill: false },
  c: { d: 'M-23,0 H-10 M10,0 H23 M0,-23 V-10 M0,10 V23', fill: false, ring: 10 },
  p: { d: 'M0,20 V-18 M-11,-6 L0,-19 L11,-6', fill: false },
};

/** The piece set chosen on this page: 'chars' (traditional characters) or 'icons'. */
export function pieceSet() {
  return globalThis.document?.documentElement?.dataset?.pieces === 'icons' ? 'icons' : 'chars';
}

/** Draws `role`'s sign in `tone` into the piece group `g` (centred on 0,0). */
export function drawIcon(g, role, tone) {
  const icon = ICONS[role];
  if (!icon) return;
  const s = el('g', { class: 'xq-icon', 'data-role': role }, g);
  el('path', {
    d: icon.d, stroke: tone, 'stroke-width': 5.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
    fill: icon.fill ? tone : 'none',
  }, s);
  for (const [x, y] of icon.dots || []) el('circle', { cx: x, cy: y, r: 4.5, fill: tone }, s);
  if (icon.ring) el('circle', { r: icon.ring, fill: 'none', stroke: tone, 'stroke-width': 5 }, s);
}
