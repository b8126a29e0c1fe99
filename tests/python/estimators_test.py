"""linrepro's Python package (python/linrepro): estimators, their agreement with the program and
with LIBLINEAR, and the comparison as DataFrames.

Run by ctest (tests/CMakeLists.txt) with LINREPRO_BUILD set to the build directory. With the
argument `peers`, only scikit-learn's check_estimator over the registered solvers that run a
scikit-learn peer in a subprocess (about 100 CPU-s each, a Python process per fit; two at a time,
ctest's PROCESSORS 2); without, everything else.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest
import warnings
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import scipy.sparse as sp

BUILD = os.environ["LINREPRO_BUILD"]
sys.path.insert(0, os.path.join(BUILD, "python"))
import linrepro  # noqa: E402
from sklearn.datasets import dump_svmlight_file, load_svmlight_file, make_classification  # noqa: E402
from sklearn.utils.estimator_checks import check_estimator  # noqa: E402

PEERS = sorted(n for n, info in linrepro.SOLVERS.items() if "scikit-learn" in info["source"])
NATIVE = sorted(n for n in linrepro.SOLVERS if n not in PEERS)


def failing_checks(solver):
    """scikit-learn's estimator checks that fail for a solver's estimator: [(check, error)]."""
    failures = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for est, check in check_estimator(linrepro.estimator(solver), generate_only=True):
            try:
                check(est)
            except Exception as e:  # noqa: BLE001 - every failure is reported, by name
                failures.append((getattr(check, "func", check).__name__, f"{type(e).__name__}: {e}"))
    return failures


def as_keywords(params):
    """A run's declared parameters as the estimator's keyword arguments."""
    return {linrepro.estimators.python_name(k): v for k, v in params.items()}


def sparse_problem(seed, rows=300, cols=40):
    X, y = make_classification(n_samples=rows, n_features=cols, n_informative=8,
                               random_state=seed)
    X[np.abs(X) < 0.8] = 0  # sparse, as text is
    return sp.csr_matrix(X), np.where(y == 1, 1, -1)


class CheckEstimator(unittest.TestCase):
    def run_checks(self, solvers):
        for solver in solvers:
            with self.subTest(solver=solver):
                self.assertEqual(failing_checks(solver), [])

    def test_every_solver_passes_scikit_learns_checks(self):
        self.assertGreaterEqual(len(NATIVE), 20)
        self.run_checks(NATIVE)


def check_peers():
    """Exit status 1 when any peer's estimator fails a check, each failure printed."""
    if len(PEERS) < 5:
        sys.exit(f"expected the 5 scikit-learn peers, found {PEERS}")
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = dict(zip(PEERS, pool.map(failing_checks, PEERS)))
    for solver, failures in results.items():
        for check, error in failures:
            print(f"{solver}: {check}: {error}")
        print(f"{solver}: {len(failures)} of scikit-learn's estimator checks fail")
    sys.exit(1 if any(results.values()) else 0)


class SameFitAsTheProgram(unittest.TestCase):
    """The estimator's model is `linrepro train`'s on the same rows, parameters and seed."""

    def test_weights_equal_the_programs_model_file(self):
        X, y = sparse_problem(3)
        with tempfile.TemporaryDirectory() as tmp:
            data = os.path.join(tmp, "train.svm")
            dump_svmlight_file(X, y, data, zero_based=False)
            # The file has 16 significant digits: fit on the doubles the program reads from it.
            X, _ = load_svmlight_file(data, n_features=X.shape[1], zero_based=False)
            for solver, params in [("smo", {"lambda": 1e-3}), ("dcd-logistic", {"C": 0.5}),
                                   ("clg", {"lambda": 1e-3}), ("mlr-cg", {"lambda": 1e-3}),
                                   ("liblinear-s3", {"C": 2.0, "bias": 1.0})]:
                with self.subTest(solver=solver):
                    model = os.path.join(tmp, solver + ".model")
                    args = [os.path.join(BUILD, "linrepro"), "train", "-q", "-s", solver, data,
                            model, "--seed", "1"]
                    for k, v in params.items():
                        args += ["-p", f"{k}={v}"]
                    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
                    with open(model, encoding="utf-8") as fh:
                        saved = json.load(fh)["classes"][0]
                    est = linrepro.estimator(solver, **as_keywords(params))
                    est.fit(X, y)
                    # Written with 17 significant digits: the same doubles.
                    np.testing.assert_array_equal(est.coef_[0], saved["w"])
                    self.assertEqual(est.intercept_[0], saved["b"])


class Agreement(unittest.TestCase):
    def test_dual_cd_logistic_reaches_liblinears_objective(self):
        # Same problem, same C: the two logistic solvers' objectives (one convention,
        # (1/n) sum log(1 + exp(-y f)) + lambda ||w||^2) agree to their stopping tolerances.
        X, y = sparse_problem(5)
        ours = linrepro.estimator("dcd-logistic", C=1.0, eps=1e-6).fit(X, y)
        theirs = linrepro.estimator("liblinear-s0", C=1.0, eps=1e-6, bias=1.0).fit(X, y)
        self.assertAlmostEqual(ours.objective_, theirs.objective_, delta=1e-6 * theirs.objective_)
        np.testing.assert_allclose(ours.coef_, theirs.coef_, rtol=1e-3, atol=1e-4)

    def test_smo_agrees_with_libsvm(self):
        X, y = sparse_problem(7)
        ours = linrepro.estimator("smo", C=1.0, eps=1e-6).fit(X, y)
        theirs = linrepro.estimator("libsvm-linear", C=1.0, eps=1e-6).fit(X, y)
        self.assertAlmostEqual(ours.objective_, theirs.objective_, delta=1e-5 * theirs.objective_)
        np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))


class Behaviour(unittest.TestCase):
    def test_classes_keep_their_labels_and_multiclass_is_one_score_per_class(self):
        X, y = make_classification(n_samples=200, n_features=10, n_informative=6, n_classes=3,
                                   random_state=1)
        names = np.array(["earn", "acq", "crude"])[y]
        est = linrepro.estimator("dcd-logistic").fit(X, names)
        self.assertEqual(list(est.classes_), ["acq", "crude", "earn"])
        self.assertEqual(est.coef_.shape, (3, 10))
        scores = est.decision_function(X)
        np.testing.assert_array_equal(est.predict(X), est.classes_[scores.argmax(axis=1)])
        self.assertEqual(est.score(X, names), np.mean(est.predict(X) == names))

    def test_a_multiclass_only_solver_on_two_classes_gives_one_score(self):
        X, y = sparse_problem(2)
        est = linrepro.estimator("mmlr-cg").fit(X, y)
        self.assertEqual(est.coef_.shape, (1, X.shape[1]))
        np.testing.assert_array_equal(est.predict(X), np.where(est.decision_function(X) > 0, 1, -1))

    def test_lambda_and_c_together_are_refused_naming_both(self):
        X, y = sparse_problem(2)
        with self.assertRaisesRegex(ValueError, "lambda.*C|C.*lambda"):
            linrepro.estimator("smo", reg_lambda=1e-3, C=1.0).fit(X, y)

    def test_a_parameter_the_solver_does_not_declare_is_refused(self):
        with self.assertRaises(TypeError):
            linrepro.estimator("smo", alpha=1.0)
        with self.assertRaisesRegex(ValueError, "unknown solver 'svm'"):
            linrepro.estimator("svm")

    def test_fitting_leaves_the_callers_matrix_as_it_was(self):
        # Unsorted column indices: the fit sorts a copy, not the caller's arrays.
        X = sp.csr_matrix((np.array([1.0, 2.0, 3.0, 4.0]), np.array([2, 0, 1, 0]),
                           np.array([0, 2, 4])), shape=(2, 3))
        indices, data = X.indices.copy(), X.data.copy()
        linrepro.estimator("smo").fit(X, [1, -1])
        np.testing.assert_array_equal(X.indices, indices)
        np.testing.assert_array_equal(X.data, data)

    def test_naive_bayes_refuses_negative_values_before_fitting(self):
        X, y = sparse_problem(2)
        with self.assertRaisesRegex(ValueError, "Negative values.*reads counts"):
            linrepro.estimator("nb").fit(X, y)

    def test_the_classes_parameters_are_the_declared_ones(self):
        for name, info in linrepro.SOLVERS.items():
            params = linrepro.estimator(name).get_params()
            declared = {linrepro.estimators.python_name(p["name"]) for p in info["params"]}
            self.assertEqual(set(params), declared | {"random_state"}, name)


class LoadTask(unittest.TestCase):
    """load_task gives the exact data a run was fitted on: refitting the run's solver on it gives
    the committed run (Zhang & Oles Table 2, earn, CLS: its objective, its counts at threshold 0
    and its stored training margins)."""

    @classmethod
    def setUpClass(cls):
        cls.task = linrepro.load_task("zhangoles2001/table2", "earn/cls")
        with open(os.path.join(linrepro.paths.project_root(), "results", "zhangoles2001",
                               "table2.json"), encoding="utf-8") as fh:
            cls.stored = next(r for r in json.load(fh)["runs"] if r["key"] == "earn/cls")

    def test_refitting_the_run_on_its_task_gives_the_committed_run(self):
        t, run = self.task, self.stored
        self.assertEqual(t.description["params"], run["params"])
        self.assertEqual(t.description["dataset"], run["config"]["dataset"])
        self.assertEqual(t.description["seed"], run["config"]["seed"])
        est = linrepro.estimator(run["solver"], random_state=t.description["seed"],
                                 **as_keywords(run["params"]))
        est.fit(t.X_train, t.y_train)
        self.assertEqual(est.objective_, run["objective"])
        np.testing.assert_allclose(t.y_train * est.decision_function(t.X_train),
                                   run["extra"]["margins"], rtol=1e-12, atol=1e-12)
        positive = est.predict(t.X_test) == 1
        self.assertEqual(int(np.sum(positive & (t.y_test == 1))), run["metrics"]["tp0"])
        self.assertEqual(int(np.sum(positive & (t.y_test == -1))), run["metrics"]["fp0"])

    def test_export_writes_the_same_data(self):
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([os.path.join(BUILD, "linrepro"), "export", "zhangoles2001/table2", tmp,
                            "--task", "earn/cls"], check=True, capture_output=True)
            X, y = load_svmlight_file(os.path.join(tmp, "train.libsvm"),
                                      n_features=self.task.X_train.shape[1])
            self.assertEqual((X != self.task.X_train).nnz, 0)
            np.testing.assert_array_equal(y, self.task.y_train)
            with open(os.path.join(tmp, "features.txt"), encoding="utf-8") as fh:
                names = [line.rstrip("\n").split("\t")[1] for line in fh]
            self.assertEqual(names, self.task.feature_names)
            with open(os.path.join(tmp, "task.json"), encoding="utf-8") as fh:
                self.assertEqual(json.load(fh)["columns"], len(names))

    def test_a_longer_key_is_its_own_methods_task(self):
        # "earn/oof/cls" also ends like "{task}/cls": a task holds no "/", so it is task earn of
        # the out-of-fold method, with that method's data options.
        t = linrepro.load_task("zhangoles2001/table2", "earn/oof/cls")
        self.assertEqual(t.description["task"], "earn")
        self.assertEqual(t.description["data_options"].get("threshold"), "out-of-fold")
        self.assertEqual((t.X_train != self.task.X_train).nnz, 0)

    def test_a_key_no_run_has_is_an_error_naming_the_key_forms(self):
        with self.assertRaisesRegex(ValueError, r"no run has the key \"earn\"; .*<task>/cls"):
            linrepro.load_task("zhangoles2001/table2", "earn")
        with self.assertRaisesRegex(ValueError, "no experiment nowhere/table9"):
            linrepro.load_task("nowhere/table9", "earn/cls")


def outcomes_from_hex(text, rows):
    """Which documents a stored run got right (extra.test_correct: document 4k + j is bit j of hex
    digit k, harness/protocol/document_outcomes.h)."""
    bits = [(int(digit, 16) >> j) & 1 for digit in text for j in range(4)]
    return np.array(bits[:rows], dtype=bool)


class ScikitLearnOnAProtocolsTask(unittest.TestCase):
    """A user's scikit-learn LinearSVC on load_task's data reproduces a committed cell: MLR-CG
    Table 2, earn, SVM error (SMO at C = 1/(2 lambda n), lambda 0.001, 51 errors of 3,019).

    LinearSVC(loss="hinge") is the same SVM problem solved by LIBLINEAR's dual coordinate descent
    instead of SMO, except that it regularises the intercept; a large intercept_scaling makes that
    term negligible (scikit-learn's documented way to approach an unregularised bias), so the two
    solutions agree to the solvers' stopping tolerances, not bit for bit."""

    def test_linearsvc_on_the_task_gives_the_committed_svm_error_cell(self):
        from sklearn.svm import LinearSVC

        t = linrepro.load_task("mlrcg2003/table2_reuters", "table2/earn/smo")
        with open(os.path.join(linrepro.paths.project_root(), "results", "mlrcg2003",
                               "table2_reuters.json"), encoding="utf-8") as fh:
            doc = json.load(fh)
        run = next(r for r in doc["runs"] if r["key"] == "table2/earn/smo")
        cell = next(c for c in doc["cells"] if (c["table"], c["row"], c["column"]) ==
                    ("table2", "earn", "SVM error"))
        lam, n = run["params"]["lambda"], t.X_train.shape[0]
        est = LinearSVC(loss="hinge", C=1 / (2 * lam * n), intercept_scaling=10,
                        max_iter=10**5, random_state=t.description["seed"] % 2**32)
        est.fit(t.X_train, t.y_train)

        correct = est.predict(t.X_test) == t.y_test
        self.assertAlmostEqual(100 * np.mean(~correct), cell["value"], places=12)
        np.testing.assert_array_equal(correct, outcomes_from_hex(run["extra"]["test_correct"],
                                                                 len(t.y_test)))
        # The same objective, lambda |w|^2 + mean hinge (SMO stops at eps 0.001, above it).
        w = est.coef_.ravel()
        hinge = np.maximum(0, 1 - t.y_train * est.decision_function(t.X_train))
        self.assertAlmostEqual(lam * w @ w + hinge.mean(), run["objective"],
                               delta=1e-4 * run["objective"])


class Results(unittest.TestCase):
    def test_results_are_the_comparisons_cells(self):
        doc = linrepro.comparison()
        df = linrepro.results()
        self.assertEqual(len(df), len(doc["cells"]))
        self.assertGreater(len(df), 100)
        np.testing.assert_allclose(df["delta"], df["reproduced"] - df["published"], atol=1e-9)
        self.assertEqual(set(df["paper"]), set(doc["summary"]))
        claims = linrepro.claims()
        self.assertEqual(claims["id"].nunique(),
                         sum(1 for c in doc["claims"] if c.get("comparisons")))

    def test_a_missing_comparison_names_the_file_and_the_command(self):
        with self.assertRaisesRegex(FileNotFoundError, "nowhere.json.*linrepro compare"):
            linrepro.results("/nonexistent/nowhere.json")


if __name__ == "__main__":
    if sys.argv[1:] == ["peers"]:
        check_peers()
    unittest.main()
