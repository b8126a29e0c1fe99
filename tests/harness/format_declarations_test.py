#!/usr/bin/env python3
"""tools/format_declarations.py --check fails on a file laid out otherwise, naming it, and passes
the same content laid out its way; without --check it rewrites the file to that layout."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "format_declarations.py")
CONTENT = '{"paper": "p", "experiments": {"e": {"artifacts": ["table1", "table2"]}}}'


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


class FormatDeclarations(unittest.TestCase):
    def test_other_layout_fails_then_rewrite_passes(self):
        path = os.path.join(tempfile.mkdtemp(), "experiments.json")
        with open(path, "w") as f:
            f.write('{"paper":  "p",\n "experiments": {"e": {"artifacts": ["table1", "table2"]}}}\n')
        checked = run("--check", path)
        self.assertEqual(checked.returncode, 1)
        self.assertIn(path, checked.stderr)
        self.assertEqual(run(path).returncode, 0)
        self.assertEqual(run("--check", path).returncode, 0)
        with open(path) as f:
            self.assertEqual(f.read(), CONTENT + "\n")

    def test_a_long_value_takes_one_entry_per_line(self):
        path = os.path.join(tempfile.mkdtemp(), "experiments.json")
        with open(path, "w") as f:
            f.write('{"why": "%s", "n": 1}' % ("x" * 120))
        run(path)
        with open(path) as f:
            self.assertEqual(f.read(), '{\n  "why": "%s",\n  "n": 1\n}\n' % ("x" * 120))


if __name__ == "__main__":
    unittest.main()
