"""A generated block of the README, between two marker comments, replaced or checked."""
import os
import sys


def replace_block(path, begin, end, block, check, stale):
    """Puts `block` (markers included) in place of the file's block from `begin` to `end`. With
    `check`, writes nothing and exits with `stale` when the file's block differs. Exits naming
    the file when it has no such block."""
    with open(path) as f:
        text = f.read()
    if begin not in text or end not in text:
        sys.exit(f"{path} has no {begin} ... {end} block")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    new = head + block + tail
    if check:
        if new != text:
            sys.exit(stale)
        return
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(new)
    os.replace(tmp, path)
