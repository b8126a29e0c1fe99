#include "experiments/zhangoles2001/threshold_oof.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/seed.h"
#include "corpora/splits.h"
#include "harness/experiment/record_fit.h"
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

FinalFit fit_final(const std::string& solver, const Params& params, const ZoCategory& c,
                   uint64_t seed) {
  FitTime time;
  const BinaryFit fit =
      timed_fit([&] { return fit_on(solver, params, c.X_train, c.y_train, seed); }, time);
  return {record_fit(solver, params, fit, time), fit.model.decisions(c.X_test)};
}

}  // namespace

std::string FinalFits::key(const std::string& data, int32_t category, const std::string& solver,
                           const Params& params, uint64_t seed) {
  return fmt::format("{}\n{}\n{}\n{}\n{}", data, category, solver, params.dump(), seed);
}

void FinalFits::keep(const std::string& key, FinalFit fit) {
  std::lock_guard lock(mutex_);
  if (!fits_.insert_or_assign(key, std::move(fit)).second) return;  // replaced: same place
  order_.push_back(key);
  while (order_.size() > kKept) {
    fits_.erase(order_.front());
    order_.pop_front();
  }
}

std::optional<FinalFit> FinalFits::take(const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto it = fits_.find(key);
  if (it == fits_.end()) return std::nullopt;
  FinalFit out = std::move(it->second);
  fits_.erase(it);
  std::erase(order_, key);
  return out;
}

RunRecord out_of_fold_threshold_run(const std::string& solver, const Params& params,
                                    const ZoCategory& c, uint64_t seed,
                                    std::optional<FinalFit> final_fit) {
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
  if (!final_fit) final_fit = fit_final(solver, params, c, seed);
  const std::vector<double>& f_test = final_fit->test_decisions;
  const BinaryCounts counts = count_binary_at_threshold(c.y_test, f_test, t.theta);
  RunRecord r = std::move(final_fit->record);
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
