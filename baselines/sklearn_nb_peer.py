#!/usr/bin/python3
"""scikit-learn's MultinomialNB as the peer of our naive Bayes (baselines/naive_bayes.h), on LIBSVM files.

  sklearn_nb_peer.py TRAIN TEST --alpha A [--binary-ovr] [--uniform-prior] [--repeat R] [--details]

Fits MultinomialNB(alpha=A, force_alpha=True, fit_prior=not --uniform-prior) on TRAIN and predicts
TEST; labels are the files' numeric labels (multiclass; a binary file is a two-class problem).
  default        NB-1 / MCNB: one multiclass MultinomialNB, predict = argmax joint log-likelihood.
  --binary-ovr   NB-2: for each class c a two-class MultinomialNB of c against the rest, decision
                 f_c = jll(c) - jll(rest) (the log posterior odds), predict = argmax_c f_c; ties go
                 to the lowest class, as our MulticlassModel::predict.
alpha is the lambda of Zhang & Oles' lambda-smoothing (our "smoothing" parameter). force_alpha=True
because scikit-learn 1.2 otherwise silently raises alpha < 1e-10 to 1e-10.

Prints one JSON object on stdout:
  {"estimator", "mode" ("nb-1"|"nb-2"), "alpha", "fit_prior", "classes" (label values, ascending),
   "n_train", "n_test", "n_features", "nnz_train", "accuracy" (fraction of TEST predicted right),
   "fit_seconds", "predict_seconds" (CPU time, time.process_time(), of one fit / one predict; with
   --repeat R the mean of R runs, so file parsing and Python start-up are excluded),
   "fit_wall_seconds", "predict_wall_seconds", "train_docs_per_second", "predict_docs_per_second"
   (rows per CPU second), "repeat"}
With --details also
  "predictions" (label values), "decision" ([n_test][K]: NB-1 joint log-likelihoods, NB-2 f_c),
  "class_log_prior" and "feature_log_prob" (NB-1 only: scikit-learn's class_log_prior_ [K] and
  feature_log_prob_ [K][n_features], i.e. our b_c and w_c).
Inputs may be plain or .xz-compressed. TEST is read with TRAIN's number of features (or
--n-features, when the training matrix has trailing all-zero columns the file cannot show).
"""
import argparse
import json
import sys
import warnings

import numpy as np
from sklearn.naive_bayes import MultinomialNB

from peer_io import Timer, load_libsvm


def make(a):
    return MultinomialNB(alpha=a.alpha, force_alpha=True, fit_prior=not a.uniform_prior)


def fit(a, X, y, classes):
    """NB-1: one model; NB-2: one two-class model per class (True = the class, False = the rest)."""
    if not a.binary_ovr:
        return make(a).fit(X, y)
    return [make(a).fit(X, y == c) for c in classes]


def decision(a, model, X):
    if not a.binary_ovr:
        return model.predict_joint_log_proba(X)
    cols = []
    for m in model:
        jll = m.predict_joint_log_proba(X)
        pos = list(m.classes_).index(True) if True in m.classes_ else None
        neg = list(m.classes_).index(False) if False in m.classes_ else None
        if pos is None or neg is None:  # one side had no documents: a constant classifier
            cols.append(np.full(X.shape[0], np.inf if neg is None else -np.inf))
        else:
            cols.append(jll[:, pos] - jll[:, neg])
    return np.column_stack(cols)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("train", help="LIBSVM training file (.xz ok)")
    p.add_argument("test", help="LIBSVM test file (.xz ok)")
    p.add_argument("--alpha", type=float, required=True, help="smoothing lambda (> 0)")
    p.add_argument("--binary-ovr", action="store_true", help="NB-2 instead of NB-1")
    p.add_argument("--uniform-prior", action="store_true", help="fit_prior=False")
    p.add_argument("--repeat", type=int, default=1, help="time R fits and predicts, report means")
    p.add_argument("--n-features", type=int, help="number of features (default: TRAIN's)")
    p.add_argument("--details", action="store_true", help="add predictions, scores, parameters")
    a = p.parse_args()
    if not a.alpha > 0:
        sys.exit("sklearn_nb_peer: --alpha must be > 0")
    if a.repeat < 1:
        sys.exit("sklearn_nb_peer: --repeat must be >= 1")
    return a


def main():
    a = parse_args()
    Xtr, ytr = load_libsvm(a.train, a.n_features)
    Xte, yte = load_libsvm(a.test, Xtr.shape[1])
    classes = np.unique(ytr)
    print(f"sklearn_nb_peer: {'NB-2' if a.binary_ovr else 'NB-1'} on {Xtr.shape[0]} rows, "
          f"{len(classes)} classes, {Xtr.shape[1]} features, {a.repeat} run(s)",
          file=sys.stderr, flush=True)
    fit_cpu = fit_wall = pred_cpu = pred_wall = 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nothing but the JSON may reach stdout
        for _ in range(a.repeat):
            with Timer() as t:
                model = fit(a, Xtr, ytr, classes)
            fit_cpu, fit_wall = fit_cpu + t.cpu, fit_wall + t.wall
            with Timer() as t:
                scores = decision(a, model, Xte)
                predicted = classes[np.argmax(scores, axis=1)]  # first maximum = lowest class
            pred_cpu, pred_wall = pred_cpu + t.cpu, pred_wall + t.wall
    r = a.repeat
    out = {
        "estimator": "MultinomialNB",
        "mode": "nb-2" if a.binary_ovr else "nb-1",
        "alpha": a.alpha,
        "fit_prior": not a.uniform_prior,
        "classes": classes.tolist(),
        "n_train": int(Xtr.shape[0]),
        "n_test": int(Xte.shape[0]),
        "n_features": int(Xtr.shape[1]),
        "nnz_train": int(Xtr.nnz),
        "accuracy": float(np.mean(predicted == yte)),
        "fit_seconds": fit_cpu / r,
        "predict_seconds": pred_cpu / r,
        "fit_wall_seconds": fit_wall / r,
        "predict_wall_seconds": pred_wall / r,
        "train_docs_per_second": Xtr.shape[0] * r / fit_cpu if fit_cpu > 0 else None,
        "predict_docs_per_second": Xte.shape[0] * r / pred_cpu if pred_cpu > 0 else None,
        "repeat": r,
    }
    if a.details:
        out["predictions"] = predicted.tolist()
        out["decision"] = [[v if np.isfinite(v) else (1e308 if v > 0 else -1e308) for v in row]
                           for row in scores.tolist()]
        if not a.binary_ovr:
            out["class_log_prior"] = model.class_log_prior_.tolist()
            out["feature_log_prob"] = model.feature_log_prob_.tolist()
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
