#!/usr/bin/python3
"""A scikit-learn estimator as a linrepro external solver (`--with-solver py:...`).

  sklearn_estimator.py --describe EXPR       what the estimator is, as one JSON line
  sklearn_estimator.py EXPR TRAIN PARAMS OUT  fit on TRAIN, write w_1 .. w_d b to OUT
  sklearn_estimator.py --serve EXPR          many fits in one process: each stdin line is
                                             {"train", "params", "out"}, each answer one stdout
                                             line, {"report": ...} or {"error": "<one line>"}

--serve is how linrepro runs a py: solver (one process per worker for a whole experiment: starting
Python and importing scikit-learn took about 0.75 s per fit); it ends at the end of its input.

The protocol is baselines/external_solver.h's. EXPR is MODULE.CLASS(k=v, ...) with literal keyword
arguments only: it is parsed with `ast`, never evaluated. An estimator that takes C gets PARAMS'
C (the protocol's lambda as C = 1/(2 lambda n), scikit-learn's own convention for LinearSVC,
LogisticRegression and SVC) unless EXPR sets C, and one that takes random_state gets the run's
seed unless EXPR sets it; a naive Bayes estimator gets the protocol's lambda
as its additive smoothing alpha unless EXPR sets alpha (Zhang & Oles' lambda-smoothing: each count
increased by lambda); any other estimator keeps its own regularisation.

The weights: coef_ and intercept_ where the estimator has them; otherwise (naive Bayes, whose
coef_ scikit-learn removed in 1.1) the linear model is read off its joint log-likelihoods,
b = d(0) and w_j = d(e_j) - d(0) with d(x) the +1 class's minus the -1 class's, and must give
the estimator's own d on every training row, or the fit fails saying the estimator is not linear
in these features (BernoulliNB is linear only in 0/1 features).
"""
import ast
import importlib
import json
import os
import sys

# scikit-learn's loss names -> linrepro's (solvers/solver_kind.h).
LOSSES = {
    "hinge": "hinge",
    "squared_hinge": "squared_hinge",
    "log_loss": "logistic",
    "log": "logistic",
    "squared_error": "least_squares",
}

# Estimators that minimise no loss, by class name -> linrepro's kind (solvers/solver_kind.h). Their
# lambda is the additive smoothing alpha.
NAIVE_BAYES = {
    "MultinomialNB": "multinomial_nb",
    "BernoulliNB": "bernoulli_nb",
}


class Failure(Exception):
    """A fit or description that cannot be done, with the one-line reason."""


def fail(message):
    raise Failure(message)


def parse(expr):
    """EXPR -> (class, keyword arguments)."""
    try:
        node = ast.parse(expr, mode="eval").body
    except SyntaxError as e:
        fail(f"'{expr}' is not MODULE.CLASS(k=v, ...): {e}")
    keywords = []
    if isinstance(node, ast.Call):
        if node.args:
            fail(f"'{expr}': give the estimator's arguments by name (k=v)")
        keywords, node = node.keywords, node.func
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        fail(f"'{expr}' is not MODULE.CLASS(k=v, ...)")
    parts.append(node.id)
    module, _, name = ".".join(reversed(parts)).rpartition(".")
    if not module:
        fail(f"'{expr}': name the module too (e.g. sklearn.svm.LinearSVC)")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as e:
        fail(f"cannot import {module}.{name}: {e}")
    if not isinstance(cls, type) or not hasattr(cls, "fit") or not hasattr(cls, "get_params"):
        fail(f"{module}.{name} is not an estimator class (one with fit and get_params)")
    kwargs = {}
    for k in keywords:
        if k.arg is None:
            fail(f"'{expr}': no **arguments")
        try:
            kwargs[k.arg] = ast.literal_eval(k.value)
        except ValueError:
            fail(f"'{expr}': the value of {k.arg} is not a literal")
    return cls, kwargs


def describe(expr):
    import sklearn

    cls, kwargs = parse(expr)
    params = cls(**kwargs).get_params()
    loss = params.get("loss")
    penalty = params.get("penalty")
    if cls.__name__ in NAIVE_BAYES:
        loss, penalty = NAIVE_BAYES[cls.__name__], "none"
    else:
        loss = LOSSES.get(loss) if isinstance(loss, str) else None
        penalty = penalty if penalty in ("l1", "l2") else None
    print(json.dumps({
        "loss": loss,
        "penalty": penalty,
        "takes_C": "C" in params,
        "sklearn": f"scikit-learn {sklearn.__version__}",
    }))


def read_off_linear_model(estimator, X):
    """(w, b) of an estimator without coef_ whose joint log-likelihoods are linear in x."""
    import numpy as np
    from scipy import sparse

    if not hasattr(estimator, "predict_joint_log_proba"):
        fail(f"{estimator!r} has neither coef_ nor predict_joint_log_proba: no linear model")

    def d(rows):
        jll = estimator.predict_joint_log_proba(rows)
        return jll[:, 1] - jll[:, 0]

    features = X.shape[1]
    b = float(d(sparse.csr_matrix((1, features)))[0])
    w = d(sparse.identity(features, format="csr")) - b
    own = d(X)
    gap = np.max(np.abs(X @ w + b - own) / (1.0 + np.abs(own))) if X.shape[0] else 0.0
    if not gap <= 1e-9:
        fail(f"{estimator!r} is not linear in these features: w.x + b differs from its own "
             f"log-likelihood ratio by {gap:.3g} (relative) on a training row")
    return w, b


def fit(expr, train, params_file, out):
    import numpy as np
    from scipy import sparse
    from sklearn.datasets import load_svmlight_file

    cls, kwargs = parse(expr)
    with open(params_file) as f:
        sent = json.load(f)
    takes = cls().get_params()
    if "C" in takes and "C" not in kwargs:
        kwargs["C"] = sent["C"]
    # The run's seed, so that a rerun reproduces the model (LinearSVC's dual shuffles its rows).
    if "random_state" in takes and "random_state" not in kwargs and "seed" in sent:
        kwargs["random_state"] = sent["seed"] % 2**32
    if sent["loss"] in NAIVE_BAYES.values() and "alpha" in takes and "alpha" not in kwargs:
        kwargs["alpha"] = sent["lambda"]
    X, y = load_svmlight_file(train, n_features=sent["features"], zero_based=False)
    estimator = cls(**kwargs)
    estimator.fit(X, y)
    if list(estimator.classes_) != [-1.0, 1.0]:
        fail(f"expected the classes -1 and +1, the estimator has {list(estimator.classes_)}")
    if hasattr(estimator, "coef_"):
        coef = estimator.coef_
        coef = np.ravel(coef.toarray() if sparse.issparse(coef) else coef)
        intercept = float(np.ravel(getattr(estimator, "intercept_", [0.0]))[0])
    else:
        coef, intercept = read_off_linear_model(estimator, X)
    with open(out, "w") as f:
        f.write(" ".join(repr(float(v)) for v in coef) + f" {intercept!r}\n")
    report = {"estimator": repr(estimator), "C": kwargs.get("C")}
    if "random_state" in kwargs:
        report["random_state"] = kwargs["random_state"]
    return report


def serve(expr):
    """Answers each request line of stdin with one line: the fit's report, or its error."""
    parse(expr)  # a malformed EXPR fails before the first request, as one error
    # The answers go to a copy of stdout; stdout itself becomes stderr, so that what an estimator
    # prints (LinearSVC(verbose=1) from C, a print in a user's own) cannot break the protocol.
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            answer = {"report": fit(expr, request["train"], request["params"], request["out"])}
        except Failure as e:
            answer = {"error": str(e)}
        except Exception as e:  # the estimator's own error, in one line rather than a traceback
            answer = {"error": f"{type(e).__name__}: {' '.join(str(e).split())}"}
        sys.stdout.flush()
        print(json.dumps(answer), file=answers, flush=True)


def main(argv):
    try:
        if len(argv) == 3 and argv[1] == "--describe":
            describe(argv[2])
        elif len(argv) == 3 and argv[1] == "--serve":
            serve(argv[2])
        elif len(argv) == 5:
            print(json.dumps(fit(*argv[1:])))
        else:
            fail("usage: sklearn_estimator.py --describe EXPR | --serve EXPR | "
                 "EXPR TRAIN PARAMS OUT")
    except Failure as e:
        print(f"sklearn_estimator.py: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv)
