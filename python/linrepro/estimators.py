"""Every registered solver as a scikit-learn classifier, generated from its declared parameters.

A class per solver (``linrepro.estimators.DcdLogistic`` for ``dcd-logistic``) and
``linrepro.estimator(name, **params)``. Each class's ``__init__`` takes exactly the solver's
declared parameters (``linrepro solvers`` lists the same ones; ``lambda``, a Python keyword,
is ``reg_lambda``) plus ``random_state``; every parameter defaults to ``None``, which means the
solver's declared default, so that ``C`` and ``lambda`` (which a solver refuses together) can
both be left out. The fit is the registered solver's, in C++ (``linrepro._solvers``): two
classes give one binary fit (``classes_[1]`` is +1), more give the solver's multiclass fit
(native, or one-vs-rest as ``linrepro train --multiclass``).
"""
import json
import keyword

import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import check_random_state
from sklearn.utils.extmath import safe_sparse_dot
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from . import _solvers

# The losses whose solvers read counts: scikit-learn's tag, and a refusal before fitting.
_COUNT_LOSSES = {"multinomial_nb"}


# Declared names that cannot be keyword arguments. Not ``lambda_``: scikit-learn takes an
# attribute ending in "_" for a fitted one (check_is_fitted); xgboost's name for its lambda.
_KEYWORD_NAMES = {"lambda": "reg_lambda"}


def python_name(param):
    """A declared parameter's name as a keyword argument (``lambda`` -> ``reg_lambda``)."""
    name = _KEYWORD_NAMES.get(param, param)
    if keyword.iskeyword(name) or not name.isidentifier() or name.endswith("_"):
        raise ValueError(f"declared parameter {param!r} has no Python name (estimators.py)")
    return name


def class_name(solver):
    """``dcd-logistic`` -> ``DcdLogistic``, ``liblinear-s0`` -> ``LiblinearS0``."""
    return "".join(part[:1].upper() + part[1:] for part in solver.split("-"))


def _plain(value):
    """numpy scalars as the JSON numbers and booleans the solver's declaration reads."""
    return value.item() if isinstance(value, np.generic) else value


class LinearClassifier(ClassifierMixin, BaseEstimator):
    """A registered linrepro solver as a classifier: f(x) = coef_ . x + intercept_."""

    solver = None  # the registry name; set by each generated class
    _declared = ()  # (python name, declared name) of its parameters
    _counts = False  # reads counts: refuses negative values

    def _solver_params(self):
        params = {}
        for attr, declared in self._declared:
            value = getattr(self, attr)
            if value is not None:
                params[declared] = _plain(value)
        return params

    def _seed(self):
        if self.random_state is None:
            return 1  # `linrepro train`'s --seed default
        if isinstance(self.random_state, (int, np.integer)):
            return int(self.random_state)
        return int(check_random_state(self.random_state).randint(np.iinfo(np.int32).max))

    def fit(self, X, y):
        if y is None:
            raise ValueError(
                f"{type(self).__name__} requires y to be passed, but the target y is None")
        X, y = self._validate_data(X, y, accept_sparse="csr", dtype=np.float64)
        check_classification_targets(y)
        if self._counts and (X.data if sp.issparse(X) else X).min(initial=0) < 0:
            raise ValueError(f"Negative values in data passed to {type(self).__name__} "
                             f"({self.solver} reads counts)")
        self.classes_, ids = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"{self.solver} needs at least 2 classes; got 1 class "
                             f"({self.classes_[0]!r})")
        X = sp.csr_matrix(X)  # may share the caller's arrays
        if not X.has_canonical_format:  # the solvers read sorted, unique column indices per row
            X = X.copy()
            X.sum_duplicates()
        out = _solvers.fit(self.solver, X.indptr, X.indices, X.data, X.shape[1],
                           ids.astype(np.int32), len(self.classes_),
                           json.dumps(self._solver_params()), self._seed())
        coef, intercept = out["coef"], out["intercept"]
        self._tie_positive = bool(out["tie_positive"][0])
        if len(self.classes_) == 2 and coef.shape[0] == 2:
            # A multiclass-only solver on two classes: class 1's score minus class 0's, argmax's
            # tie (lowest id) is class 0.
            coef, intercept = coef[1:] - coef[:1], intercept[1:] - intercept[:1]
            self._tie_positive = False
        self.coef_, self.intercept_ = coef, intercept
        self.n_iter_ = out["iterations"]
        self.objective_ = out["objective"]
        self.stop_reason_ = out["stop"]
        self.fit_extra_ = out["extra"]
        return self

    def decision_function(self, X):
        check_is_fitted(self)
        X = self._validate_data(X, accept_sparse="csr", dtype=np.float64, reset=False)
        scores = safe_sparse_dot(X, self.coef_.T, dense_output=True) + self.intercept_
        return scores.ravel() if scores.shape[1] == 1 else scores

    def predict(self, X):
        scores = self.decision_function(X)
        if scores.ndim == 1:
            ids = (scores > 0) | ((scores == 0) & self._tie_positive)
            return self.classes_[ids.astype(np.intp)]
        return self.classes_[scores.argmax(axis=1)]

    def _more_tags(self):
        # Naive Bayes on the checks' real-valued blobs scores below their 0.83 bar, as
        # scikit-learn's MultinomialNB does (0.793 both on the shifted 3-blob set): the same tag.
        return {"requires_positive_X": self._counts, "poor_score": self._counts,
                "requires_y": True}


def _init_source(names):
    """An explicit keyword-only __init__: scikit-learn reads the parameters off its signature."""
    args = "".join(f", {n}=None" for n in names)
    body = "".join(f"\n    self.{n} = {n}" for n in names) or "\n    pass"
    return f"def __init__(self, *{args}):{body}\n"


def _docstring(info):
    lines = [f"{info['description']}.", "", f"Source: {info['source']}.",
             f"Objective: {info['objective']}.", f"Classes: {info['classes']}.", "",
             "Parameters (None: the declared default)", "----------"]
    for p in info["params"]:
        default = (json.dumps(p["default"]) if p["default"] is not None
                   else f"none ({p['no_default']})" if p["no_default"] else "none")
        lines += [f"{python_name(p['name'])} : {p['type_text']}, default {default}",
                  f"    {p['doc']}"]
    lines += ["random_state : int, RandomState or None, default None (seed 1, as `linrepro train`)",
              "    The fit's seed (shuffles, draws); a fixed seed gives the same model."]
    return "\n".join(lines)


def _make_class(info):
    names = [python_name(p["name"]) for p in info["params"]] + ["random_state"]
    scope = {}
    exec(_init_source(names), scope)  # noqa: S102 - the source is built from declared names only
    init = scope["__init__"]
    name = class_name(info["name"])
    init.__qualname__ = f"{name}.__init__"
    attrs = {
        "__init__": init,
        "__doc__": _docstring(info),
        "__module__": __name__,
        "__qualname__": name,
        "solver": info["name"],
        "_declared": tuple((python_name(p["name"]), p["name"]) for p in info["params"]),
        "_counts": info["loss"] in _COUNT_LOSSES,
    }
    return type(name, (LinearClassifier,), attrs)


SOLVERS = {info["name"]: info for info in _solvers.solvers()}
CLASSES = {}
for _info in SOLVERS.values():
    _cls = _make_class(_info)
    globals()[_cls.__name__] = _cls
    CLASSES[_info["name"]] = _cls
del _info, _cls


def estimator(solver, **params):
    """The estimator of a registered solver: ``estimator("dcd-logistic", C=1.0)``."""
    if solver not in CLASSES:
        raise ValueError(f"unknown solver {solver!r}; registered: {', '.join(sorted(CLASSES))}")
    return CLASSES[solver](**params)
