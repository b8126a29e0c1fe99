#include "experiments/zhangoles2001/threshold_oof.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/seed.h"
#include "corpora/splits.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/counts_json.h"
#include "metrics/binary_counts.h"
#include "metrics/threshold.h"

namespace linrepro {

namespace {

BinaryFit fit_on(const std::string& solver, const Params& params, const CsrMatrix& X,
                 std::span<const double> y, uint64_t seed) {
  FitContext fc;
  fc.seed = seed;
  fc.progress = false;
  return solver_catalog().fit_binary(solver, BinaryProblem{X, y}, params, fc);
}

}  // namespace

RunRecord out_of_fold_threshold_run(const std::string& solver, const Params& params,
                                    const ZoCategory& c, uint64_t seed) {
  const auto n = static_cast<int32_t>(c.y_train.size());
  const std::vector<int32_t> fold = fold_assignment(n, kOofFolds, derive_seed(seed, "oof-folds"));
  std::vector<double> heldout_y, heldout_f;
  int usable = 0;
  for (int32_t f = 0; f < kOofFolds; ++f) {
    std::vector<int32_t> in, out;
    for (int32_t i = 0; i < n; ++i) (fold[i] == f ? out : in).push_back(i);
    BinaryLabels y_in;
    for (int32_t i : in) y_in.push_back(c.y_train[i]);
    if (out.empty() || std::none_of(y_in.begin(), y_in.end(), [](double v) { return v > 0; }))
      continue;  // step 2: no positive to learn from
    ++usable;
    const BinaryFit fit = fit_on(solver, params, c.X_train.select_rows(in), y_in,
                                 derive_seed(seed, fmt::format("oof-fold-{}", f)));
    const std::vector<double> scores = fit.model.decisions(c.X_train.select_rows(out));
    for (size_t j = 0; j < out.size(); ++j) {
      heldout_y.push_back(c.y_train[out[j]]);
      heldout_f.push_back(scores[j]);
    }
  }
  const int64_t positives =
      std::count_if(heldout_y.begin(), heldout_y.end(), [](double v) { return v > 0; });
  // No usable fold: nothing held out, the solver's own threshold stays.
  const ThresholdChoice t = heldout_y.empty() ? ThresholdChoice{}
                                              : threshold_minimizing_training_error(
                                                    heldout_y, heldout_f, kZoThresholdRule);
  FitTime time;
  const BinaryFit final_fit =
      timed_fit([&] { return fit_on(solver, params, c.X_train, c.y_train, seed); }, time);
  const std::vector<double> f_test = final_fit.model.decisions(c.X_test);
  const BinaryCounts counts = count_binary_at_threshold(c.y_test, f_test, t.theta);
  RunRecord r = record_fit(solver, params, final_fit, time);
  r.metrics = {{"test_rows", f_test.size()}};
  put_counts(r.metrics, counts);
  // The test documents it marks positive (Table 2's claims pair the methods on them).
  std::vector<uint8_t> predicted(f_test.size());
  for (size_t i = 0; i < f_test.size(); ++i) predicted[i] = f_test[i] >= t.theta;
  r.extra["test_predicted"] = outcomes_to_hex(predicted);
  r.extra["threshold_oof"] = {{"rule", to_string(kZoThresholdRule)},
                              {"theta", t.theta},
                              {"usable_folds", usable},
                              {"heldout_rows", heldout_y.size()},
                              {"heldout_positives", positives}};
  return r;
}

BinaryCounts out_of_fold_counts(const Json& m) { return counts_from(m); }

}  // namespace linrepro
