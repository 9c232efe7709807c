#!/usr/bin/env python3
"""Import circles among the files of a Rust crate.

Usage: scripts/import_cycles.py [--modules] crates/server/src [crates/platform/src/rating ...]
(a folder inside a crate's src: circles among the files under it)

Every `crate::…`, `super::…` and `self::…` path in a file (in `use` lines and inline; test
modules — from `#[cfg(test)]` to the end of the file — left out) is an edge from that file to
the file of the module it names. A name that a `mod.rs`/`lib.rs` re-exports (`pub use x::Y`)
is followed to the file that defines it, and re-exports themselves are not edges. With
`--modules`, a name used through a module's `mod.rs` is an edge to that `mod.rs` (the module's
face) instead, which also finds circles between modules. Prints each circle (strongly connected
set of files) and exits 1 if there is one.
"""
import os
import re
import sys

PATH = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
USE = re.compile(r"\buse\s+([^;]+);", re.S)


def module_of(root, path):
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def strip(text):
    text = re.sub(r"//[^\n]*", "", text)
    cut = text.find("#[cfg(test)]")
    return text if cut < 0 else text[:cut]


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, t):
        depth, parts, cur = 0, [], ""
        for ch in t:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        parts.append(cur)
        for p in parts:
            if not p:
                continue
            i = p.find("{")
            if i >= 0:
                walk(prefix + p[:i], p[i + 1 : p.rfind("}")])
            else:
                out.append(prefix + p.split(" as ")[0].split("as")[0] if " as " in p else prefix + p)

    walk("", tree)
    return out


FOLLOW_FACADES = True


def main(src):
    files = {}
    for d, _, names in os.walk(src):
        for n in names:
            if n.endswith(".rs"):
                p = os.path.join(d, n)
                files[module_of(src, p)] = p
    texts = {m: strip(open(p, encoding="utf-8").read()) for m, p in files.items()}
    facade = {}  # (module, name) -> absolute path of what it re-exports
    for m, t in texts.items():
        if os.path.basename(files[m]) not in ("mod.rs", "lib.rs"):
            continue
        for u in USE.finditer(t):
            if not re.search(r"\bpub(\([^)]*\))?\s+use\s*$", t[max(0, u.start() - 20) : u.start() + 4]):
                continue
            for path in expand_use(u.group(1)):
                segs = path.split("::")
                name = segs[-1]
                facade[(m, name)] = absolute(m, segs, files, is_mod=True)

    def resolve(segs):
        """The file of the deepest module on the path, following re-exports."""
        best = ()
        for i in range(len(segs) + 1):
            if tuple(segs[:i]) in files:
                best = tuple(segs[:i])
        rest = segs[len(best) :]
        if FOLLOW_FACADES and rest and (best, rest[0]) in facade:
            target = facade[(best, rest[0])]
            if target and target != segs:
                return resolve(target + rest[1:])
        return best

    edges = {m: set() for m in files}
    for m, t in texts.items():
        is_facade = os.path.basename(files[m]) in ("mod.rs", "lib.rs")
        body = t
        if is_facade:
            body = re.sub(r"\bpub(\([^)]*\))?\s+use\s+[^;]+;", "", body, flags=re.S)
        for u in USE.finditer(body):
            for path in expand_use(u.group(1)):
                segs = path.split("::")
                if segs[0] in ("crate", "super", "self"):
                    target = resolve(absolute(m, segs, files, is_mod=is_facade))
                    if target != m and target in files:
                        edges[m].add(target)
        for hit in PATH.finditer(re.sub(r"\buse\s+[^;]+;", "", body, flags=re.S)):
            segs = [hit.group(1)] + hit.group(2).split("::")[1:]
            target = resolve(absolute(m, segs, files, is_mod=is_facade))
            if target != m and target in files:
                edges[m].add(target)
    return files, edges


def absolute(m, segs, files, is_mod):
    """`segs` (starting with `crate`, `super` or `self`) written in module `m`, made absolute."""
    base, out = list(m), []
    for i, s in enumerate(segs):
        if i == 0 and s == "crate":
            base = []
        elif s == "self" and i == 0:
            base = list(m)
        elif s == "super" and not out:
            base = base[:-1]
        else:
            out.append(s)
    return base + out


def cycles(edges):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return out


def crate_root(path):
    """The `src` folder of the crate that holds `path`."""
    d = os.path.abspath(path)
    while d != "/":
        if any(os.path.exists(os.path.join(d, f)) for f in ("lib.rs", "main.rs")):
            return d
        d = os.path.dirname(d)
    return os.path.abspath(path)


if __name__ == "__main__":
    found = False
    args = sys.argv[1:]
    if args and args[0] == "--modules":
        FOLLOW_FACADES = False
        args = args[1:]
    for arg in args or ["crates/server/src"]:
        src = crate_root(arg)
        within = os.path.abspath(arg)
        files, edges = main(src)
        for comp in cycles(edges):
            if not all(os.path.abspath(files[m]).startswith(within) for m in comp):
                continue
            found = True
            names = sorted(os.path.relpath(files[m], src) for m in comp)
            print(f"{src}: circle among {', '.join(names)}")
            for m in sorted(comp):
                inside = sorted(os.path.relpath(files[w], src) for w in edges[m] if w in comp)
                print(f"    {os.path.relpath(files[m], src)} -> {', '.join(inside)}")
    if not found:
        print("no import circle")
    sys.exit(1 if found else 0)
