#!/usr/bin/python3
"""The README's profile of `make reproduce` is the one bench/profile_table.py makes from the
committed results/bench/profile.json, and bench/profile_reproduce.py reads perf's report right."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "bench"))
import profile_reproduce  # noqa: E402

SCRIPT = os.path.join(REPO, "bench", "profile_table.py")
PROFILE = os.path.join(REPO, "results", "bench", "profile.json")

# `perf report --stdio -q --no-children --sort dso,symbol` as perf 6 prints it.
REPORT = """\
    61.20%  linrepro          [.] linrepro::run_row_relaxation<linrepro::HingeDualStep>(linrepro::CsrMatrix const&, std::span<double const, 18446744073709551615ul>)
     9.80%  linrepro          [.] linrepro::paired_bootstrap(std::vector<unsigned char, std::allocator<unsigned char> > const&)
     0.20%  linrepro          [.] linrepro::paired_bootstrap(std::vector<double, std::allocator<double> > const&)
     5.00%  libm.so.6         [.] __ieee754_exp_fma                      -      -
     3.00%  linrepro          [.] linrepro::(anonymous namespace)::Smo::kernel_column(int)
     1.00%  [kernel.kallsyms] [k] clear_page_erms
     2.00%  liblinear.so.4.2. [.] 0x000000000000447a
     0.50%  liblinear.so.4.2. [.] 0x0000000000004512
"""


def check(readme, profile):
    return subprocess.run([sys.executable, SCRIPT, "--check", "--readme", readme, "--profile",
                           profile], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class ProfileReport(unittest.TestCase):
    def test_functions_by_share_overloads_summed(self):
        rows = profile_reproduce.merge_functions(profile_reproduce.parse_report(REPORT))
        self.assertEqual([(round(s, 4), d, f) for s, d, f in rows],
                         [(0.612, "linrepro", "linrepro::run_row_relaxation<linrepro::HingeDualStep>"),
                          (0.1, "linrepro", "linrepro::paired_bootstrap"),
                          (0.05, "libm.so.6", "__ieee754_exp_fma"),
                          (0.03, "linrepro", "linrepro::(anonymous namespace)::Smo::kernel_column"),
                          (0.025, "liblinear.so.4.2.", "(stripped: no function names)"),
                          (0.01, "[kernel.kallsyms]", "clear_page_erms")])

    def test_totals_weigh_each_share_by_its_experiments_cpu_seconds(self):
        f = [{"function": "a", "dso": "linrepro", "share": 0.5},
             {"function": "b", "dso": "linrepro", "share": 0.25}]
        total = profile_reproduce.totals([
            {"name": "x", "cpu_seconds": 100, "functions": f},
            {"name": "y", "cpu_seconds": 300, "functions": [dict(f[1], share=0.5)]}])
        self.assertEqual([(t["function"], t["cpu_seconds"], t["share"]) for t in total],
                         [("b", 175.0, 0.4375), ("a", 50.0, 0.125)])


class ProfileTable(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.readme = os.path.join(self.tmp, "README.md")
        shutil.copy(os.path.join(REPO, "README.md"), self.readme)
        self.profile = os.path.join(self.tmp, "profile.json")
        shutil.copy(PROFILE, self.profile)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_readme_agrees_with_the_committed_profile(self):
        r = check(os.path.join(REPO, "README.md"), PROFILE)
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_a_changed_measurement_makes_the_readme_stale(self):
        with open(self.profile) as f:
            d = json.load(f)
        d["experiments"][0]["cpu_seconds"] += 100
        with open(self.profile, "w") as f:
            json.dump(d, f)
        r = check(self.readme, self.profile)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("differs", r.stderr)

    def test_without_a_profile_it_says_not_measured(self):
        os.remove(self.profile)
        subprocess.run([sys.executable, SCRIPT, "--readme", self.readme, "--profile", self.profile],
                       check=True, stdout=subprocess.DEVNULL)
        with open(self.readme) as f:
            self.assertIn("Not measured yet: run `make profile`", f.read())


if __name__ == "__main__":
    unittest.main()
