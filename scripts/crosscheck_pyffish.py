#!/usr/bin/env python3
"""Cross-check Chuhe's legal move generation against Fairy-Stockfish's rules (PyPI `pyffish`).

Plays random games with pyffish as the referee and compares, in every visited position, the set of
legal moves pyffish reports (UCI ranks 1-10, converted to ICCS ranks 0-9) with what
`chuhe moves --batch` prints. Exits non-zero on the first disagreement.

Usage: crosscheck_pyffish.py CHUHE_BINARY [--positions N] [--seed S]
"""
import argparse
import random
import re
import subprocess
import sys

import pyffish as sf

VARIANT = "xiangqi"
SQUARE = re.compile(r"([a-i])(10|[1-9])")


def to_iccs(uci_move):
    """'h10g8' (ranks 1-10) -> 'h9g7' (ranks 0-9)."""
    parts = SQUARE.findall(uci_move)
    if len(parts) != 2 or "".join(f + r for f, r in parts) != uci_move:
        raise ValueError(f"unexpected pyffish move {uci_move!r}")
    return "".join(f + str(int(r) - 1) for f, r in parts)


def random_positions(count, rng):
    """FENs and pyffish legal-move sets from random games (each game at most 200 plies)."""
    start = sf.start_fen(VARIANT)
    out = []
    while len(out) < count:
        fen = start
        for _ in range(200):
            legal = sf.legal_moves(VARIANT, fen, [])
            out.append((fen, {to_iccs(m) for m in legal}))
            if not legal or len(out) >= count:
                break
            # Prefer captures now and then so that games reach sparse endgames too.
            captures = [m for m in legal if is_capture(fen, m)]
            move = rng.choice(captures) if captures and rng.random() < 0.3 else rng.choice(legal)
            fen = sf.get_fen(VARIANT, fen, [move])
    return out


def is_capture(fen, move):
    board = fen.split()[0].split("/")
    (f, r) = SQUARE.findall(move)[1]
    row = board[10 - int(r)]
    col = ord(f) - ord("a")
    x = 0
    for ch in row:
        if ch.isdigit():
            x += int(ch)
        else:
            if x == col:
                return True
            x += 1
        if x > col:
            return False
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("chuhe")
    ap.add_argument("--positions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=20261130)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    positions = random_positions(args.positions, rng)
    stdin = "".join(fen + "\n" for fen, _ in positions)
    run = subprocess.run([args.chuhe, "moves", "--batch"], input=stdin, capture_output=True,
                         text=True, check=True)
    lines = run.stdout.splitlines()
    if len(lines) != len(positions):
        print(f"expected {len(positions)} lines from chuhe, got {len(lines)}", file=sys.stderr)
        return 1
    total_moves = 0
    for (fen, expected), line in zip(positions, lines):
        if line.startswith("error:"):
            print(f"chuhe rejected a pyffish position: {fen}: {line}", file=sys.stderr)
            return 1
        ours = set(line.split())
        total_moves += len(expected)
        if ours != expected:
            print(f"MISMATCH in {fen}", file=sys.stderr)
            print(f"  only chuhe:   {sorted(ours - expected)}", file=sys.stderr)
            print(f"  only pyffish: {sorted(expected - ours)}", file=sys.stderr)
            return 1
    print(f"pyffish cross-check: {len(positions)} positions, {total_moves} legal moves, all equal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
