#pragma once
// scikit-learn's peers of the SGD report (sgd-l1-ridge-report.md) as registered solvers, so the
// report's protocol declares them like any other method and measures their models as its own:
//
//   sklearn-sgd-l1-logistic        SGDClassifier(log_loss, L1, constant rate): Tables 2-4's
//                                  "Scikit-Learn" column
//   sklearn-l1-logistic-liblinear  LogisticRegression(L1, liblinear): Eq. 10's exact minimiser
//   sklearn-sgd-ridge              SGDClassifier(squared_error, L2), the report's decaying rate
//                                  held constant within each epoch: Table 6's column
//   sklearn-sgd-ridge-constant     the same with a constant rate (a speed reference)
//   sklearn-ridge-exact            RidgeClassifier: Eq. 14's minimiser, intercept unpenalised
//
// Each fit writes the training rows to a scratch LIBSVM file and runs
// baselines/sklearn_sgd_peer.py (its docstring has every estimator's settings) under Debian's
// python3 with --out; the weights come back exactly (17 digits). The objective is the script's:
// the report's Eq. 10 or 14 at the peer's solution with b penalised as in beta = (b; w). The
// seed is the fit's, cut to the 31 bits scikit-learn's random_state takes.
#include <vector>

#include "solvers/solver.h"

namespace linrepro {

std::vector<SolverInfo> sklearn_sgd_peer_infos();

}  // namespace linrepro
