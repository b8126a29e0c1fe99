#include "solvers/solver_kind.h"

#include <fmt/format.h>

#include <vector>

#include "core/error.h"

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
    case Loss::bernoulli_nb:
      return "bernoulli_nb";
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

namespace {

// The value of E whose to_string is `text`, among `values`.
template <class E>
E from_string(const std::string& text, const std::vector<E>& values, const char* what) {
  std::vector<std::string> names;
  for (E v : values) {
    if (to_string(v) == text) return v;
    names.push_back(to_string(v));
  }
  throw ConfigError(fmt::format("unknown {} '{}' (known: {})", what, text, fmt::join(names, ", ")));
}

}  // namespace

Loss loss_from_string(const std::string& text) {
  return from_string(
      text,
      std::vector<Loss>{Loss::hinge, Loss::squared_hinge, Loss::logistic, Loss::modified_logistic,
                        Loss::multiclass_modified_logistic, Loss::least_squares,
                        Loss::multinomial_nb, Loss::bernoulli_nb},
      "loss");
}

Penalty penalty_from_string(const std::string& text) {
  return from_string(text, std::vector<Penalty>{Penalty::l2, Penalty::l1, Penalty::none},
                     "penalty");
}

Intercept intercept_from_string(const std::string& text) {
  return from_string(text,
                     std::vector<Intercept>{Intercept::regularized_feature,
                                            Intercept::unregularized, Intercept::none},
                     "intercept");
}

}  // namespace linrepro
