#!/usr/bin/python3
"""Lays out experiments/*/experiments.json one way: a value stays on one line when it fits in 100
columns (with its comma), else it takes one entry per line; a list of plain values that does not
fit fills its lines. `make format` runs it; --check (ctest declarations_formatted) fails on a file
laid out otherwise, naming it."""
import glob
import json
import os
import sys

WIDTH = 100


def one_line(v):
    return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))


def plain(v):
    return not isinstance(v, (dict, list))


def layout(v, indent, used):
    """`v` at `indent`, its first line already holding `used` characters."""
    flat = one_line(v)
    if plain(v) or used + len(flat) + 1 <= WIDTH:
        return flat
    pad = " " * (indent + 2)
    end = "\n" + " " * indent
    if isinstance(v, dict):
        entries = []
        for key, x in v.items():
            head = json.dumps(key, ensure_ascii=False) + ": "
            entries.append(pad + head + layout(x, indent + 2, indent + 2 + len(head)))
        return "{\n" + ",\n".join(entries) + end + "}"
    if all(plain(x) for x in v):
        lines, line = [], ""
        for x in v:
            t = one_line(x)
            if line and len(pad) + len(line) + 2 + len(t) + 1 > WIDTH:
                lines.append(line + ",")
                line = t
            else:
                line = line + ", " + t if line else t
        lines.append(line)
        return "[\n" + "\n".join(pad + l for l in lines) + end + "]"
    return "[\n" + ",\n".join(pad + layout(x, indent + 2, indent + 2) for x in v) + end + "]"


def formatted(text):
    return layout(json.loads(text), 0, 0) + "\n"


def main(argv):
    check = "--check" in argv
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    paths = [a for a in argv if a != "--check"] or sorted(
        glob.glob(os.path.join(root, "experiments", "*", "experiments.json")))
    wrong = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        want = formatted(text)
        if text == want:
            continue
        if check:
            wrong.append(path)
        else:
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                f.write(want)
            os.replace(path + ".tmp", path)
    for path in wrong:
        print(f"{path}: not laid out as tools/format_declarations.py lays it out "
              "(run `make format`)", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
