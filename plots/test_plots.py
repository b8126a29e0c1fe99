#!/usr/bin/python3
"""Tests of the plot scripts: a small fixture results tree (two result files with runs, traces,
cells, declared figures; a published file) is written to a temp dir, every per-paper script runs on
it, and the tables and figures must appear with the right numbers in them. Malformed inputs must
fail with a message naming the file. Also unit checks of the numerics the figures rely on.

Run: /usr/bin/python3 plots/test_plots.py   (last line: "N passed, N failed"; exit 1 on failure)"""
import contextlib
import io
import json
import math
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402

from linrepro_plots import driver, losses, spec, style  # noqa: E402
from linrepro_plots.figures import fitted_slope  # noqa: E402
from linrepro_plots.io import load_published, load_result  # noqa: E402
from linrepro_plots.join import compare_cell  # noqa: E402
from linrepro_plots.select import get_path, select_runs  # noqa: E402
from linrepro_plots.tables import dataset_row, experiment_document, fmt  # noqa: E402

# Every paper with published numbers (no list to keep in step with the registry).
PAPERS = tuple(sorted(f.stem for f in (HERE.parent / "results" / "published").glob("*.json")))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------- the fixture

def _trace(start, end, steps, seconds_per_step):
    """A decreasing objective trace from `start` towards `end`."""
    out = []
    for i in range(steps):
        o_svm = end + (start - end) * 0.6 ** i
        out.append({"iteration": i, "seconds": (i + 1) * seconds_per_step,
                    "values": {"O_svm": o_svm, "O_gamma": o_svm + 0.01}})
    return out


def _run(key, solver, cls, error, seconds, objective, trace=(), **extra):
    return {"key": key, "config_hash": "0" * 16, "config": {"solver": solver, "class": cls},
            "solver": solver, "params": {"lambda": 0.001}, "class": cls,
            "metrics": {"error": error, "f1": 1 - 2 * error}, "train_seconds": seconds,
            "test_seconds": seconds / 10, "peak_memory_bytes": 5 * 2**20, "iterations": 200,
            "stop": "converged", "objective": objective, "trace": list(trace), "status": "ok",
            "reason": "", "extra": extra}


def table2_result(paper):
    runs = []
    for cls, base in (("earn", 0.012), ("acq", 0.035)):
        margins = [list(np.random.default_rng(s).normal(1, 0.5 + s / 10, 300)) for s in (1, 2)]
        runs += [
            _run(f"{cls}/mlr-cg", "mlr-cg", cls, base + 0.0007, 0.8, 0.1502,
                 _trace(1.0, 0.15, 30, 0.03), margins=margins[0]),
            _run(f"{cls}/smo", "smo", cls, base, 2.5, 0.1500, _trace(0.9, 0.1500, 12, 0.2),
                 margins=margins[1]),
            _run(f"{cls}/liblinear-s3", "liblinear-s3", cls, base + 0.0002, 0.3, 0.1500),
            _run(f"{cls}/libsvm-linear", "libsvm-linear", cls, base - 0.0001, 4.0, 0.1500),
        ]
    runs.append(dict(_run("CCAT/mlr-cg", "mlr-cg", "CCAT", 0, 0, 0), status="data_unavailable",
                     reason="RCV1 is not in the mirror", metrics={}))
    cells = []
    for cls, ours_mlr, ours_svm, t in (("earn", 1.27, 1.20, 32.0), ("acq", 4.27, 3.50, 40.0)):
        cells += [{"table": "table2", "row": cls, "column": "MLR-CG error", "value": ours_mlr,
                   "unit": "%", "status": "ok", "note": ""},
                  {"table": "table2", "row": cls, "column": "SVM error", "value": ours_svm,
                   "unit": "%", "status": "ok", "note": ""},
                  {"table": "table2", "row": cls, "column": "MLR-CG time / SVM time", "value": t,
                   "unit": "%", "status": "ok", "note": ""}]
    cells.append({"table": "table2", "row": "CCAT", "column": "MLR-CG error", "value": 0,
                  "unit": "%", "status": "data_unavailable", "note": "RCV1: see docs/DATA.md"})
    return {
        "schema": "linrepro-result/1", "experiment": "table2_reuters", "paper": paper,
        "artifacts": ["table2", "figure2"], "description": "Fixture: Reuters binary tasks",
        "seed": 1, "config": {"lambda": 0.001}, "config_hash": "abcdef0123456789",
        "environment": {"git_commit": "fixture"},
        "datasets": [{"name": "reuters-fixture", "sha256": "ab" * 32, "rows_train": 7769,
                      "rows_test": 3019, "features": 500}],
        "runs": runs, "cells": cells,
        "claims": [{"claim": "MLR-CG test error ≈ SVM's", "holds": True, "evidence": "within 0.3"}],
        "figures": [
            {"id": "figure2_earn", "kind": "convergence", "title": "O_svm vs time (earn)",
             "filter": {"class": "earn"}, "value": "O_svm", "logx": True, "endpoint": "objective",
             "reference": {"run": "earn/liblinear-s3", "path": "objective"},
             "reference_label": "SVM optimum"},
            {"id": "figure2_earn_gap", "kind": "convergence", "filter": {"class": "earn"},
             "value": "O_svm", "gap": True, "reference": 0.15, "x": "iteration"},
            {"id": "confusion", "kind": "heatmap", "matrix": [[50, 2, 1], [3, 40, 5], [0, 4, 60]],
             "labels": ["a", "b", "c"], "normalize": "row"},
            {"id": "margins_earn", "kind": "histogram", "values": "extra.margins",
             "filter": {"class": "earn", "solver": ["mlr-cg", "smo"]}, "bins": 30},
            {"id": "table2_bars", "kind": "published_vs_reproduced", "table": "table2",
             "mode": "bar"},
            {"id": "peers_error", "kind": "solvers_vs_peers", "metrics": ["metrics.error"]},
        ],
    }


def scaling_result(paper):
    runs = []
    for n in (1000, 2000, 4000, 8000):
        for solver, power in (("mlr-cg", 1.0), ("smo", 1.5), ("liblinear-s3", 1.0)):
            r = _run(f"n{n}/{solver}", solver, "", 0.1, 1e-4 * n ** power, 0.2)
            r["config"]["n"] = n
            r["metrics"] = {}
            runs.append(r)
    cells = [{"table": "figure6", "row": row, "column": "LR", "value": v, "unit": "",
              "status": "ok", "note": ""}
             for row, v in (("top5", 0.90), ("top10", 0.86), ("all", 0.50))]
    return {
        "schema": "linrepro-result/1", "experiment": "scaling", "paper": paper,
        "description": "Fixture: time vs n", "seed": 1, "config": {}, "runs": runs, "cells": cells,
        "figures": [
            {"id": "scaling_time", "kind": "series", "x": "config.n", "y": "train_seconds",
             "logx": True, "logy": True, "fit_slope": True, "xlabel": "n", "ylabel": "seconds"},
            {"id": "figure6", "kind": "series", "source": "cells", "table": "figure6",
             "x_map": {"all": 118}, "xlabel": "categories", "ylabel": "macro F1"},
        ],
    }


def published(paper):
    cells = [
        {"table": "table2", "row": "earn", "column": "MLR-CG error", "value": 1.25, "unit": "%",
         "tolerance": 0.3, "note": ""},
        {"table": "table2", "row": "earn", "column": "SVM error", "value": 1.19, "unit": "%",
         "note": ""},
        {"table": "table2", "row": "acq", "column": "MLR-CG error", "value": 3.52, "unit": "%",
         "tolerance": 0.3, "note": ""},
        {"table": "table2", "row": "acq", "column": "SVM error", "value": 3.46, "unit": "%",
         "note": ""},
        {"table": "table2", "row": "CCAT", "column": "MLR-CG error", "value": 5.39, "unit": "%",
         "note": "RCV1"},
        {"table": "table3", "row": "Univ-6", "column": "MMLR-CG micro F1", "value": 81.2,
         "unit": "%", "note": ""},
        {"table": "figure6", "row": "top5", "column": "LR", "value": 0.92, "unit": "",
         "note": "read off the plot"},
        {"table": "figure6", "row": "all", "column": "LR", "value": 0.55, "unit": "", "note": ""},
    ]
    return {"paper": paper, "title": f"Fixture paper {paper}", "source": "fixture",
            "default_tolerance": {"%": 0.5, "*": 0.1}, "cells": cells}


def write_json(path, doc):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")


def make_fixture(root, paper):
    write_json(root / "results" / paper / "table2_reuters.json", table2_result(paper))
    write_json(root / "results" / paper / "scaling.json", scaling_result(paper))
    write_json(root / "results" / "published" / f"{paper}.json", published(paper))
    return root / "results" / paper


def run_script(script, paper_dir):
    return subprocess.run([sys.executable, str(HERE / script), str(paper_dir)],
                          capture_output=True, text=True, timeout=300)


# ---------------------------------------------------------------- end to end

EXPECTED_TABLES = ["table2_reuters.md", "scaling.md", "table2_published_vs_reproduced.md",
                   "table3_published_vs_reproduced.md", "figure6_published_vs_reproduced.md"]
EXPECTED_FIGURES = ["figure2_earn.png", "figure2_earn_gap.png", "confusion.png", "margins_earn.png",
                    "table2_bars.png", "peers_error.png", "scaling_time.png", "figure6.png",
                    "table2_published_vs_reproduced.png", "figure6_published_vs_reproduced.png",
                    "table2_reuters_solvers_vs_peers.png"]
PAPER_FIGURES = {"mlrcg2003": ["figure1_loss_approximation.png"],
                 "zhangoles2001": ["figure4_loss_functions.png", "figure4_with_least_squares.png"]}


class EndToEnd(unittest.TestCase):
    """Every per-paper script on the fixture (run once per paper, in parallel, for speed)."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="linrepro-plots-")
        root = Path(cls.tmp.name)
        cls.dirs = {p: make_fixture(root, p) for p in PAPERS}
        # A paper's own script, or the generic one when it has none.
        script = {p: HERE / f"{p}.py" if (HERE / f"{p}.py").exists() else HERE / "make_figures.py"
                  for p in PAPERS}
        procs = {p: subprocess.Popen([sys.executable, str(script[p]), str(cls.dirs[p])],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for p in PAPERS}
        cls.results = {}
        for p, proc in procs.items():
            out, err = proc.communicate(timeout=300)
            cls.results[p] = (proc.returncode, out, err)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_scripts_succeed(self):
        for p in PAPERS:
            code, _, err = self.results[p]
            self.assertEqual(code, 0, f"{p}.py failed:\n{err}")
            self.assertIn("plots: wrote", err, "progress goes to stderr")

    def test_tables_and_figures_appear(self):
        for p in PAPERS:
            d = self.dirs[p]
            for name in EXPECTED_TABLES:
                path = d / "tables" / name
                self.assertTrue(path.is_file() and path.stat().st_size > 0, f"{p}: {path} missing")
            for name in EXPECTED_FIGURES + PAPER_FIGURES.get(p, []):
                path = d / "figures" / name
                self.assertTrue(path.is_file(), f"{p}: {path} missing")
                self.assertEqual(path.read_bytes()[:8], PNG_MAGIC, f"{p}: {path} is not a PNG")
                self.assertGreater(path.stat().st_size, 5000, f"{p}: {path} looks empty")

    def test_no_temporary_files_left(self):
        for p in PAPERS:
            for sub in ("tables", "figures"):
                leftovers = [f.name for f in (self.dirs[p] / sub).iterdir()
                             if f.name.endswith(".tmp")]
                self.assertEqual(leftovers, [], f"{p}/{sub}")

    def test_markdown_has_published_and_reproduced_values(self):
        d = self.dirs["mlrcg2003"] / "tables"
        exp = (d / "table2_reuters.md").read_text(encoding="utf-8")
        # ours with the paper's precision, the published value in parentheses
        self.assertIn("1.27 (1.25)", exp)
        self.assertIn("4.27 (3.52)", exp)
        self.assertIn("| MLR-CG error (%) |", exp)
        self.assertIn("n/a[^table2-1]", exp)                   # CCAT: data unavailable, footnoted
        self.assertIn("data_unavailable — RCV1: see docs/DATA.md", exp)
        self.assertIn("**holds**: MLR-CG test error ≈ SVM's", exp)
        self.assertIn("| earn/liblinear-s3 | liblinear-s3 | earn |", exp)  # runs table
        self.assertIn("### error by class and solver", exp)       # pivot
        cmp = (d / "table2_published_vs_reproduced.md").read_text(encoding="utf-8")
        self.assertIn("| earn | MLR-CG error | 1.25 | 1.27 | +0.02 | ±0.3 | % | within |", cmp)
        self.assertIn("| acq | MLR-CG error | 3.52 | 4.27 | +0.75 | ±0.3 | % | outside |", cmp)
        # earn SVM error has no tolerance of its own -> the file's default for "%", 0.5
        self.assertIn("| earn | SVM error | 1.19 | 1.20 | +0.01 | ±0.5 | % | within |", cmp)
        self.assertIn("| CCAT | MLR-CG error | 5.39 | — | — | ±0.5 | % | data_unavailable |", cmp)
        t3 = (d / "table3_published_vs_reproduced.md").read_text(encoding="utf-8")
        self.assertIn("| Univ-6 | MMLR-CG micro F1 | 81.2 | — | — | ±0.5 | % | not_run |", t3)
        f6 = (d / "figure6_published_vs_reproduced.md").read_text(encoding="utf-8")
        self.assertIn("| all | LR | 0.55 | 0.50 | −0.05 | ±0.1 |  | within |", f6)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="linrepro-plots-bad-")
        self.dir = make_fixture(Path(self.tmp.name), "mlrcg2003")

    def tearDown(self):
        self.tmp.cleanup()

    def assertFailsNaming(self, path, *words, subprocess_run=False):
        """The driver must fail (non-zero) with a message naming `path` and `words`. Only the
        first case goes through a real process (exit status); the rest call the same main()
        in-process, which is much faster than starting matplotlib each time."""
        if subprocess_run:
            res = run_script("mlrcg2003.py", self.dir)
            code, err = res.returncode, res.stderr
        else:
            buf = io.StringIO()
            with contextlib.redirect_stderr(buf):
                code = driver.main([str(self.dir)], paper="mlrcg2003")
            err = buf.getvalue()
        self.assertNotEqual(code, 0, err)
        self.assertIn(str(path), err)
        for w in words:
            self.assertIn(w, err)

    def test_invalid_json_names_file_and_line(self):
        bad = self.dir / "broken.json"
        bad.write_text('{"schema": "linrepro-result/1",\n "runs": [1, 2,,]}\n', encoding="utf-8")
        self.assertFailsNaming(bad, "line 2", subprocess_run=True)

    def test_run_without_solver_names_file_and_run(self):
        doc = table2_result("mlrcg2003")
        del doc["runs"][3]["solver"]
        path = self.dir / "table2_reuters.json"
        write_json(path, doc)
        self.assertFailsNaming(path, "runs[3]", "solver")

    def test_wrong_schema(self):
        doc = scaling_result("mlrcg2003")
        doc["schema"] = "linrepro.result/0"
        path = self.dir / "scaling.json"
        write_json(path, doc)
        self.assertFailsNaming(path, "schema")

    def test_unknown_figure_kind_names_file_and_figure(self):
        doc = scaling_result("mlrcg2003")
        doc["figures"].append({"id": "oops", "kind": "pie"})
        path = self.dir / "scaling.json"
        write_json(path, doc)
        self.assertFailsNaming(path, "oops", "unknown kind")

    def test_misspelt_figure_key(self):
        doc = scaling_result("mlrcg2003")
        doc["figures"][0]["fit_slop"] = True
        path = self.dir / "scaling.json"
        write_json(path, doc)
        self.assertFailsNaming(path, "fit_slop")

    def test_bad_published_file(self):
        path = self.dir.parent / "published" / "mlrcg2003.json"
        bad = published("mlrcg2003")
        bad["cells"][0]["value"] = "1.25"
        write_json(path, bad)
        self.assertFailsNaming(path, "cells[0].value")

    def test_published_cell_without_any_tolerance(self):
        path = self.dir.parent / "published" / "mlrcg2003.json"
        bad = published("mlrcg2003")
        bad["default_tolerance"] = {"%": 0.5}
        write_json(path, bad)
        self.assertFailsNaming(path, "cells[6] (figure6 / top5 / LR)", "no \"tolerance\"")

    def test_missing_directory(self):
        res = run_script("mlrcg2003.py", self.dir / "nope")
        self.assertNotEqual(res.returncode, 0)
        self.assertIn("nope", res.stderr)


# ---------------------------------------------------------------- what the figures contain

class FigureData(unittest.TestCase):
    """The drawn data, read back from the matplotlib objects: the right runs on the right axes."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="linrepro-plots-data-")
        d = make_fixture(Path(cls.tmp.name), "mlrcg2003")
        cls.doc = load_result(d / "table2_reuters.json")
        cls.scaling = load_result(d / "scaling.json")
        cls.published = load_published(d.parent / "published" / "mlrcg2003.json")
        cls.specs = {f["id"]: f for f in cls.doc["figures"] + cls.scaling["figures"]}

    @classmethod
    def tearDownClass(cls):
        style.plt.close("all")
        cls.tmp.cleanup()

    def lines(self, fig):
        return {ln.get_label(): ln for ln in fig.axes[0].get_lines()}

    def test_convergence_one_time_axis_with_reference_and_endpoints(self):
        fig = spec.render(self.specs["figure2_earn"], self.doc)
        lines = self.lines(fig)
        smo = next(r for r in self.doc["runs"] if r["key"] == "earn/smo")
        np.testing.assert_allclose(lines["smo"].get_xdata(), [p["seconds"] for p in smo["trace"]])
        np.testing.assert_allclose(lines["smo"].get_ydata(),
                                   [p["values"]["O_svm"] for p in smo["trace"]])
        self.assertIn("mlr-cg", lines)
        self.assertNotIn("acq", " ".join(lines))  # the filter kept class earn only
        np.testing.assert_allclose(lines["SVM optimum"].get_ydata(), [0.15, 0.15])
        # peers without a trace: one marker where they finished
        self.assertEqual(list(lines["liblinear-s3 (final)"].get_xdata()), [0.3])
        self.assertEqual(fig.axes[0].get_xscale(), "log")

    def test_convergence_gap(self):
        fig = spec.render(self.specs["figure2_earn_gap"], self.doc)
        mlr = next(r for r in self.doc["runs"] if r["key"] == "earn/mlr-cg")
        want = [(p["values"]["O_svm"] - 0.15) / 0.15 for p in mlr["trace"]]
        got = self.lines(fig)["mlr-cg"].get_ydata()
        np.testing.assert_allclose(got, [w for w in want if w > 0])
        self.assertEqual(fig.axes[0].get_yscale(), "log")

    def test_series_fit_slope_in_legend(self):
        fig = spec.render(self.specs["scaling_time"], self.scaling)
        labels = set(self.lines(fig))
        self.assertIn("smo (slope 1.50)", labels)
        self.assertIn("mlr-cg (slope 1.00)", labels)

    def test_series_from_cells_with_published(self):
        fig = spec.render(self.specs["figure6"], self.scaling, self.published)
        lines = self.lines(fig)
        self.assertEqual(list(lines["LR"].get_xdata()), [5, 10, 118])
        self.assertEqual(list(lines["LR (paper)"].get_ydata()), [0.92, 0.55])
        self.assertEqual(lines["LR (paper)"].get_color(), lines["LR"].get_color())

    def test_series_ylim_is_the_declared_range_not_the_data_spread(self):
        honest = dict(self.specs["figure6"], ylim=[0, 2])
        fig = spec.render(honest, self.scaling, self.published)
        self.assertEqual(fig.axes[0].get_ylim(), (0.0, 2.0))
        auto = spec.render(self.specs["figure6"], self.scaling, self.published)
        self.assertNotEqual(auto.axes[0].get_ylim(), (0.0, 2.0))
        for bad in ([2, 1], [0], "0-2", [0, True]):
            with self.assertRaisesRegex(spec.SpecError, "ylim"):
                spec.render(dict(self.specs["figure6"], ylim=bad), self.scaling, self.published)

    def test_published_vs_reproduced_points(self):
        pvr = {"id": "x", "kind": "published_vs_reproduced", "table": "table2"}
        fig = spec.render(pvr, self.doc, self.published)
        points = np.vstack([c.get_offsets() for c in fig.axes[0].collections
                            if len(c.get_offsets())])
        got = sorted(map(tuple, points.round(6)))
        self.assertEqual(got, sorted([(1.25, 1.27), (1.19, 1.20), (3.52, 4.27), (3.46, 3.50)]))

    def test_a_series_by_group_by_reads_no_label_by(self):
        both = {"id": "s", "kind": "series", "x": "config.n", "y": "train_seconds",
                "group_by": "solver", "label_by": "solver"}
        with self.assertRaisesRegex(spec.SpecError, "reads no \"label_by\""):
            spec.render(both, self.doc)

    def test_a_shared_key_a_kind_does_not_read_is_refused_with_why(self):
        cases = [
            ({"kind": "published_vs_reproduced", "table": "t", "xlabel": "x"}, "reads no \"xlabel\""),
            ({"kind": "published_vs_reproduced", "table": "t", "runs": ["a"]}, "cells, not runs"),
            ({"kind": "histogram", "values": "extra.v", "ylabel": "n"}, "count"),
            ({"kind": "solvers_vs_peers", "xlabel": "k"}, "groups"),
            ({"kind": "convergence_panels", "panels": [{"value": "v"}], "ylabel": "y"},
             "each panel's own"),
            ({"kind": "series", "source": "cells", "table": "t", "filter": {}}, "cells, not runs"),
            ({"kind": "series", "x": "config.n", "y": "train_seconds", "x_map": {}},
             "over runs reads no \"x_map\""),
        ]
        for s, message in cases:
            with self.subTest(spec=s), self.assertRaisesRegex(spec.SpecError, message):
                spec.check(dict(s, id="f"))

    def test_solvers_vs_peers_bars(self):
        fig = spec.render(self.specs["peers_error"], self.doc)
        bars = {c.get_label(): c for c in fig.axes[0].containers}
        # ours first, then the peers
        self.assertEqual(list(bars), ["mlr-cg", "smo", "liblinear-s3", "libsvm-linear"])
        smo = bars["smo"].patches
        np.testing.assert_allclose([p.get_height() for p in smo], [0.012, 0.035])
        np.testing.assert_allclose([p.get_width() for p in smo], [0.2, 0.2])  # 4 bars share a group
        self.assertEqual([t.get_text() for t in fig.axes[0].get_xticklabels()], ["earn", "acq"])
        self.assertEqual(bars["liblinear-s3"].patches[0].get_hatch(), "//")     # peers hatched
        # A declared "ylabel" labels the one panel; with several panels it cannot apply.
        labelled = dict(self.specs["peers_error"], metric="metrics.error", ylabel="test error")
        del labelled["metrics"]
        self.assertEqual(spec.render(labelled, self.doc).axes[0].get_ylabel(), "test error")
        with self.assertRaises(spec.SpecError):
            spec.render(dict(self.specs["peers_error"], metrics=["metrics.error", "train_seconds"],
                             ylabel="test error"), self.doc)

    def test_auto_bars_leave_other_draws_out(self):
        doc = table2_result("mlrcg2003")
        before, _ = driver.solvers_vs_peers_figure(doc)
        other = json.loads(json.dumps(doc["runs"][0]))
        other["key"] = "draw1/" + other["key"]
        other.setdefault("config", {})["draw"] = 1
        other["metrics"] = {k: 0.9 for k in other["metrics"]}
        doc["runs"].append(other)
        after, _ = driver.solvers_vs_peers_figure(doc)
        heights = lambda fig: [p.get_height() for c in fig.axes[0].containers for p in c.patches]
        self.assertEqual(heights(before), heights(after))

    def test_auto_convergence_when_none_declared(self):
        doc = table2_result("mlrcg2003")
        doc["figures"] = []
        d = Path(self.tmp.name) / "results" / "auto"
        write_json(d / "t.json", doc)
        with contextlib.redirect_stderr(io.StringIO()):
            out = driver.run(d, paper="mlrcg2003")
        names = {p.name for p in out.written}
        self.assertIn("table2_reuters_convergence_earn.png", names)
        self.assertIn("table2_reuters_convergence_acq.png", names)
        self.assertIn("table2_reuters_solvers_vs_peers.png", names)


# ---------------------------------------------------------------- the SGD report's figures

def sgd_trace(updates, start, end, zeros_end):
    return [{"iteration": u, "seconds": u * 1e-6,
             "values": {"train_error": start - (start - end) * i / 9,
                        "test_error": start + 0.01 - (start - end) * i / 9,
                        "objective": 0.5 + 0.1 * 0.5 ** i, "zeros": round(zeros_end * i / 9)}}
            for i, u in enumerate(updates)]


def sgd_result():
    """A result file shaped like results/sgdreport/tables.json: a9a runs with traces, covtype
    unavailable, the LIBSVM identity of a9a (counts / data.content_sha256), and the report's
    Figures 1-4 declared as convergence_panels."""
    updates = [10 ** (3 + i / 3) for i in range(10)]
    runs = []
    for variant, zeros in (("naive", 0), ("cumulative", 31)):
        r = _run(f"a9a/sgd-l1-logistic-{variant}", "sgd-l1-logistic", "a9a", 0.15, 2.0, 0.5,
                 sgd_trace(updates, 0.2, 0.15, zeros), variant=variant)
        runs.append(r)
    runs.append(_run("a9a/sgd-ridge-L2", "sgd-ridge", "a9a", 0.155, 2.0, 0.45,
                     sgd_trace(updates, 0.21, 0.155, 0), variant="L2"))
    runs.append(_run("a9a/liblinear-s6", "liblinear-s6", "a9a", 0.15, 1.0, 0.5, variant="exact"))
    reason = ("data unavailable: covtype.binary: covtype.binary is not in the mirror. Download "
              "covtype.libsvm.binary.bz2 from https://example.org/binary.html and put it into "
              "the directory $LINREPRO_DATA points at, then run `linrepro data fetch`.\n"
              "  looked in, in order:\n  - $LINREPRO_DATA: not set")

    def figure(n, what, solver, cls, dataset, objective):
        return {"id": f"figure{n}_{what}", "kind": "convergence_panels",
                "title": f"Report Figure {n}: {what}", "x": "iteration", "logx": True,
                "filter": {"class": cls, "solver": solver}, "dataset": dataset,
                "label_by": ["solver", "extra.variant"],
                "panels": [{"value": "train_error", "ylabel": "training error"},
                           {"value": "test_error", "ylabel": "test error"}, objective,
                           {"value": "zeros", "ylabel": "zeros"}]}

    gap = {"value": "objective", "reference": {"run": "a9a/liblinear-s6", "path": "objective"},
           "gap": True}
    return {
        "schema": "linrepro-result/1", "experiment": "tables", "paper": "sgdreport",
        "description": "Fixture: SGD report", "seed": 1, "config": {}, "runs": runs, "cells": [],
        "datasets": [
            {"name": "a9a", "counts": {"cols": 123, "train_rows": 32561, "test_rows": 16281},
             "data": {"content_sha256": "2d0ee5583009a3ee" + "0" * 48, "source": "cache"}},
            {"name": "covtype.binary", "status": "data_unavailable", "reason": reason}],
        "figures": [figure(1, "l1_dataset1", "sgd-l1-logistic", "a9a", "a9a", gap),
                    figure(2, "l1_dataset2", "sgd-l1-logistic", "covtype", "covtype.binary",
                           {"value": "objective"}),
                    figure(3, "ridge_dataset1", "sgd-ridge", "a9a", "a9a", {"value": "objective"}),
                    figure(4, "ridge_dataset2", "sgd-ridge", "covtype", "covtype.binary",
                           {"value": "objective"})]}


class SgdReport(unittest.TestCase):
    """Issue 20: the report's Figures 1-4 as the report numbers them (Dataset 2's as placeholders
    while covtype is not here), and tables.md's dataset rows for LIBSVM sets."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="linrepro-plots-sgd-")
        write_json(Path(cls.tmp.name) / "results" / "sgdreport" / "tables.json", sgd_result())
        cls.doc = load_result(Path(cls.tmp.name) / "results" / "sgdreport" / "tables.json")
        cls.specs = {f["id"]: f for f in cls.doc["figures"]}

    @classmethod
    def tearDownClass(cls):
        style.plt.close("all")
        cls.tmp.cleanup()

    def test_dataset_rows_read_the_libsvm_identity(self):
        a9a, cov = self.doc["datasets"]
        self.assertEqual(dataset_row(a9a), ["a9a", "32561", "16281", "123", "2d0ee5583009a3ee"])
        self.assertEqual(dataset_row(cov)[:2], ["covtype.binary", "data unavailable"])
        # the text corpora's fields still work
        text = {"name": "r", "rows_train": 7769, "rows_test": 3019, "features": 500,
                "sha256": "ab" * 32}
        self.assertEqual(dataset_row(text), ["r", "7769", "3019", "500", "ab" * 8])
        md = experiment_document(self.doc)
        self.assertIn("| a9a | 32561 | 16281 | 123 | 2d0ee5583009a3ee |", md)
        self.assertNotIn("| a9a | — |", md)

    def test_report_figure_has_four_panels_of_the_selected_runs(self):
        fig = spec.render(self.specs["figure1_l1_dataset1"], self.doc)
        self.assertEqual(fig._suptitle.get_text(), "Report Figure 1: l1_dataset1")
        axes = [ax for ax in fig.axes if ax.get_visible()]
        self.assertEqual([ax.get_ylabel() for ax in axes][:2], ["training error", "test error"])
        self.assertEqual(len(axes), 4)
        lines = {ln.get_label(): ln for ln in axes[3].get_lines()}
        self.assertEqual(set(lines), {"sgd-l1-logistic naive", "sgd-l1-logistic cumulative"})
        cum = next(r for r in self.doc["runs"] if r["key"] == "a9a/sgd-l1-logistic-cumulative")
        np.testing.assert_allclose(lines["sgd-l1-logistic cumulative"].get_ydata(),
                                   [p["values"]["zeros"] for p in cum["trace"]])
        # the objective panel is the relative gap to the LIBLINEAR optimum, on a log axis
        gap = {ln.get_label(): ln for ln in axes[2].get_lines()}["sgd-l1-logistic naive"]
        naive = next(r for r in self.doc["runs"] if r["key"] == "a9a/sgd-l1-logistic-naive")
        want = [(p["values"]["objective"] - 0.5) / 0.5 for p in naive["trace"]]
        np.testing.assert_allclose(gap.get_ydata(), want)
        self.assertEqual(axes[2].get_yscale(), "log")
        ridge = spec.render(self.specs["figure3_ridge_dataset1"], self.doc)
        self.assertEqual({ln.get_label() for ln in ridge.axes[0].get_lines()}, {"sgd-ridge L2"})

    def test_unavailable_dataset_gives_a_placeholder_saying_how_to_get_it(self):
        fig = spec.render(self.specs["figure2_l1_dataset2"], self.doc)
        self.assertIsNotNone(fig)
        text = " ".join(t.get_text() for ax in fig.axes for t in ax.texts)
        self.assertIn("Data not available here: covtype.binary", text)
        self.assertIn("covtype.libsvm.binary.bz2", text)
        self.assertNotIn("looked in", text)  # the search list stays in the result file
        self.assertEqual(fig.axes[0].get_title(), "Report Figure 2: l1_dataset2")
        # no data selected and the dataset is not marked unavailable: nothing to draw
        empty = dict(self.specs["figure1_l1_dataset1"], filter={"class": "nothing"})
        self.assertIsNone(spec.render(empty, self.doc))
        # a figure naming the runs of an unavailable dataset (never computed: MLR-CG's RCV1 Figure
        # 2) is the placeholder, not an error about unknown run keys ...
        named = dict(self.specs["figure2_l1_dataset2"], runs=["covtype/never-run"])
        named.pop("filter", None)
        text = " ".join(t.get_text() for ax in spec.render(named, self.doc).axes for t in ax.texts)
        self.assertIn("Data not available here: covtype.binary", text)
        # ... while an unknown run of data that is here stays an error
        with self.assertRaisesRegex(spec.SpecError, "unknown run key"):
            spec.render(dict(named, dataset="a9a"), self.doc)

    def test_driver_writes_the_four_report_figures_and_no_automatic_convergence(self):
        with contextlib.redirect_stderr(io.StringIO()):
            out = driver.run(Path(self.tmp.name) / "results" / "sgdreport", paper="sgdreport")
        names = {p.name for p in out.written}
        for n in ("figure1_l1_dataset1", "figure2_l1_dataset2", "figure3_ridge_dataset1",
                  "figure4_ridge_dataset2"):
            self.assertIn(f"{n}.png", names)
        self.assertFalse([n for n in names if "_convergence_" in n], names)

    def test_bad_panels_are_named(self):
        bad = dict(self.specs["figure1_l1_dataset1"], panels=[{"value": "zeros", "colour": "red"}])
        with self.assertRaisesRegex(spec.SpecError, r"panels\[0\]: unknown key\(s\): colour"):
            spec.render(bad, self.doc)
        with self.assertRaisesRegex(spec.SpecError, "non-empty list"):
            spec.render(dict(bad, panels=[]), self.doc)


# ---------------------------------------------------------------- units

class Numerics(unittest.TestCase):
    def test_g_gamma_bounds_proposition1(self):
        # MLR-CG paper, Proposition 1: 0 <= g_gamma - g_svm <= ln2/gamma, max at z = 1.
        z = np.linspace(-5, 5, 2001)
        for gamma in (1, 5, 10, 100, 1000):
            gap = losses.g_gamma(z, gamma) - losses.hinge(z)
            self.assertGreaterEqual(gap.min(), -1e-12)
            self.assertLessEqual(gap.max(), math.log(2) / gamma + 1e-12)
            self.assertAlmostEqual(float(losses.g_gamma(1.0, gamma)), math.log(2) / gamma,
                                   places=12)

    def test_losses_do_not_overflow(self):
        with np.errstate(over="raise"):
            self.assertAlmostEqual(float(losses.g_gamma(-50.0, 1000.0)), 51.0, places=9)
            self.assertAlmostEqual(float(losses.logistic(-800.0)), 800.0, places=9)
            self.assertEqual(float(losses.logistic(800.0)), 0.0)

    def test_losses_known_values(self):
        self.assertAlmostEqual(float(losses.logistic(0.0)), math.log(2))
        self.assertEqual(float(losses.least_squares(3.0)), 4.0)
        self.assertEqual(float(losses.modified_least_squares(3.0)), 0.0)
        self.assertEqual(float(losses.modified_least_squares(-1.0)), 4.0)
        self.assertEqual(float(losses.hinge(-1.0)), 2.0)

    def test_fitted_slope(self):
        n = np.array([1e3, 2e3, 4e3, 8e3, 16e3])
        self.assertAlmostEqual(fitted_slope(n, 3e-5 * n ** 1.5), 1.5, places=9)
        self.assertIsNone(fitted_slope([1.0], [2.0]))


class Logic(unittest.TestCase):
    def test_compare_cell_statuses(self):
        pub = {"table": "t", "row": "r", "column": "c", "value": 10.0, "unit": "%",
               "tolerance": 0.5}
        ours = {"value": 10.5, "unit": "%", "status": "ok"}
        self.assertEqual(compare_cell(pub, ours)["status"], "within")
        self.assertAlmostEqual(compare_cell(pub, ours)["delta"], 0.5)
        self.assertEqual(compare_cell(pub, dict(ours, value=9.4))["status"], "outside")
        self.assertEqual(compare_cell(pub, None)["status"], "not_run")
        setting = dict(pub, kind="input")
        self.assertEqual(compare_cell(setting, ours)["status"], "input")
        self.assertEqual(compare_cell(setting, dict(ours, value=9.4))["status"], "input")
        self.assertEqual(compare_cell(setting, None)["status"], "input")
        self.assertEqual(compare_cell(pub, dict(ours, status="data_unavailable"))["status"],
                         "data_unavailable")
        self.assertEqual(compare_cell(pub, dict(ours, value=None))["status"], "outside")
        mismatch = compare_cell(pub, dict(ours, unit="ratio"))
        self.assertEqual(mismatch["status"], "within")  # judged as `linrepro compare` does ...
        self.assertIn("our unit is \"ratio\"", mismatch["our_note"])  # ... but the note says so

    def test_default_tolerance_per_unit(self):
        from linrepro_plots.io import default_tolerance

        self.assertEqual(default_tolerance(0.5, "%"), 0.5)
        per_unit = {"%": 0.5, "s": 2, "*": 0.01}
        self.assertEqual(default_tolerance(per_unit, "s"), 2)
        self.assertEqual(default_tolerance(per_unit, "ratio"), 0.01)
        self.assertIsNone(default_tolerance({"%": 0.5}, "ratio"))

    def test_fmt_uses_published_precision(self):
        self.assertEqual(fmt(1.2704, 1.25), "1.27")
        self.assertEqual(fmt(86.7321, 87.0), "86.7")     # at least one decimal beside the paper's
        self.assertEqual(fmt(12.0, 11.0), "12")          # whole numbers stay whole (counts)
        self.assertEqual(fmt(0.012345), "0.01235")
        self.assertEqual(fmt(None), "—")

    def test_select_runs(self):
        runs = [{"key": "a", "solver": "smo", "class": "earn", "status": "ok"},
                {"key": "b", "solver": "mlr-cg", "class": "earn", "status": "ok"},
                {"key": "c", "solver": "smo", "class": "acq", "status": "failed"}]
        def keys(spec):
            return [r["key"] for r in select_runs(runs, spec)]

        self.assertEqual(keys({"filter": {"solver": "smo"}}), ["a"])    # the failed run is left out
        self.assertEqual(keys({"runs": ["b", "a"]}), ["b", "a"])
        self.assertEqual(keys({"filter": {"status": ["ok", "failed"], "class": ["acq"]}}), ["c"])
        runs[1]["extra"] = {"part": "cv-best"}
        self.assertEqual(keys({"filter": {"extra.part": [None]}}), ["a"])  # null: no such field
        self.assertEqual(keys({"filter": {"extra.part": [None, "cv-best"]}}), ["a", "b"])
        with self.assertRaises(KeyError):
            select_runs(runs, {"runs": ["zzz"]})

    def test_style_is_consistent(self):
        self.assertEqual(style.line_kwargs("liblinear-s3")["linestyle"], "--")
        self.assertEqual(style.line_kwargs("mlr-cg")["linestyle"], "-")
        self.assertEqual(style.line_kwargs("some-new-solver"), style.line_kwargs("some-new-solver"))
        fixed = ["mlr-cg", "smo", "liblinear-s3", "libsvm-linear", "liblinear-s0"]
        self.assertEqual(len({style.color(n) for n in fixed}), len(fixed))
        # A variant of a known solver keeps its family's line style.
        self.assertEqual(style.line_kwargs("liblinear-s3 C=1")["linestyle"], "--")


class UsersSolversInFigures(unittest.TestCase):
    """Issue 60: a user's solver in a figure goes by its label, a long label wraps beside the axes
    without squeezing them, and a cell's sampling interval is an error bar."""

    def test_an_extra_solver_goes_by_its_label(self):
        from linrepro_plots.select import run_label
        extra = {"key": "20ng/extra/mine", "solver": "cmd:/home/me/solve.sh:loss=hinge",
                 "extra": {"part": "extra", "with_solver": "mine"}}
        self.assertEqual(run_label(extra, ["solver", "extra.part"]), "mine (extra)")
        self.assertEqual(run_label(extra, "class"), "20ng/extra/mine")  # other paths as they are
        self.assertEqual(run_label({"key": "k", "solver": "smo"}, ["solver", "extra.part"]), "smo")

    def bars(self, names):
        from linrepro_plots import figures
        values = {(g, s): (1.0 + i, None) for g in ("20ng", "reuters") for i, s in enumerate(names)}
        return figures.grouped_bars(["20ng", "reuters"], names, [("accuracy", values, False)], "t")

    def test_a_long_label_wraps_beside_the_axes_without_squeezing_them(self):
        from linrepro_plots import figures
        long = "py:sklearn.linear_model.LogisticRegression(max_iter=1000):loss=logistic (extra)"
        short, wide = self.bars(["mcsvm", "mine"]), self.bars(["mcsvm", long])
        legend = wide.axes[0].get_legend()
        lines = [t.get_text() for t in legend.get_texts()][1].split("\n")
        self.assertGreater(len(lines), 1)
        self.assertTrue(all(len(line) <= figures.LEGEND_WRAP for line in lines), lines)

        def axes_inches(fig):
            return fig.axes[0].get_position().width * fig.get_size_inches()[0]
        self.assertAlmostEqual(axes_inches(wide), axes_inches(short), delta=0.3)
        self.assertGreater(wide.get_size_inches()[0], short.get_size_inches()[0])

    def test_a_cells_interval_is_an_error_bar(self):
        from matplotlib.container import ErrorbarContainer

        from linrepro_plots import figures
        rows = [{"row": "earn", "column": "BEP", "unit": "%", "published": 90.0, "ours": 91.0,
                 "tolerance": 1.0, "status": "within", "interval": [89.5, 92.0]},
                {"row": "acq", "column": "BEP", "unit": "%", "published": 80.0, "ours": 78.0,
                 "tolerance": 1.0, "status": "outside"}]
        def error_bars(fig):  # each error bar's (low, high), the published tolerances' too
            return [tuple(seg[:, 1]) for c in fig.axes[0].containers
                    if isinstance(c, ErrorbarContainer) for seg in c.lines[2][0].get_segments()]
        for mode in ("scatter", "bar"):
            self.assertIn((89.5, 92.0), error_bars(figures.published_vs_reproduced(rows, "t", mode)))
            without = figures.published_vs_reproduced([dict(r, interval=None) for r in rows], "t",
                                                      mode)
            self.assertNotIn((89.5, 92.0), error_bars(without))
        # join.py reads the interval from the cell's evidence
        pub = {"table": "t", "row": "earn", "column": "BEP", "value": 90, "tolerance": 1}
        row = compare_cell(pub, {"value": 91, "evidence": {"interval": [89.5, 92.0]}})
        self.assertEqual(row["interval"], [89.5, 92.0])
        self.assertNotIn("interval", compare_cell(pub, {"value": 91}))


class CommittedFigures(unittest.TestCase):
    """The figures each committed result file declares (experiments/<paper>/experiments.json,
    copied into the file's header) draw its runs: a figure that selects nothing, or a filter value
    that names no run, is a stale declaration (a renamed method, key or class)."""

    def test_every_declared_figure_selects_runs(self):
        checked = 0
        for paper in PAPERS:
            for path in sorted((HERE.parent / "results" / paper).glob("*.json")):
                doc = json.loads(path.read_text())
                runs = doc.get("runs", [])
                for fig in doc.get("figures", []):
                    if fig.get("source") == "cells":
                        continue
                    where = f"{path.name} {fig['id']}"
                    if "dataset" in fig and spec.unavailable_reason(doc, fig["dataset"]) is not None:
                        continue  # the dataset is not here: a placeholder says so
                    chosen = select_runs(runs, fig)
                    self.assertTrue(chosen, f"{where}: selects no run")
                    for key, want in fig.get("filter", {}).items():
                        for value in (want if isinstance(want, list) else [want]):
                            self.assertTrue(any(get_path(r, key) == value for r in runs),
                                            f"{where}: filter {key} = {value!r} names no run")
                    checked += 1
        self.assertGreater(checked, 20)


# ---------------------------------------------------------------- runner

def main():
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(stream=sys.stderr, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    passed = result.testsRun - failed - len(result.skipped)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
