#include "solvers/solver_kind.h"

namespace linrepro {

std::string to_string(Loss l) {
  switch (l) {
    case Loss::unspecified:
      return "unspecified";
    case Loss::hinge:
      return "hinge";
    case Loss::squared_hinge:
      return "squared_hinge";
    case Loss::logistic:
      return "logistic";
    case Loss::modified_logistic:
      return "modified_logistic";
    case Loss::multiclass_modified_logistic:
      return "multiclass_modified_logistic";
    case Loss::least_squares:
      return "least_squares";
    case Loss::multinomial_nb:
      return "multinomial_nb";
  }
  return "unknown";
}

std::string to_string(Penalty p) {
  switch (p) {
    case Penalty::l2:
      return "l2";
    case Penalty::l1:
      return "l1";
    case Penalty::none:
      return "none";
  }
  return "unknown";
}

std::string to_string(Intercept i) {
  switch (i) {
    case Intercept::regularized_feature:
      return "regularized_feature";
    case Intercept::unregularized:
      return "unregularized";
    case Intercept::none:
      return "none";
  }
  return "unknown";
}

}  // namespace linrepro
