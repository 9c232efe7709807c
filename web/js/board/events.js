// Binds pointer and keyboard listeners to the SVG and feeds the input machine; returns unbind.

import { fromPoint } from './geometry.js';

/** Converts a pointer event to SVG coordinates. */
export function svgPoint(svg, ev) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return { x: 0, y: 0 };
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y };
}

export function bindEvents(svg, input, getOrientation, onDragMove) {
  const sqAt = (ev) => {
    const p = svgPoint(svg, ev);
    return { sq: fromPoint(p.x, p.y, getOrientation()), p };
  };
  const down = (ev) => {
    if (ev.button !== undefined && ev.button !== 0) return;
    const { sq, p } = sqAt(ev);
    ev.preventDefault();
    input.down(sq, ev.clientX, ev.clientY);
    if (input.drag) {
      try { svg.setPointerCapture(ev.pointerId); } catch { /* synthetic events */ }
    }
    onDragMove(p);
  };
  const move = (ev) => {
    if (!input.drag) return;
    const { p } = sqAt(ev);
    input.moveTo(ev.clientX, ev.clientY);
    onDragMove(p);
  };
  const up = (ev) => {
    if (!input.drag) return;
    const { sq } = sqAt(ev);
    input.up(sq);
  };
  const cancel = () => input.cancel();
  const key = (ev) => { if (ev.key === 'Escape') input.cancel(); };
  svg.addEventListener('pointerdown', down);
  svg.addEventListener('pointermove', move);
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', cancel);
  document.addEventListener('keydown', key);
  return () => {
    svg.removeEventListener('pointerdown', down);
    svg.removeEventListener('pointermove', move);
    svg.removeEventListener('pointerup', up);
    svg.removeEventListener('pointercancel', cancel);
    document.removeEventListener('keydown', key);
  };
}
