#!/usr/bin/env python3
"""The include order of the source folders, checked against CMake's module list.

Usage: check_includes.py ROOT MODULE=DEP,DEP ... (CMakeLists.txt passes every
linrepro_module's folder and its linrepro_ DEPS; tests/CMakeLists.txt runs it as the ctest
`include_order`).

Fails (exit 1, one line per problem) when
  - a file of a module includes a header of a module that is neither its own nor among its DEPS,
    directly or through theirs (the folder of a header is the longest module folder it lies in);
  - files of one folder include each other's headers in a cycle (a.cpp includes b.h and b.cpp
    includes a.h, or longer): a folder's files form a one-way order too.
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module_folders(specs):
    deps = {}
    for spec in specs:
        name, _, rest = spec.partition("=")
        deps[name] = [d[len("linrepro_"):] for d in rest.split(",") if d]
    # linrepro_harness_results -> harness/results: a target names the folder with "/" as "_".
    by_target = {m.replace("/", "_"): m for m in deps}
    for m in deps:
        unknown = [d for d in deps[m] if d not in by_target]
        if unknown:
            sys.exit(f"check_includes: {m} depends on unknown module(s) {unknown}")
        deps[m] = [by_target[d] for d in deps[m]]
    return deps


def closure(deps):
    out = {}
    for m in deps:
        seen, stack = set(), [m]
        while stack:
            for d in deps[stack.pop()]:
                if d not in seen:
                    seen.add(d)
                    stack.append(d)
        out[m] = seen
    return out


def owner(path, folders):
    best = None
    for f in folders:
        if path.startswith(f + "/") and (best is None or len(f) > len(best)):
            best = f
    return best


def cycles(units):
    """The cycles of a graph {unit: {units}}, each once (Tarjan's strongly connected parts)."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in units.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(units):
        if v not in index:
            visit(v)
    return out


def main():
    root, specs = sys.argv[1], sys.argv[2:]
    deps = module_folders(specs)
    allowed = closure(deps)
    folders = list(deps)
    files = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others",
                            "--exclude-standard", "*.h", "*.cpp"],
                           capture_output=True, text=True, check=True).stdout.split()
    problems, units = [], {}
    for f in files:
        mine = owner(f, folders)
        if mine is None or not os.path.exists(os.path.join(root, f)):
            continue
        unit = os.path.splitext(f)[0]
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            theirs = owner(inc, folders)
            if theirs is None:
                continue
            if theirs != mine and theirs not in allowed[mine]:
                problems.append(f"{f}: includes {inc}, but {mine} does not depend on {theirs} "
                                f"(CMakeLists.txt: {mine}'s DEPS)")
            other = os.path.splitext(inc)[0]
            if theirs == mine and other != unit and os.path.dirname(other) == os.path.dirname(unit):
                units.setdefault(unit, set()).add(other)
    for part in cycles(units):
        problems.append("files include each other's headers: " + " -> ".join(part))
    for p in problems:
        print(p)
    print(f"check_includes: {len(files)} files, {len(deps)} modules, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
