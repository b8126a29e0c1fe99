#!/usr/bin/python3
"""scikit-learn peers of the SGD report's solvers (sgd-l1-ridge-report.md), on LIBSVM files.

Prints one JSON object per method and line (JSON Lines) on stdout:
  {"name", "estimator", "params", "train_error", "test_error", "zeros", "dimensions", "objective",
   "seconds", "cpu_seconds", "updates", "updates_per_second", "note"}
Errors are fractions (0.15 = 15 %). "zeros" counts exact zeros of beta = (b; w) as the report's
sparsity column does (31/124 on a9a counts the intercept). "objective" is the report's objective
evaluated at the peer's solution, with the intercept penalised as in the report's beta = (b; w):
Eq. 10 (1/N) sum log(1 + exp(-y f)) + lambda ||beta||_1 for the logistic methods, Eq. 14
(1/N) sum (y - f)^2 + lambda ||beta||^2 for the ridge methods. "seconds" is the fit's wall time,
"cpu_seconds" its CPU time (the machine may be shared); updates_per_second uses the CPU time.
Without --test the test fields are left out. With --out (one method) the weights w_1 .. w_d b are
written there as well: the SGD report's protocol runs each method as a registered solver
(baselines/sklearn_sgd_peers.h), which measures the model as it measures its own.

Methods (--method, repeatable; default: all):
  sgd-l1-logistic        SGDClassifier(loss="log_loss", penalty="l1", alpha=lambda,
                         learning_rate="constant", eta0=gamma, max_iter=epochs, tol=None,
                         shuffle=True): the report's Table 2-4 "Scikit-Learn" column. scikit-learn's
                         L1 step is Tsuruoka et al.'s cumulative penalty, as ours. Its objective is
                         (1/N) sum loss + alpha ||w||_1, the same as Eq. 10 except that its intercept
                         is not penalised and, on sparse input, is updated with a factor 0.01
                         (SPARSE_INTERCEPT_DECAY); --dense avoids that factor at the cost of O(d)
                         updates.
  l1-logistic-liblinear  LogisticRegression(penalty="l1", solver="liblinear", C=1/(lambda N),
                         tol=1e-8): the exact minimiser of Eq. 10 (LIBLINEAR minimises
                         ||beta||_1 + C sum loss with a penalised intercept feature of value 1;
                         dividing Eq. 10 by lambda gives C = 1/(lambda N)).
  sgd-ridge              SGDClassifier(loss="squared_error", penalty="l2", alpha=lambda,
                         learning_rate="constant") fitted one epoch per partial_fit call with eta0
                         reset before each epoch to 2 gamma_t of the report's decaying rate
                         gamma_t = gamma0 / (1 + gamma0 a t) at the epoch's first update t.
                         scikit-learn's squared_error is (1/2)(y - f)^2 and its L2 term
                         (alpha/2)||w||^2, i.e. half of Eq. 14 with alpha = lambda, so its step
                         eta equals the report's 2 gamma. scikit-learn has no 1/(1 + c t) schedule;
                         holding the rate constant within an epoch is the closest it allows (the
                         rate changes by under 10 % within the first epoch on a9a, less later).
                         Same intercept caveats as above.
  sgd-ridge-constant     the same SGDClassifier with eta0 = 2 gamma0 held constant, in one fit
                         call (max_iter=epochs): a speed reference without the per-epoch
                         partial_fit overhead, not the report's schedule.
  ridge-exact            RidgeClassifier(alpha=lambda N, tol=1e-10): the exact minimiser of Eq. 14 with an
                         unpenalised intercept (scikit-learn minimises ||y - Xw - b||^2 +
                         alpha ||w||^2; dividing by N gives alpha = lambda N).

Inputs may be plain or .xz-compressed LIBSVM files (the data mirror stores .xz). The test set is
read with the training set's number of features (a9a.t never uses feature 123).
"""
import argparse
import json
import sys
import warnings

import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression, RidgeClassifier, SGDClassifier

from peer_io import Timer, load_libsvm

METHODS = [
    "sgd-l1-logistic", "l1-logistic-liblinear", "sgd-ridge", "sgd-ridge-constant", "ridge-exact"
]


def load(path, n_features=None):
    X, y = load_libsvm(path, n_features)
    values = set(np.unique(y))
    if values == {1.0, 2.0}:  # LIBSVM's first-label-positive convention (core/labels.h)
        y = np.where(y == 1.0, 1.0, -1.0)
    elif values == {0.0, 1.0}:
        y = np.where(y == 1.0, 1.0, -1.0)
    elif not values <= {-1.0, 1.0}:
        sys.exit(f"{path}: labels {sorted(values)} are not binary")
    return X, y


def decision(model, X):
    return np.asarray(model.decision_function(X)).ravel()


def error(model, X, y):
    # sign with 0 -> +1, as the C++ LinearModel::predict
    return float(np.mean(np.where(decision(model, X) >= 0, 1.0, -1.0) != y))


def outcomes_hex(model, X, y):
    """Which documents it got right, four a hex digit (document 4k + j is bit j of digit k), as
    harness/protocol/document_outcomes.h reads them: a paired comparison with our solvers needs them."""
    right = (np.where(decision(model, X) >= 0, 1.0, -1.0) == y).astype(np.int64)
    right = np.concatenate([right, np.zeros((-len(right)) % 4, dtype=np.int64)]).reshape(-1, 4)
    return "".join("0123456789abcdef"[v] for v in right @ np.array([1, 2, 4, 8]))


def weights(model):
    return np.asarray(model.coef_).ravel(), float(np.asarray(model.intercept_).ravel()[0])


def logistic_objective(model, X, y, lam):
    w, b = weights(model)
    return float(np.mean(np.logaddexp(0.0, -y * decision(model, X))) + lam * (np.abs(w).sum() + abs(b)))


def ridge_objective(model, X, y, lam):
    w, b = weights(model)
    return float(np.mean((y - decision(model, X)) ** 2) + lam * (w @ w + b * b))


def sparse_note(a, note):
    return note + ("" if a.dense else ", sparse input: intercept step x0.01")


# One setup per method: each returns (estimator, its fit(X, y), params as reported, objective,
# note, sgd), where sgd means it is fitted on the SGD input (dense with --dense) and takes
# n * epochs updates; the exact solvers are fitted on the sparse matrix and report no updates.
SGD = {"tol": None, "shuffle": True}


def setup_sgd_l1_logistic(a, n):
    model = SGDClassifier(loss="log_loss", penalty="l1", alpha=a.lam, learning_rate="constant",
                          eta0=a.gamma, max_iter=a.epochs, random_state=a.seed, **SGD)
    params = {"alpha": a.lam, "eta0": a.gamma, "max_iter": a.epochs}
    note = sparse_note(a, "intercept unpenalised")
    return model, model.fit, params, logistic_objective, note, True


def setup_l1_logistic_liblinear(a, n):
    C = 1.0 / (a.lam * n)
    model = LogisticRegression(penalty="l1", solver="liblinear", C=C, tol=1e-8, max_iter=10000,
                               random_state=a.seed)
    note = "exact minimiser of Eq. 10 (intercept penalised, as LIBLINEAR's bias feature)"
    return model, model.fit, {"C": C, "tol": 1e-8}, logistic_objective, note, False


def setup_sgd_ridge(a, n):
    rng = np.random.RandomState(a.seed)  # an object, so every epoch gets a new permutation
    model = SGDClassifier(loss="squared_error", penalty="l2", alpha=a.lam,
                          learning_rate="constant", eta0=2 * a.gamma, random_state=rng, **SGD)

    def fit_per_epoch(X, y):  # eta0 reset to 2 gamma_t at each epoch's first update t
        for epoch in range(a.epochs):
            model.eta0 = 2 * a.gamma / (1 + a.gamma * a.decay * (epoch * n))
            model.partial_fit(X, y, classes=np.array([-1.0, 1.0]))

    params = {"alpha": a.lam, "eta0": f"2 * {a.gamma} / (1 + {a.gamma} * {a.decay} * t), per epoch",
              "epochs": a.epochs}
    note = sparse_note(a, "rate constant within each epoch; intercept unpenalised")
    return model, fit_per_epoch, params, ridge_objective, note, True


def setup_sgd_ridge_constant(a, n):
    model = SGDClassifier(loss="squared_error", penalty="l2", alpha=a.lam,
                          learning_rate="constant", eta0=2 * a.gamma, max_iter=a.epochs,
                          random_state=a.seed, **SGD)
    params = {"alpha": a.lam, "eta0": 2 * a.gamma, "max_iter": a.epochs}
    note = "speed reference: constant rate, not the report's schedule"
    return model, model.fit, params, ridge_objective, note, True


def setup_ridge_exact(a, n):
    # tol: its default (1e-4) stops sparse_cg, the solver it takes for sparse rows, ~1e-4 away.
    model = RidgeClassifier(alpha=a.lam * n, tol=1e-10)
    note = "exact minimiser of Eq. 14 with an unpenalised intercept"
    return model, model.fit, {"alpha": a.lam * n, "tol": 1e-10}, ridge_objective, note, False


SETUPS = {
    "sgd-l1-logistic": setup_sgd_l1_logistic,
    "l1-logistic-liblinear": setup_l1_logistic_liblinear,
    "sgd-ridge": setup_sgd_ridge,
    "sgd-ridge-constant": setup_sgd_ridge_constant,
    "ridge-exact": setup_ridge_exact,
}


def run(method, a, Xtr, ytr, Xte, yte):
    if method not in SETUPS:
        raise ValueError(method)
    n = Xtr.shape[0]
    model, fit, params, objective_of, note, sgd = SETUPS[method](a, n)
    X = (Xtr.toarray() if a.dense else Xtr) if sgd else Xtr
    with Timer() as timer:
        fit(X, ytr)
    objective = objective_of(model, Xtr, ytr, a.lam)
    updates = n * a.epochs if sgd else None
    w, b = weights(model)
    if a.out:  # the registered solver's weights (baselines/sklearn_sgd_peers.h), exactly
        with open(a.out, "w") as f:
            f.write(" ".join(repr(float(v)) for v in [*w, b]) + "\n")
    result = {
        "name": method,
        "estimator": type(model).__name__,
        "params": params,
        "seed": a.seed,
        "dense_input": bool(a.dense),
        "train_error": error(model, Xtr, ytr),
        "train_rows": int(Xtr.shape[0]),
        "train_correct": outcomes_hex(model, Xtr, ytr),
        "zeros": int(np.count_nonzero(w == 0) + (b == 0)),
        "dimensions": int(w.size + 1),
        "objective": objective,
        "seconds": timer.wall,
        "cpu_seconds": timer.cpu,
        "updates": updates,
        "updates_per_second": updates / timer.cpu if updates else None,
        "note": note,
        "sklearn_version": sklearn.__version__,
    }
    if Xte is not None:
        result.update({"test_error": error(model, Xte, yte), "test_rows": int(Xte.shape[0]),
                       "test_correct": outcomes_hex(model, Xte, yte)})
    return result


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--train", required=True, help="LIBSVM training file (.xz ok)")
    p.add_argument("--test", help="LIBSVM test file (.xz ok); without it, no test fields")
    p.add_argument("--features", type=int, help="columns (default: the training file's largest)")
    p.add_argument("--out", help="write w_1 .. w_d b of the (one) method here")
    p.add_argument("--method", action="append", choices=METHODS, help="default: all")
    p.add_argument("--lambda", dest="lam", type=float, default=1e-4)
    p.add_argument("--gamma", type=float, default=0.001, help="gamma (gamma0 for sgd-ridge)")
    p.add_argument("--decay", type=float, default=0.003, help="a in gamma0 / (1 + gamma0 a t)")
    p.add_argument("--epochs", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dense", action="store_true", help="give the SGD peers dense arrays")
    a = p.parse_args()

    if a.out and len(a.method or METHODS) != 1:
        sys.exit("--out takes the weights of one --method")
    Xtr, ytr = load(a.train, a.features)
    Xte, yte = load(a.test, n_features=Xtr.shape[1]) if a.test else (None, None)
    for method in a.method or METHODS:
        print(f"sklearn_sgd_peer: {method} ...", file=sys.stderr, flush=True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ConvergenceWarning etc. must not reach stdout
            result = run(method, a, Xtr, ytr, Xte, yte)
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
