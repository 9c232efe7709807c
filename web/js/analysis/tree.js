// The analysis board's variation tree (pure). Each node is a position reached by one move from
// its parent; a node's first child is its main continuation, the others are variations. Playing
// a move that a node already has goes to that child; a new move adds a variation.

import { readFen, fenTurn, parseMove, otherColor } from '../board/geometry.js';
import { applyMove, checkedKing } from '../rules.js';
import { makeFen } from '../movegen.js';

/** A new tree from `startFen`: { root, startFen }. Nodes: { id, move, parent, children, fen, turn, pieces, check, lastMove }. */
export function createTree(startFen) {
  const pieces = readFen(startFen);
  const turn = fenTurn(startFen);
  const root = { id: 0, move: null, parent: null, children: [], fen: startFen, turn, pieces, check: checkedKing(pieces, turn), lastMove: null, ply: 0 };
  return { root, startFen, nextId: 1 };
}

/** The child of `node` reached by `mv` ("h2e2"), added as a variation when new. */
export function play(tree, node, mv) {
  const known = node.children.find((c) => c.move === mv);
  if (known) return known;
  const pieces = new Map(node.pieces);
  applyMove(pieces, mv);
  const turn = otherColor(node.turn);
  const child = {
    id: tree.nextId++, move: mv, parent: node, children: [], fen: makeFen(pieces, turn), turn, pieces,
    check: checkedKing(pieces, turn), lastMove: parseMove(mv), ply: node.ply + 1,
  };
  node.children.push(child);
  return child;
}

/** Plays `moves` one after the other from `node`; returns the last node reached. */
export function playLine(tree, node, moves) {
  let n = node;
  for (const mv of moves) n = play(tree, n, mv);
  return n;
}

/** The nodes from the root's first move down to `node`. */
export function pathTo(node) {
  const out = [];
  for (let n = node; n && n.parent; n = n.parent) out.unshift(n);
  return out;
}

/** The main continuation of `node` to its end (first children). */
export function mainLineFrom(node) {
  const out = [];
  for (let n = node.children[0]; n; n = n.children[0]) out.push(n);
  return out;
}

/** Every node of the tree (depth first), the root excluded. */
export function allNodes(tree) {
  const out = [];
  const walk = (n) => { for (const c of n.children) { out.push(c); walk(c); } };
  walk(tree.root);
  return out;
}

/** The node with `id`, or null. */
export function findNode(tree, id) {
  if (id === 0) return tree.root;
  return allNodes(tree).find((n) => n.id === id) || null;
}

/** Whether `node` lies on the tree's main line. */
export function onMainLine(node) {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

/** Removes `node` and everything after it; returns its parent (where the board goes). */
export function remove(node) {
  const parent = node.parent;
  if (!parent) return node;
  parent.children = parent.children.filter((c) => c !== node);
  return parent;
}

/**
 * Promotes the variation that holds `node`: the nearest branch above it (or at it) that is not its
 * parent's first child moves one place up (to the main continuation when it was the second).
 * Returns whether anything changed.
 */
export function promote(node) {
  for (let n = node; n.parent; n = n.parent) {
    const siblings = n.parent.children;
    const i = siblings.indexOf(n);
    if (i > 0) {
      [siblings[i - 1], siblings[i]] = [siblings[i], siblings[i - 1]];
      return true;
    }
  }
  return false;
}

/**
 * The tree as a flat list of tokens in PGN order (the main move, then its variations in
 * parentheses, then the main line goes on):
 * { kind: 'move', node, number: '3.' | '3...' | '' } | { kind: 'open' } | { kind: 'close' }.
 * A number is given to every Red move and to a Black move that starts a line or follows a
 * variation.
 */
export function tokens(tree) {
  const out = [];
  const redFirst = tree.root.turn === 'red';
  const numberOf = (node, forced) => {
    const k = node.ply - 1 + (redFirst ? 0 : 1); // half-moves from a Red-to-move start
    const n = Math.floor(k / 2) + 1;
    if (k % 2 === 0) return `${n}.`;
    return forced ? `${n}...` : '';
  };
  const walk = (node, forced) => {
    const [main, ...vars] = node.children;
    if (!main) return;
    out.push({ kind: 'move', node: main, number: numberOf(main, forced) });
    for (const v of vars) {
      out.push({ kind: 'open' });
      out.push({ kind: 'move', node: v, number: numberOf(v, true) });
      walk(v, false);
      out.push({ kind: 'close' });
    }
    walk(main, vars.length > 0);
  };
  walk(tree.root, true);
  return out;
}

/**
 * The move number of the move to be played from `node` ("3." for Red's, "3..." for Black's),
 * counting moves, not plies, from the tree's start: engine lines begin with it.
 */
export function nextMoveNumber(tree, node) {
  const k = node.ply + (tree.root.turn === 'red' ? 0 : 1);
  const n = Math.floor(k / 2) + 1;
  return k % 2 === 0 ? `${n}.` : `${n}...`;
}
