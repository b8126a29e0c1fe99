"""linrepro from Python: the registered solvers as scikit-learn estimators, and the comparison.

    import linrepro
    clf = linrepro.estimator("dcd-logistic", C=1.0).fit(X, y)   # or linrepro.estimators.DcdLogistic
    linrepro.solvers()                                           # names, parameters, sources
    linrepro.results()                                           # published vs reproduced, a DataFrame
    linrepro.load_task("zhangoles2001/table2", "earn/cls")       # the exact data of one run

Built by `make` (pybind11) into build/python/linrepro: PYTHONPATH=build/python.
"""
from . import paths

paths.use_installed_share()

from .estimators import CLASSES, SOLVERS, LinearClassifier, estimator  # noqa: E402
from .results import ablations, claims, comparison, results  # noqa: E402
from .tasks import Task, load_task  # noqa: E402


def solvers():
    """The registered solvers as `linrepro solvers` lists them: {name: description and params}."""
    return dict(SOLVERS)


__all__ = ["CLASSES", "LinearClassifier", "Task", "ablations", "claims", "comparison", "estimator",
           "load_task", "results", "solvers"]
