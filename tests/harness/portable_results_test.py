#!/usr/bin/env python3
"""Results that travel (issue 60): no committed result file, fast reference, table, report, page
or benchmark result holds an absolute path of the machine that wrote it ("/home/me/linrepro/data/
a9a"); the harness writes "$LINREPRO_ROOT", "$LINREPRO_MIRROR" and "$LINREPRO_DATA" instead
(core/machine_paths.h). The check is shown to fail on a file that holds one."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# An absolute path under a directory where checkouts, data and scratch space live on a machine:
# what a reader elsewhere does not have. (/usr/bin/python3 and the like name the same on every
# Debian machine and are not looked for.)
MACHINE_PATH = re.compile(
    r"(?<![\w.$<>-])/(?:home|tmp|work|root|mnt|srv|opt|var|Users|scratch|nfs|builds|media|data)"
    r"/[^\s\"'<>)\],;]*")


def machine_paths(path):
    """(line number, path) of each machine path in the file."""
    found = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            found += [(n, m.group(0)) for m in MACHINE_PATH.finditer(line)]
    return found


def committed_results():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "results"], capture_output=True,
                         text=True, check=True).stdout.split()
    return [os.path.join(ROOT, p) for p in out
            if p.endswith((".json", ".md", ".html", ".csv", ".txt"))]


class PortableResults(unittest.TestCase):
    def test_no_committed_result_holds_a_machine_path(self):
        files = committed_results()
        self.assertGreater(len(files), 50)
        problems = []
        for path in files:
            for n, p in machine_paths(path)[:3]:
                problems.append(f"{os.path.relpath(path, ROOT)}:{n}: {p}")
        self.assertEqual(problems, [], "\n".join(problems[:40]))

    def test_the_check_finds_one(self):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            f.write('{"note": "looked in /home/me/linrepro/data/rcv1-v2: not there",\n'
                     ' "path": "$LINREPRO_ROOT/data/a9a", "python": "/usr/bin/python3"}\n')
        try:
            self.assertEqual(machine_paths(f.name), [(1, "/home/me/linrepro/data/rcv1-v2:")])
        finally:
            os.unlink(f.name)


if __name__ == "__main__":
    sys.exit(unittest.main())
