#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "experiments/graphsvm2002/experiments.h"
#include "experiments/graphsvm2002/main_cells.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/claim_verdict.h"
#include "metrics/paired_bootstrap.h"

namespace linrepro {

namespace {

// Every claim here is decided by the rule of harness/results/claim_verdict.h: accuracies by a
// paired bootstrap over the test documents the methods share, CPU times by kTimeRatioResolution,
// model memory and SVM rows exactly.

// |accuracy(a) - accuracy(ref)| - |accuracy(b) - accuracy(ref)| in points, by the paired bootstrap
// over the test documents.
ClaimMeasure accuracy_distance_to(const std::map<std::string, const RunRecord*>& runs,
                                  const std::string& ref) {
  return [&runs, ref](std::string what, const std::string& a, const std::string& b, double bound,
                      bool above, bool strict) -> std::optional<ClaimComparison> {
    if (!runs.count(a) || !runs.count(b)) return std::nullopt;
    const std::vector<uint8_t> lo = run_outcomes(*runs.at(a)), hi = run_outcomes(*runs.at(b)),
                               s = run_outcomes(*runs.at(ref));
    return paired_statistic_comparison(
        std::move(what), static_cast<int64_t>(s.size()),
        [&](std::span<const int32_t> d) {
          const double m = fraction_correct(s, d);
          return 100 *
                 (std::fabs(fraction_correct(lo, d) - m) - std::fabs(fraction_correct(hi, d) - m));
        },
        bound, above, kClaimBootstrapSeed, strict);
  };
}

// NB's first level (groups; given_l1: its second given the first) against the flat classifier,
// on the per-document outcomes of the hierarchy's run: a document L2 got right was routed right.
ClaimMeasure level_accuracy(const std::map<std::string, const RunRecord*>& runs, bool given_l1) {
  return [&runs, given_l1](std::string what, const std::string& a, const std::string& b,
                           double bound, bool above,
                           bool strict) -> std::optional<ClaimComparison> {
    if (!runs.count(a) || !runs.count(b)) return std::nullopt;
    const std::vector<uint8_t> l1 = run_outcomes(*runs.at(a), "test_l1_correct"),
                               both = run_outcomes(*runs.at(a)), flat = run_outcomes(*runs.at(b));
    return paired_statistic_comparison(
        std::move(what), static_cast<int64_t>(l1.size()),
        [=](std::span<const int32_t> d) {
          const double routed = given_l1 ? fraction_correct(both, d) / fraction_correct(l1, d)
                                         : fraction_correct(l1, d);
          return 100 * (routed - fraction_correct(flat, d));
        },
        bound, above, kClaimBootstrapSeed, strict);
  };
}

// The measures of one data set's finished runs (by method key): the runs' own, the two-class
// SVMs' model memory and training rows, and the accuracy measures above.
ClaimMeasures method_measures(std::shared_ptr<const std::map<std::string, const RunRecord*>> runs) {
  ClaimMeasures m = run_measures(*runs);
  m["svm_memory_ratio"] = svm_memory_ratio(*runs);
  // The second stage's SVM training rows of a minus b's: exact (a count).
  m["svm_rows"] = [&runs = *runs](std::string what, const std::string& a, const std::string& b,
                                  double bound, bool above,
                                  bool strict) -> std::optional<ClaimComparison> {
    if (!runs.count(a) || !runs.count(b)) return std::nullopt;
    return exact_comparison(
        std::move(what),
        runs.at(a)->extra.value("total_rows", 0.0) - runs.at(b)->extra.value("total_rows", 0.0),
        bound, above, strict);
  };
  for (const auto& [ref, unused] : *runs)
    m["accuracy_distance_to:" + ref] = accuracy_distance_to(*runs, ref);
  m["l1_accuracy"] = level_accuracy(*runs, false);
  m["l2_given_l1_accuracy"] = level_accuracy(*runs, true);
  for (auto& [name, measure] : m)  // each holds the runs it refers to
    measure = [runs, f = measure](std::string what, const std::string& a, const std::string& b,
                                  double bound, bool above, bool strict) {
      return f(std::move(what), a, b, bound, above, strict);
    };
  return m;
}

}  // namespace

ClaimMeasures main_claim_measures(const ProtocolResults& results, const std::string& cls) {
  auto runs = std::make_shared<std::map<std::string, const RunRecord*>>();
  for (const auto& [key, records] : results.tasks.at(cls))
    if (records.size() == 1 && records.front().status == "ok") (*runs)[key] = &records.front();
  return method_measures(runs);
}

void add_memory_claim(ResultFile& rf, const ProtocolResults& results) {
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "memory-quarter");
  std::vector<ClaimComparison> parts;
  std::vector<std::string> measured;
  for (const std::string cls : {"20ng", "reuters"}) {
    if (!finished_tasks(results.tasks, cls, "mcsvm")) continue;
    const auto p = declared_comparisons(claim, main_claim_measures(results, cls), cls);
    if (!p) continue;
    parts.insert(parts.end(), p->begin(), p->end());
    const auto bytes = [&](const char* method) {
      return results.tasks.at(cls).at(method).front().extra.value("max_memory_measured_bytes",
                                                                  std::nan(""));
    };
    measured.push_back(fmt::format("{}: {:.2f} MB vs {:.2f} MB", cls,
                                   bytes(graphsvm_key(kMainFigureT).c_str()) / 1e6,
                                   bytes("mcsvm") / 1e6));
  }
  if (parts.empty()) return;
  rf.add_claim(tested_claim(
      claim, std::move(parts),
      fmt::format("decided on the model memory = sub_svm_memory_bytes(rows, nnz, cols) of each "
                  "two-class SVM (the paper's measure is not described); the measured peak RSS "
                  "growth of the same SVMs, kernel cache included, GraphSVM vs MCSVM: {}",
                  fmt::join(measured, "; "))));
}

}  // namespace linrepro
