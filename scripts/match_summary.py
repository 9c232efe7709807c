#!/usr/bin/env python3
"""Summary of one or more match.py output folders (issue #37's measurement).

Reads each folder's games.jsonl (match.py plays every opening twice in a row, colours swapped, so
games 2k+1 and 2k+2 of a folder are a pair) and prints, for the first engine of the match:
W/D/L, score, Elo with a 95 % interval from the game pairs (pentanomial model: the pairs are
independent, the two games of a pair are not), the pentanomial counts, and a GSPRT verdict
for H0: Elo <= ELO0 against H1: Elo >= ELO1 (alpha = beta = 0.05; the log-likelihood ratio of
the normal approximation on pair scores, as fishtest's).

Usage: match_summary.py [--elo0 E0] [--elo1 E1] [--engine NAME] DIR [DIR ...]
"""
import argparse
import json
import math
import os
import sys


def score_of_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(p):
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -400.0 * math.log10(1.0 / p - 1.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    ap.add_argument("--engine", help="engine whose score is reported (default: red of game 1)")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()

    engine = args.engine
    w = d = l = 0
    penta = [0] * 5  # pair scores 0, 0.5, 1, 1.5, 2
    unpaired = 0
    reasons = {}
    for folder in args.dirs:
        path = os.path.join(folder, "games.jsonl")
        if not os.path.exists(path):
            print("no games in %s" % folder, file=sys.stderr)
            continue
        games = [json.loads(x) for x in open(path) if x.strip()]
        if engine is None and games:
            engine = games[0]["red"]
        scores = []
        for g in games:
            red = {"1-0": 1.0, "0-1": 0.0}.get(g["result"], 0.5)
            s = red if g["red"] == engine else 1.0 - red
            scores.append(s)
            if s == 1.0:
                w += 1
            elif s == 0.0:
                l += 1
            else:
                d += 1
            key = g["reason"].split(":")[0]
            reasons[key] = reasons.get(key, 0) + 1
        for k in range(0, len(scores) - 1, 2):
            penta[int(round(2 * (scores[k] + scores[k + 1])))] += 1
        unpaired += len(scores) % 2

    n = w + d + l
    if n == 0:
        print("no games")
        return 1
    score = (w + 0.5 * d) / n
    print("%s: %d games, +%d =%d -%d, score %.1f%%" % (engine, n, w, d, l, 100 * score))
    pairs = sum(penta)
    print("pairs %d (pair score 0 / 0.5 / 1 / 1.5 / 2: %s)%s"
          % (pairs, " / ".join(map(str, penta)), ", %d game unpaired" % unpaired if unpaired else ""))
    print("endings: " + ", ".join("%s %d" % (k, v) for k, v in sorted(reasons.items(), key=lambda x: -x[1])))
    if pairs < 2:
        return 0
    # Per-game score of a pair (pair score / 2): mean and variance over pairs.
    xs = [i / 4.0 for i in range(5)]
    mean = sum(x * c for x, c in zip(xs, penta)) / pairs
    var = sum(c * (x - mean) ** 2 for x, c in zip(xs, penta)) / pairs
    se = math.sqrt(var / pairs) if var > 0 else 0.0
    if 0 < mean < 1:
        lo, hi = max(mean - 1.96 * se, 1e-6), min(mean + 1.96 * se, 1 - 1e-6)
        print("Elo %+.1f +/- %.1f (95%%, pentanomial; interval %+.1f .. %+.1f)"
              % (elo_of_score(mean), (elo_of_score(hi) - elo_of_score(lo)) / 2, elo_of_score(lo), elo_of_score(hi)))
    else:
        print("Elo n/a (score %.0f%%)" % (100 * mean))
    s0, s1 = score_of_elo(args.elo0), score_of_elo(args.elo1)
    a, b = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
    # A floor on the variance keeps a few identical pairs from deciding at once (a typical
    # pair variance is 0.03-0.06).
    llr = pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * max(var, 0.01))
    if pairs < 10:
        verdict = "undecided: fewer than 10 pairs"
    elif llr >= b:
        verdict = "H1 accepted (Elo >= %g)" % args.elo1
    elif llr <= a:
        verdict = "H0 accepted (Elo <= %g)" % args.elo0
    else:
        verdict = "undecided: play more games"
    print("SPRT [%g, %g]: LLR %.2f (bounds %.2f, %.2f): %s" % (args.elo0, args.elo1, llr, a, b, verdict))
    return 0


if __name__ == "__main__":
    sys.exit(main())
