#!/usr/bin/python3
"""The README's performance table is the one bench/perf_table.py generates from the committed
results/bench/*.json (issue 19 item 3), and the check fails when either side changes."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "bench", "perf_table.py")
RESULTS = os.path.join(REPO, "results", "bench")


def check(readme, results):
    return subprocess.run([sys.executable, SCRIPT, "--check", "--readme", readme, "--results", results],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class PerfTable(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.readme = os.path.join(self.tmp, "README.md")
        shutil.copy(os.path.join(REPO, "README.md"), self.readme)
        self.results = os.path.join(self.tmp, "bench")
        shutil.copytree(RESULTS, self.results)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_readme_agrees_with_the_committed_results(self):
        r = check(os.path.join(REPO, "README.md"), RESULTS)
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_a_changed_measurement_makes_the_readme_stale(self):
        path = os.path.join(self.results, "bench_column_relaxation.json")
        with open(path) as f:
            d = json.load(f)
        peer = next(b for b in d["benchmarks"] if "/liblinear-s0" in b["name"])
        peer["real_time"] *= 3  # the peer three times slower: every logistic ratio moves
        with open(path, "w") as f:
            json.dump(d, f)
        r = check(self.readme, self.results)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("not the one", r.stderr)

    def test_a_hand_edit_of_the_table_is_caught(self):
        with open(self.readme) as f:
            text = f.read()
        with open(self.readme, "w") as f:
            f.write(text.replace("| goal |", "| target |", 1))
        self.assertNotEqual(check(self.readme, self.results).returncode, 0)

    def test_a_missing_program_says_not_measured_instead_of_keeping_old_numbers(self):
        os.remove(os.path.join(self.results, "bench_svm.json"))
        subprocess.run([sys.executable, SCRIPT, "--readme", self.readme, "--results", self.results],
                       check=True, stdout=subprocess.DEVNULL)
        with open(self.readme) as f:
            text = f.read()
        self.assertIn("| SMO, time to 1e-3 of its optimum | LIBSVM | not measured |", text)


if __name__ == "__main__":
    unittest.main()
