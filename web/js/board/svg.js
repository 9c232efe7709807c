// Small helpers around document.createElementNS for SVG (cm-chessboard's lib/Svg.js habit).

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes, optionally appended to `parent`. */
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** Removes every child of `node`. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}
