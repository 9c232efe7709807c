#!/usr/bin/env python3
"""Labels quiet positions with Fairy-Stockfish's search score, for `chuhe-tune tune --teacher`.

Usage: scripts/label_positions.py IN OUT [COUNT] [DEPTH]
  IN     lines `FEN;result` (as `chuhe-tune gen` writes them)
  OUT    lines `FEN;result;score`, the score in centipawns from the side to move's view
         (a mate is written as +/-3000)
  COUNT  how many positions to label, drawn at random (default: all)
  DEPTH  Fairy-Stockfish's search depth per position (default 7)
Environment: FSF (engine path, default /usr/games/fairy-stockfish).
Needs: apt-get install -y fairy-stockfish.
"""
import os
import random
import subprocess
import sys


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    src, dst = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else None
    depth = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    lines = [line.strip() for line in open(src) if ";" in line]
    random.seed(5)
    random.shuffle(lines)
    if count is not None:
        lines = lines[:count]
    fsf = os.environ.get("FSF", "/usr/games/fairy-stockfish")
    engine = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(command: str) -> None:
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    for command in ("uci", "setoption name UCI_Variant value xiangqi", "setoption name Hash value 16", "isready"):
        send(command)
    while engine.stdout.readline().strip() != "readyok":
        pass
    with open(dst, "w") as out:
        for i, line in enumerate(lines):
            fen, result = line.rsplit(";", 1)
            send("position fen " + fen)
            send(f"go depth {depth}")
            score = None
            while True:
                reply = engine.stdout.readline()
                if not reply:
                    sys.exit("fairy-stockfish stopped")
                words = reply.split()
                if words and words[0] == "info" and "score" in words:
                    k = words.index("score")
                    if words[k + 1] == "cp":
                        score = int(words[k + 2])
                    else:
                        score = 3000 if int(words[k + 2]) > 0 else -3000
                if words and words[0] == "bestmove":
                    break
            if score is not None:
                out.write(f"{fen};{result};{score}\n")
            if i % 5000 == 0:
                print(f"{i} of {len(lines)}", file=sys.stderr, flush=True)
    send("quit")


if __name__ == "__main__":
    main()
