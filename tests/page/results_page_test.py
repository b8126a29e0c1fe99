#!/usr/bin/python3
"""Tests of plots/results_page.py (the results page generator), without a browser: the embedded data
on a tiny synthetic results tree (both comparison schemas), escaping, image pairing and paths,
determinism, clear errors on bad input; and that the committed results/index.html is what the
generator makes from the committed results (so it agrees with results/comparison.json).

Run: /usr/bin/python3 tests/page/results_page_test.py   (ctest: page_generator)"""
import json
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "plots"))
sys.path.insert(0, str(HERE))

import page_fixture  # noqa: E402
import results_page  # noqa: E402

GENERATOR = ROOT / "plots" / "results_page.py"
DATA_BLOCK = re.compile(r'<script type="application/json" id="page-data">(.*?)</script>', re.S)


def embedded(html):
    """The page's data, parsed back exactly as the browser's JSON.parse would."""
    found = DATA_BLOCK.findall(html)
    assert len(found) == 1, f"{len(found)} data blocks"
    return json.loads(found[0])


class Synthetic(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def page(self, new_schema=True, out=None):
        results = self.root / "results"
        if not results.exists():
            page_fixture.write(self.root, new_schema)
        out = Path(out) if out else results / "index.html"
        results_page.write_page(results, out)
        return out.read_text(encoding="utf-8")

    def test_cells_and_counts(self):
        data = embedded(self.page())
        source = page_fixture.comparison()
        self.assertEqual(len(data["cells"]), len(source["cells"]))
        for got, want in zip(data["cells"], source["cells"]):
            for key in ("paper", "table", "row", "column", "status", "published", "reproduced",
                        "delta", "tolerance", "reason"):
                self.assertEqual(got[key], want[key], key)
        self.assertEqual(data["statuses"], ["input", "within", "outside", "data_unavailable"])
        counts = data["papers"][0]["counts"]
        # the duplicate (outside) is shown but counted once, as the comparison's summary does
        self.assertEqual(counts["cells"],
                         {"input": 1, "within": 1, "outside": 1, "data_unavailable": 1})
        self.assertEqual(counts["duplicates"], 1)
        for status, n in counts["cells"].items():
            self.assertEqual(n, source["summary"]["pa"][status], status)
        self.assertEqual(data["cells"][4]["duplicate_of"], "table1/r2/err")

    def test_claims_new_and_old_schema(self):
        data = embedded(self.page())
        by_id = {c["id"]: c for c in data["claims"]}
        self.assertEqual(by_id["old-true"]["verdict"], "holds")
        self.assertEqual(by_id["old-false"]["verdict"], "does_not_hold")
        self.assertEqual(by_id["unchecked"]["verdict"], "not_checked")
        self.assertEqual(by_id["hs"]["verdict"], "indistinguishable")  # verdict wins over holds
        self.assertEqual(by_id["hs"]["resolution"], "relative difference < 1e-6")
        self.assertEqual(by_id["bound"]["kind"], "correctness_check")
        self.assertEqual(by_id["old-true"]["kind"], "claim")
        counts = data["papers"][0]["counts"]
        self.assertEqual(counts["claims"], {"holds": 1, "does_not_hold": 1,
                                            "indistinguishable": 1, "not_checked": 1})
        self.assertEqual(counts["checks"], {"holds": 1})

    def test_ablations_and_unpublished_cells(self):
        paper = embedded(self.page())["papers"][0]
        [a] = paper["ablations"]
        self.assertEqual((a["id"], a["title"], a["columns"]), ("rule", "F1 by <rule>", ["A", "B"]))
        self.assertEqual([(r["variant"], r["chosen"], r["reference"]) for r in a["rows"]],
                         [("old", False, False), ("new", True, False), ("published", False, True)])
        self.assertEqual(a["rows"][0]["values"], [1.0, None])
        self.assertEqual([(u["row"], u["value"]) for u in paper["unmatched"]], [("peer", 97.5)])

    def test_extra_solvers_beside_the_papers_methods(self):
        """Issue 60: a user's solvers in one grid with the paper's cells of the same table."""
        paper = embedded(self.page())["papers"][0]
        self.assertEqual(paper["solver_views"], [])  # none added: no view
        results = page_fixture.write(self.root / "x", extra_solvers=True)
        results_page.write_page(results, results / "index.html")
        paper = embedded((results / "index.html").read_text(encoding="utf-8"))["papers"][0]
        [view] = paper["solver_views"]
        self.assertEqual((view["experiment"], view["table"]), ("exp", "table1"))
        self.assertEqual(view["solvers"], page_fixture.EXTRA_SOLVERS)
        self.assertEqual(view["rows"], ["r<1>", "r2", "r4"])
        self.assertEqual(view["columns"], ["c&d", "err", "epochs"] +
                         [f"{s} (extra) err" for s in page_fixture.EXTRA_SOLVERS])
        r2 = view["grid"][1]
        self.assertEqual(r2[1], {"value": 3.0, "unit": "%", "published": 1.0, "status": "outside"})
        self.assertEqual(r2[3], {"value": 2.5, "unit": "%", "status": "ok", "solver": "mine",
                                 "extra": True})
        self.assertEqual(r2[4]["solver"], page_fixture.EXTRA_SOLVERS[1])
        self.assertIsNone(view["grid"][2][3])  # r4 has no cell of the solvers

    def test_extra_solver_note_is_the_programs(self):
        header = (ROOT / "harness" / "experiment" / "extra_solvers.h").read_text()
        note = re.search(r'kExtraSolverNote =\s*"([^"]*)"', header).group(1)
        self.assertTrue(note.startswith(results_page.EXTRA_SOLVER_NOTE), note)
        self.assertEqual(note, page_fixture.EXTRA_NOTE)

    def test_ablation_row_of_the_wrong_width_names_the_file(self):
        results = page_fixture.write(self.root)
        doc = json.loads((results / "comparison.json").read_text())
        doc["ablations"][0]["rows"][1]["values"].append(4.0)
        (results / "comparison.json").write_text(json.dumps(doc))
        with self.assertRaisesRegex(results_page.PageError, r"comparison\.json.*'rule' row 1: 3 values for 2"):
            results_page.write_page(results, results / "index.html")

    def test_old_schema_file(self):
        data = embedded(self.page(new_schema=False))
        self.assertEqual(data["statuses"], ["within", "outside", "data_unavailable"])
        self.assertEqual(data["verdicts"], ["holds", "does_not_hold", "not_checked"])
        self.assertEqual(data["papers"][0]["counts"]["duplicates"], 0)

    def test_escaping(self):
        html = self.page()
        # the hostile note and title never appear as markup, only inside the JSON, escaped
        self.assertNotIn("PWNED\"</script>", html)
        self.assertNotIn("<img src=x", html)
        self.assertNotIn("Paper <A>", html)
        self.assertEqual(html.count("<script"), 2)  # the data block and the page's script
        self.assertEqual(html.count("</script>"), 2)
        data = embedded(html)
        self.assertEqual(data["cells"][0]["reason"], page_fixture.HOSTILE)
        self.assertEqual(data["papers"][0]["title"], "Paper <A> & B")
        # the page's script writes no markup, only text (textContent, attributes)
        js = (ROOT / "plots" / "results_page.js").read_text()
        self.assertIsNone(re.search(r"\.(inner|outer)HTML\s*=|insertAdjacentHTML|document\.write", js))

    def test_provenance(self):
        data = embedded(self.page())
        [e] = data["papers"][0]["experiments"]  # fast/ is not a run file
        self.assertEqual(e["file"], "pa/exp.json")
        self.assertEqual(e["seed"], str(page_fixture.BIG_SEED))
        self.assertEqual([d["sha256"] for d in e["datasets"]], ["1" * 64, "2" * 64])
        self.assertEqual(e["commits"], ["a" * 40, "b" * 40])
        f = {name: i for i, name in enumerate(data["run_fields"])}
        self.assertEqual([r[f["key"]] for r in e["runs"]], ["k1", "k2", "k3"])
        self.assertEqual([r[f["seed"]] for r in e["runs"]], [str(page_fixture.BIG_SEED), "7", None])
        self.assertEqual([r[f["commit"]] for r in e["runs"]], [0, 1, 0])
        self.assertEqual(e["runs"][0][f["metrics"]], {"error": 0.25})
        self.assertEqual(e["runs"][0][f["params"]], {"lambda": 0.1})

    def test_figures_by_prefix_and_relative_paths(self):
        p = embedded(self.page())["papers"][0]
        arts = {a["id"]: a for a in p["artifacts"]}
        self.assertEqual(arts["table1"]["figures"], ["pa/figures/table1.png", "pa/figures/table1_x.png"])
        self.assertEqual(arts["table1"]["tables"], ["pa/tables/table1.md"])
        self.assertEqual(arts["table10"]["figures"], ["pa/figures/table10.png"])
        self.assertEqual(p["other"], {"figures": ["pa/figures/other.png"], "tables": []})
        # written elsewhere (the browser test's build/ copy): paths still reach the results
        elsewhere = embedded(self.page(out=self.root / "build" / "page" / "index.html"))
        self.assertEqual(elsewhere["papers"][0]["artifacts"][0]["figures"][0],
                         "../../results/pa/figures/table1.png")

    def test_deterministic(self):
        first = self.page()
        results = self.root / "results"
        results_page.write_page(results, results / "index.html")
        self.assertEqual((results / "index.html").read_text(encoding="utf-8"), first)

    def test_missing_comparison_names_the_file(self):
        (self.root / "results").mkdir()
        proc = subprocess.run([sys.executable, str(GENERATOR), "--results", str(self.root / "results")],
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("comparison.json: not found", proc.stderr)
        self.assertFalse((self.root / "results" / "index.html").exists())

    def test_bad_json_and_bad_cell_name_the_file(self):
        results = page_fixture.write(self.root)
        (results / "pa" / "exp.json").write_text("{not json")
        with self.assertRaisesRegex(results_page.PageError, r"exp\.json: not valid JSON"):
            results_page.write_page(results, results / "index.html")
        doc = page_fixture.comparison()
        del doc["cells"][1]["status"]
        (results / "comparison.json").write_text(json.dumps(doc))
        with self.assertRaisesRegex(results_page.PageError, r"comparison\.json: cell 1: `status`"):
            results_page.write_page(results, results / "index.html")


class Committed(unittest.TestCase):
    """The committed page is the generator's output from the committed results."""

    def test_committed_page_is_current(self):
        committed = ROOT / "results" / "index.html"
        self.assertTrue(committed.exists(), "results/index.html is missing: run `make page`")
        fresh = results_page.render(results_page.build_data(ROOT / "results", ROOT / "results"))
        self.assertTrue(committed.read_text(encoding="utf-8") == fresh,
                        "results/index.html is stale: run `make page` and commit it")

    def test_page_agrees_with_comparison(self):
        data = embedded((ROOT / "results" / "index.html").read_text(encoding="utf-8"))
        comparison = json.loads((ROOT / "results" / "comparison.json").read_text())
        self.assertEqual(len(data["cells"]), len(comparison["cells"]))
        for status in {c["status"] for c in comparison["cells"]}:
            self.assertEqual(sum(c["status"] == status for c in data["cells"]),
                             sum(c["status"] == status for c in comparison["cells"]), status)
            self.assertIn(status, data["statuses"])
        for p in data["papers"]:
            summary = comparison["summary"].get(p["paper"], {})
            for status in set(p["counts"]["cells"]) | (set(summary) & set(data["statuses"])):
                self.assertEqual(p["counts"]["cells"].get(status, 0), summary.get(status),
                                 f"{p['paper']} {status}")
            if "duplicates" in summary:
                self.assertEqual(p["counts"]["duplicates"], summary["duplicates"])
            # One count everywhere: claims as README.md's status table and REPORT.md count them
            # (both from the comparison's summary): parts of a published claim counted once.
            for verdict, key in (("holds", "claims_hold"), ("does_not_hold", "claims_do_not_hold"),
                                 ("indistinguishable", "claims_indistinguishable"),
                                 ("not_checked", "claims_not_checked")):
                if key in summary:
                    self.assertEqual(p["counts"]["claims"].get(verdict, 0), summary[key],
                                     f"{p['paper']} {verdict}")
            if "claims_tested" in summary:
                self.assertEqual(p["counts"]["claims_tested"], summary["claims_tested"], p["paper"])
            if "correctness_checks" in summary:
                self.assertEqual(sum(p["counts"]["checks"].values()),
                                 summary["correctness_checks"], p["paper"])
        self.assertEqual(len(data["claims"]), len(comparison["claims"]))


if __name__ == "__main__":
    unittest.main(verbosity=1)
