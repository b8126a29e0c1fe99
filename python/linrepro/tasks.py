"""The data an experiment's run is fitted on, for fitting anything else on exactly those rows.

    task = linrepro.load_task("zhangoles2001/table2", "earn/cls")
    clf.fit(task.X_train, task.y_train); clf.decision_function(task.X_test)

The run key is a key of the experiment's result file (results/<paper>/<id>.json, "runs");
`linrepro export <paper>/<id> OUT --task KEY` writes the same data as LIBSVM files.
"""
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from . import _solvers


@dataclass
class Task:
    X_train: sp.csr_matrix
    y_train: np.ndarray  # +1 / -1
    X_test: sp.csr_matrix
    y_test: np.ndarray
    feature_names: list  # one per column
    description: dict  # experiment, run key, task, the run's solver and params, the data set


def _csr(arrays):
    indptr, indices, data, shape = arrays
    return sp.csr_matrix((data, indices, indptr), shape=shape)


def load_task(experiment, run_key, results_dir=None):
    """The training and test matrices, labels and feature names of run `run_key` of `experiment`
    ("<paper>/<id>"), as the protocol prepares them (the corpus read and its features selected as
    for that run). `results_dir`: where supplied values are read (default: the project's)."""
    out = _solvers.load_task(experiment, run_key, results_dir or "")
    return Task(X_train=_csr(out["X_train"]), y_train=out["y_train"], X_test=_csr(out["X_test"]),
                y_test=out["y_test"], feature_names=out["feature_names"],
                description=out["description"])
