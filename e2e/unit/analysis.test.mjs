// Unit tests of the analysis board's pure modules: client move generation (perft), set-up
// validation, the variation tree (play, branch, delete, promote, tokens) and its PGN export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { START_FEN, parseSquare } from '../../web/js/board/geometry.js';
import { perft, legalMoves, positionProblem, possibleSquare, destsOf } from '../../web/js/movegen.js';
import { readFen } from '../../web/js/board/geometry.js';
import {
  createTree, play, playLine, pathTo, mainLineFrom, remove, promote, tokens, onMainLine, findNode,
} from '../../web/js/analysis/tree.js';
import { treePgn } from '../../web/js/analysis/pgn.js';
import { engineLineView, formatEval } from '../../web/js/analysis/engine.js';

test('move generation matches the known perft of the start position', () => {
  assert.equal(perft(START_FEN, 1), 44);
  assert.equal(perft(START_FEN, 2), 1920);
  assert.equal(perft(START_FEN, 3), 79666);
});

test('move generation: pins, facing kings, cannon screens, checks answered', () => {
  // The red horse on e1 is pinned: moving it would let the kings face each other.
  const pinned = legalMoves(readFen('4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1'), 'red');
  assert.ok(!pinned.some((m) => m.startsWith('e1')), pinned.join(' '));
  assert.ok(pinned.includes('e0d0'));
  // The king may not step onto the open file of the other king.
  assert.ok(!legalMoves(readFen('4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1'), 'red').includes('d0e0'));
  // In check from a cannon: capture it, move the screen away or step aside; not keep the screen.
  const check = legalMoves(readFen('4k4/9/9/9/4c4/9/9/9/4R4/4K4 w - - 0 1'), 'red');
  for (const mv of ['e1e5', 'e1d1', 'e0d0']) assert.ok(check.includes(mv), mv);
  assert.ok(!check.includes('e1e2'));
  // A cannon captures over exactly one screen.
  const cannon = legalMoves(readFen('5k3/9/9/9/4p4/9/9/4C4/9/3K5 w - - 0 1'), 'red');
  assert.ok(!cannon.includes('e2e5') && cannon.includes('e2e4') && cannon.includes('e2e9') === false);
  assert.ok(destsOf(readFen(START_FEN), 'red').get(parseSquare('h2')).includes(parseSquare('e2')));
});

test('set-up positions: only the ones the game allows', () => {
  assert.equal(positionProblem(START_FEN), null);
  assert.equal(positionProblem('4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1')?.key, 'setup.opponentInCheck');
  assert.equal(positionProblem('3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1'), null);
  assert.equal(positionProblem('3k5/9/9/9/9/9/9/9/9/9 w - - 0 1')?.key, 'setup.kings');
  assert.equal(positionProblem('3k5/9/9/9/9/9/9/9/9/3K1K3 w - - 0 1')?.key, 'setup.kings');
  assert.equal(positionProblem('3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1')?.key, 'setup.badSquare');
  assert.equal(positionProblem('3k5/9/9/9/9/9/P8/9/9/4K4 w - - 0 1'), null);
  assert.equal(positionProblem('3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1')?.key, 'setup.badSquare');
  assert.equal(positionProblem('3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1')?.key, 'setup.badSquare');
  assert.equal(positionProblem('3k5/9/9/9/9/9/9/9/9/B3K4 w - - 0 1')?.key, 'setup.badSquare');
  assert.equal(positionProblem('3k5/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1')?.key, 'setup.tooMany');
  assert.equal(positionProblem('nonsense')?.key, 'setup.badFen');
  // Black mated: a finished position is no start for analysis.
  assert.equal(positionProblem('3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1')?.key, 'setup.finished');
  const b = (sq) => possibleSquare({ color: 'black', role: 'b' }, parseSquare(sq));
  assert.ok(b('c9') && b('e7') && b('g5') && !b('e9') && !b('c3'));
});

test('the tree: moves, variations, delete and promote', () => {
  const tree = createTree(START_FEN);
  const main = playLine(tree, tree.root, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  const e2 = tree.root.children[0];
  assert.equal(play(tree, e2, 'h9g7'), e2.children[0], 'a known move goes to its child');
  const v1 = playLine(tree, e2, ['h7e7', 'h0g2']);
  const g7 = e2.children[0];
  const v2 = play(tree, g7, 'c3c4');
  assert.deepEqual(pathTo(main).map((n) => n.move), ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  assert.deepEqual(pathTo(v1).map((n) => n.move), ['h2e2', 'h7e7', 'h0g2']);
  assert.equal(mainLineFrom(tree.root).length, 4);
  assert.ok(onMainLine(main) && !onMainLine(v1));
  assert.equal(v1.turn, 'black');
  assert.match(v1.fen, / b - - 0 1$/);
  assert.equal(findNode(tree, v2.id), v2);

  const words = tokens(tree).map((t) => (t.kind === 'move' ? `${t.number}${t.node.move}` : t.kind));
  assert.deepEqual(words, ['1.h2e2', 'h9g7', 'open', '1...h7e7', '2.h0g2', 'close', '2.h0g2', 'open', '2.c3c4', 'close', '2...i9h9']);

  assert.equal(treePgn(tree, 'iccs'), '[Game "Chinese Chess"]\n[Event "Chuhe analysis"]\n[Result "*"]\n[Format "ICCS"]\n\n'
    + '1. H2-E2 H9-G7 (1... H7-E7 2. H0-G2) 2. H0-G2 (2. C3-C4) 2... I9-H9 *\n');
  assert.match(treePgn(tree, 'chinese'), /1\. 炮二平五 马8进7 \(1\.\.\. 炮8平5 2\. 马二进三\) 2\. 马二进三 \(2\. 兵七进一\) 2\.\.\. 车9平8 \*/);

  // Promote the variation 1... h7e7: it becomes the main line; again: nothing above it to pass.
  assert.ok(promote(v1));
  assert.deepEqual(mainLineFrom(tree.root).map((n) => n.move), ['h2e2', 'h7e7', 'h0g2']);
  assert.ok(onMainLine(v1));
  assert.ok(!promote(v1));
  // Delete the old main line's second move: its subtree goes, the board goes to its parent.
  assert.equal(remove(g7), e2);
  assert.deepEqual(e2.children.map((c) => c.move), ['h7e7']);
  assert.equal(findNode(tree, v2.id), null);
});

test('a tree from a Black-to-move FEN numbers its first move 1...', () => {
  const fen = START_FEN.replace(' w ', ' b ');
  const tree = createTree(fen);
  playLine(tree, tree.root, ['h7e7', 'h2e2']);
  const pgn = treePgn(tree, 'iccs');
  assert.match(pgn, /\[FEN "rnbakabnr.* b - - 0 1"\]/);
  assert.match(pgn, /\n1\.\.\. H7-E7 2\. H2-E2 \*\n$/);
});

test('engine lines: Red-POV pawns, mates, Chinese moves', () => {
  assert.equal(formatEval({ cp: 35, mate: null }), '+0.35');
  assert.equal(formatEval({ cp: -120, mate: null }), '-1.20');
  assert.equal(formatEval({ cp: 0, mate: null }), '0.00');
  assert.equal(formatEval({ cp: null, mate: 3 }), '#3');
  assert.equal(formatEval({ cp: null, mate: -2 }), '#-2');
  const v = engineLineView(START_FEN, { cp: 20, mate: null, pv: ['h2e2', 'h9g7', 'zz99'] }, 'chinese');
  assert.equal(v.eval, '+0.20');
  assert.deepEqual(v.moves, ['炮二平五', '马8进7'], 'an unreadable move ends the line');
  assert.equal(v.first, 'h2e2');
});

test('engine lines start at the move number of their position, counting moves', async () => {
  const { createTree, play: playMove, nextMoveNumber } = await import('../../web/js/analysis/tree.js');
  const tree = createTree('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  assert.equal(nextMoveNumber(tree, tree.root), '1.');
  const a = playMove(tree, tree.root, 'h2e2');
  assert.equal(nextMoveNumber(tree, a), '1...');
  const b = playMove(tree, a, 'h9g7');
  assert.equal(nextMoveNumber(tree, b), '2.');
});
