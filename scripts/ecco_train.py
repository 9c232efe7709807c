#!/usr/bin/env python3
"""Derives crates/study/data/ecco_rules.txt from the CCPD master games' [ECCO] tags.

Input: the dump of `cargo run --release -p study --example ccpd_dump -- DIR > dump.tsv`
(folder, ECCO tag, start FEN, ICCS moves), see scripts/ecco_train.sh.

Model: the games are de-duplicated by move sequence; each is normalised (mirrored so that the
first move off the centre file is played on Red's right / Black's left), and described by the
moves of its first 20 plies: `p<ply>=<move>` (that move at that ply) and `f<side><move>` (the
round, minus 10, in which that side first played that move; 0 when it did not). One decision tree
(entropy, scikit-learn CART) is fitted per opening pair of moves that has at least 30 games, and
one for the rest. Positions that the master games reach by several move orders whose prefixes the
trees name differently (at least 4 games) are listed with the majority name (the transposition table).

--cv 5 prints the held-out agreement of k-fold cross-validation instead of writing the rules.
"""
import argparse, collections, random, sys

START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR'
PLIES = 20
MIN_GROUP = 30
MIN_TRANSPOSED = 4  # games through a transposed position before it is listed


def mirror_move(m):
    return chr(97 + 8 - (ord(m[0]) - 97)) + m[1] + chr(97 + 8 - (ord(m[2]) - 97)) + m[3]


def normalize(moves):
    moves = moves[:PLIES]
    flip = False
    for i, m in enumerate(moves):
        ff, tf = ord(m[0]) - 97, ord(m[2]) - 97
        f = ff if ff != 4 else tf
        if f == 4:
            continue
        flip = (f < 4) if i % 2 == 0 else (f > 4)
        break
    return [mirror_move(m) for m in moves] if flip else list(moves)


def features(norm):
    d = {}
    for i, m in enumerate(norm):
        d[f"p{i}={m}"] = 1
    first = {}
    for i, m in enumerate(norm):
        first.setdefault(f"f{i % 2}{m}", i // 2)
    for k, v in first.items():
        d[k] = v - 10
    return d


def group(norm):
    return ' '.join(norm[:2])


def board_after(moves):
    board = {}
    for r, row in enumerate(START.split('/')):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, 9 - r)] = ch
                f += 1
    out = []
    side = 'w'
    for m in moves:
        fr, to = (ord(m[0]) - 97, int(m[1])), (ord(m[2]) - 97, int(m[3]))
        board[to] = board.pop(fr)
        side = 'b' if side == 'w' else 'w'
        out.append((dict(board), side))
    return out


def canon(board, side):
    a = tuple(sorted((p, f, r) for (f, r), p in board.items()))
    b = tuple(sorted((p, 8 - f, r) for (f, r), p in board.items()))
    return (min(a, b), side)


def fen(board, side):
    rows = []
    for r in range(9, -1, -1):
        s, e = '', 0
        for f in range(9):
            p = board.get((f, r))
            if p:
                if e:
                    s += str(e)
                    e = 0
                s += p
            else:
                e += 1
        if e:
            s += str(e)
        rows.append(s)
    return '/'.join(rows) + ' ' + side


def load(path):
    masters, lines, seen = [], [], set()
    for line in open(path, encoding='utf-8'):
        folder, tag, start, mv = line.rstrip('\n').split('\t')
        if not tag or start.split()[0] != START or start.split()[1] != 'w':
            continue
        moves = mv.split()
        if folder.startswith('開局'):
            lines.append((tag, moves))
        elif folder.startswith('對局/大師對局'):
            if mv in seen:
                continue
            seen.add(mv)
            masters.append((tag, moves))
    return masters, lines


def train(rows):
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.tree import DecisionTreeClassifier
    norms = [normalize(m) for _, m in rows]
    count = collections.Counter(group(n) for n in norms)
    by = collections.defaultdict(list)
    for (tag, _), n in zip(rows, norms):
        by[group(n) if count[group(n)] >= MIN_GROUP else 'other'].append((tag, n))
    models = {}
    for k, rs in by.items():
        dv = DictVectorizer()
        x = dv.fit_transform([features(n) for _, n in rs])
        clf = DecisionTreeClassifier(random_state=0, criterion='entropy')
        clf.fit(x, [t for t, _ in rs])
        models[k] = (dv, clf)
    return models


def predict(models, norms):
    out = [None] * len(norms)
    by = collections.defaultdict(list)
    for i, n in enumerate(norms):
        k = group(n)
        by[k if k in models else 'other'].append(i)
    for k, ids in by.items():
        dv, clf = models[k]
        for i, p in zip(ids, clf.predict(dv.transform([features(norms[i]) for i in ids]))):
            out[i] = str(p)
    return out


def transpositions(models, rows):
    """Positions reached by move orders whose prefixes are named differently."""
    names = collections.defaultdict(collections.Counter)
    fens = {}
    prefixes, keys = [], []
    for _, m in rows:
        boards = board_after(m[:PLIES])
        for k in range(1, len(boards) + 1):
            prefixes.append(normalize(m[:k]))
            b, s = boards[k - 1]
            key = canon(b, s)
            keys.append(key)
            fens.setdefault(key, fen(b, s))
    for key, name in zip(keys, predict(models, prefixes)):
        names[key][name] += 1
    table = {}
    for key, c in names.items():
        if len(c) > 1 and sum(c.values()) >= MIN_TRANSPOSED:
            table[fens[key]] = c.most_common(1)[0][0]
    return table


def export(models, table, out):
    w = out.write
    w("# ECCO rules for crates/study (see docs/records.md). Derived by scripts/ecco_train.py from the\n")
    w("# [ECCO] tags of the Chinese Chess Practical Dataset (CCPD) by Yu-Han Tseng, CC BY 4.0.\n")
    w("# tree GROUP: nodes `id p PLY MOVE left right` (left when that move is not played at that\n")
    w("# ply), `id f SIDE MOVE T left right` (left when the round the side first played MOVE, minus 10,\n")
    w("# or 0 when it did not, is <= T), `id = CODE` (a leaf). Moves are ICCS on the normalised game.\n")
    w("# fen BOARD SIDE CODE: a position reached by move orders named differently, and its name.\n")
    for k in sorted(models):
        dv, clf = models[k]
        t = clf.tree_
        names = dv.feature_names_
        w(f"tree {k}\n")
        for i in range(t.node_count):
            l, r = t.children_left[i], t.children_right[i]
            if l == -1:
                w(f"{i} = {clf.classes_[t.value[i][0].argmax()]}\n")
                continue
            f = names[t.feature[i]]
            if f.startswith('p'):
                ply, mv = f[1:].split('=')
                w(f"{i} p {ply} {mv} {l} {r}\n")
            else:
                import math
                w(f"{i} f {f[1]} {f[2:]} {math.floor(t.threshold[i])} {l} {r}\n")
    for f in sorted(table):
        w(f"fen {f} {table[f]}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dump')
    ap.add_argument('--out')
    ap.add_argument('--cv', type=int, default=0)
    a = ap.parse_args()
    masters, lines = load(a.dump)
    print(f"{len(masters)} distinct master games, {len(lines)} opening lines", file=sys.stderr)
    if a.cv:
        random.seed(1)
        idx = list(range(len(masters)))
        random.shuffle(idx)
        ok = letter = total = 0
        for fold in range(a.cv):
            test = set(idx[fold::a.cv])
            models = train([masters[i] for i in range(len(masters)) if i not in test] + lines)
            te = sorted(test)
            for i, p in zip(te, predict(models, [normalize(masters[i][1]) for i in te])):
                total += 1
                ok += p == masters[i][0]
                letter += p[0] == masters[i][0][0]
        print(f"{a.cv}-fold held-out: exact {ok}/{total} = {ok / total:.4f}, "
              f"letter {letter}/{total} = {letter / total:.4f}")
        return
    models = train(masters + lines)
    table = transpositions(models, masters + lines)
    with open(a.out, 'w', encoding='utf-8') as out:
        export(models, table, out)
    print(f"{sum(m[1].tree_.node_count for m in models.values())} nodes in {len(models)} trees, "
          f"{len(table)} transposition positions", file=sys.stderr)


if __name__ == '__main__':
    main()
