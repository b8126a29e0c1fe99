#pragma once
// What a solver is, declared beside it in its SolverInfo: the problem it solves in the papers'
// terms, (1/n) sum_i loss(y_i f(x_i)) + lambda R(w), with f(x) = w.x + b. Drivers use it to ask
// for "this loss at this lambda" without testing solver names (regularization_params in
// solvers/regularization.h), and `linrepro solvers` lists it.
#include <string>

#include "solvers/params.h"

namespace linrepro {

enum class Loss {
  unspecified,        // not a valid declaration: the registry rejects it
  hinge,              // max(0, 1 - z): SVMs, Mod SVM
  squared_hinge,      // max(0, 1 - z)^2: L2-loss SVMs; Zhang & Oles' modified least squares
  logistic,           // log(1 + e^-z)
  modified_logistic,  // MLR-CG's g_gamma, a smoothed hinge (Zhang et al. 2003 eq. 1)
  multiclass_modified_logistic,  // MMLR-CG's smoothed Weston-Watkins multiclass hinge
  least_squares,   // (1 - z)^2 = (y - f)^2: ridge regression on the +-1 labels, Lin Reg
  multinomial_nb,  // no loss minimised: multinomial naive Bayes' counts (lambda-smoothed)
  bernoulli_nb,    // no loss minimised: Bernoulli naive Bayes' presence counts (lambda-smoothed)
};

enum class Penalty {
  l2,   // lambda ||w||^2 (SVM convention: (1/2)||w||^2 with C)
  l1,   // lambda ||w||_1
  none  // nothing on w (naive Bayes: its lambda is the smoothing count, not a penalty)
};

enum class Intercept {
  regularized_feature,  // a constant feature A whose weight the penalty includes (LIBLINEAR -B)
  unregularized,        // a free b outside the penalty (SVMlight, LIBSVM, MLR-CG; NB's log prior)
  none                  // f(x) = w.x
};

std::string to_string(Loss l);
std::string to_string(Penalty p);
std::string to_string(Intercept i);
// The inverses, for kinds declared in text (an external solver's loss=, penalty=, intercept=).
// Throw ConfigError naming the text and listing the names.
Loss loss_from_string(const std::string& text);
Penalty penalty_from_string(const std::string& text);
Intercept intercept_from_string(const std::string& text);

struct SolverKind {
  Loss loss = Loss::unspecified;
  Penalty penalty = Penalty::l2;
  Intercept intercept = Intercept::none;
  // The declared parameter the papers' lambda goes to: "lambda" for the penalised problems above
  // (each also takes C, solvers/regularization.h), "smoothing" for naive Bayes' lambda-smoothing.
  std::string lambda_param = "lambda";
  // The parameters that give the intercept above when the declared defaults do not (LIBLINEAR:
  // no bias feature unless -B >= 0, so {"bias": 1.0}); an object, usually empty.
  Params intercept_params = Params::object();
  // What the fit's `objective` number is, in words and symbols: the problem's name and convention,
  // e.g. "O_svm = (1/n) sum hinge(y f(x)) + lambda ||w||^2 (b unregularised)". Solvers report
  // their objective in different conventions (paper lambda vs SVM C, the smoothed vs the exact
  // loss), so a bare number would be ambiguous; `linrepro train/eval` print this beside it. The
  // registry rejects an empty one.
  std::string objective = {};
};

}  // namespace linrepro
