"""A scikit-learn-style estimator for the tests of py: solvers (external_solver_test.cpp): its
weights tell which Python process fitted it and which random_state it got, and on a problem of
a given number of rows it raises or hangs."""
import os
import time

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin


class ProbeEstimator(ClassifierMixin, BaseEstimator):
    def __init__(self, C=1.0, random_state=None, fail_rows=-1, hang_rows=-1):
        self.C = C
        self.random_state = random_state
        self.fail_rows = fail_rows
        self.hang_rows = hang_rows

    def fit(self, X, y):
        if X.shape[0] == self.fail_rows:
            raise ValueError("no fit on\n%d rows" % X.shape[0])
        if X.shape[0] == self.hang_rows:
            time.sleep(600)
        print("the probe talks on stdout")  # as a verbose estimator does: not an answer
        self.classes_ = np.unique(y)
        self.coef_ = np.zeros((1, X.shape[1]))
        self.coef_[0, 0] = os.getpid()
        self.coef_[0, 1] = -1 if self.random_state is None else self.random_state
        self.intercept_ = np.zeros(1)
        return self
