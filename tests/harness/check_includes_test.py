#!/usr/bin/env python3
"""tools/check_includes.py fails on what it is there to find: an include against the module order
and files of one folder that include each other; and passes a tree that has neither."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "check_includes.py")
ORDER = ["low=", "high=linrepro_low", "high/room=linrepro_low"]


def tree(files):
    root = tempfile.mkdtemp()
    for path, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as f:
            f.write(text)
    subprocess.run(["git", "init", "-q", root], check=True)
    return root


def check(root):
    return subprocess.run([sys.executable, SCRIPT, root, *ORDER],
                          capture_output=True, text=True)


class CheckIncludes(unittest.TestCase):
    def test_clean_tree_passes(self):
        root = tree({"low/a.h": "", "high/b.cpp": '#include "low/a.h"\n#include "high/c.h"\n',
                     "high/c.h": '#include "low/a.h"\n'})
        out = check(root)
        self.assertEqual(out.returncode, 0, out.stdout)

    def test_include_against_the_order_fails(self):
        root = tree({"low/a.cpp": '#include "high/b.h"\n', "high/b.h": ""})
        out = check(root)
        self.assertEqual(out.returncode, 1)
        self.assertIn("low/a.cpp: includes high/b.h, but low does not depend on high", out.stdout)

    def test_a_room_is_its_own_module(self):
        # high/room is not below high: high may not include it, though the folder is inside.
        root = tree({"high/x.cpp": '#include "high/room/y.h"\n', "high/room/y.h": ""})
        out = check(root)
        self.assertEqual(out.returncode, 1)
        self.assertIn("high does not depend on high/room", out.stdout)

    def test_files_including_each_other_fail(self):
        root = tree({"high/a.h": "", "high/a.cpp": '#include "high/b.h"\n', "high/b.h": "",
                     "high/b.cpp": '#include "high/a.h"\n'})
        out = check(root)
        self.assertEqual(out.returncode, 1)
        self.assertIn("files include each other's headers: high/a -> high/b", out.stdout)

    def test_a_cycle_in_any_folder_fails(self):
        root = tree({"low/a.cpp": '#include "low/b.h"\n', "low/b.cpp": '#include "low/a.h"\n',
                     "low/a.h": "", "low/b.h": ""})
        out = check(root)
        self.assertEqual(out.returncode, 1)
        self.assertIn("files include each other's headers: low/a -> low/b", out.stdout)

    def test_a_longer_cycle_fails_once(self):
        root = tree({"low/a.cpp": '#include "low/b.h"\n', "low/b.cpp": '#include "low/c.h"\n',
                     "low/c.cpp": '#include "low/a.h"\n', "low/a.h": "", "low/b.h": "",
                     "low/c.h": ""})
        out = check(root)
        self.assertEqual(out.returncode, 1)
        self.assertEqual(out.stdout.count("include each other"), 1, out.stdout)
        self.assertIn("low/a -> low/b -> low/c", out.stdout)

if __name__ == "__main__":
    unittest.main()
