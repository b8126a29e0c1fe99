// The scaling claim of Zhang, Jin, Yang & Hauptmann (ICML 2003), §7: "if the number of CG steps is
// constant ... the total time complexity of our MLR-CG algorithm will also be O(nm). For SVMlight
// ... empirically it has been shown to be super linear in terms of number of training examples n"
// (and Table 2: MLR-CG is slower than SVMlight on Reuters-21578, much faster on RCV1's 781,265).
// RCV1 is not in the mirror, so the claim is measured directly: training time against n for
// MLR-CG (200 CG steps), SMO (our SVMlight stand-in) and LIBLINEAR -s 3 (peer), lambda = 0.001
// for all (SVMs: C = 1/(2 lambda n)), fitted as t ~ c n^a by least squares on log t vs log n.
//
// Two series:
//   a9a            the largest real binary set in the mirror (LIBSVM's Adult: 32,561 training
//                  rows, 123 binary features, about 14 per row; not text): nested subsamples of
//                  the training file, n = 32,561 / 16, / 8, / 4, / 2, / 1 (a seeded permutation's
//                  prefixes, kept in file order); test error on all of a9a.t.
//   synthetic-text a CLEARLY SYNTHETIC text-like generator sized like the paper's RCV1 setup
//                  (corpora/sized_sets.h rcv1-like: why each setting), n = 10k ... 800k (RCV1:
//                  781,265). Each n is its own draw of n + 20,000 rows (seed derived from n; the
//                  last 20,000 rows are the test set), so a fast run computes exactly the runs a
//                  full run computes for the same n. The measured statistics of the n = 10,000
//                  draw are in the result's dataset record.
// Time is the FitContext clock (wall time of the fit alone, data generation excluded); the thread's
// CPU time of the fit is kept as extra.cpu_seconds, since a loaded machine inflates wall time.
//
// The runs are declared in experiments.json ("protocol"): each series is a size series
// (harness/protocol/size_series.h) whose tasks are its sizes "n=<n>", prepared here one size at a
// time. SMO is super-linear, so its series stops growing once it would exceed a time cap (stop rule
// "time-cap:60", full run only), and the claims say so. Solvers added with --with-solver run every
// series under the same cap (their growth is not known in advance); their fitted slopes are the
// cells "scaling" / "<label> (extra)" (aggregate "cpu-slope"), in no claim.
//
// Fast mode (the regression subset): synthetic-text n = 10,000 and 20,000, all three solvers, no
// cap, no claims, no cells: every compared number (errors, iterations, objectives) is
// deterministic; timings are ignored by the regression check.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/seed.h"
#include "core/stopwatch.h"
#include "corpora/libsvm_sets.h"
#include "corpora/sized_sets.h"
#include "experiments/mlrcg2003/experiments.h"
#include "harness/experiment/record_fit.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/protocol_runner.h"
#include "harness/protocol/size_series.h"
#include "metrics/confusion_matrix.h"
#include "metrics/scaling_analysis.h"
#include "solvers/svm_objective.h"

namespace linrepro {

namespace {

constexpr const char* kScalingExperiment = "scaling";
constexpr int32_t kSyntheticTest = 20000;
constexpr const char* kSynthetic = "synthetic-text";
constexpr const char* kA9a = "a9a";
constexpr int kA9aHalvings = 4;
// The paper's solvers: the declared methods' names (experiments.json).
const std::vector<std::string> kPaperSolvers = {"mlr-cg", "smo", "liblinear-s3"};

// What the generator produced, to document it next to the spec: document length, label balance,
// and how document frequency falls with the feature's frequency rank (Zipf-like text has slope
// about -1; Reuters-21578 with 500 IG features: -0.86 over ranks 6-400).
Json synthetic_statistics(const BinaryDataset& d) {
  std::vector<double> df(static_cast<size_t>(d.X_train.cols), 0);
  for (int32_t j : d.X_train.col_idx) df[static_cast<size_t>(j)] += 1;
  std::sort(df.begin(), df.end(), std::greater<>());
  const double n = d.X_train.rows;
  std::vector<double> rank, freq;
  for (size_t r = 5; r < std::min<size_t>(400, df.size()); ++r)
    if (df[r] > 0) rank.push_back(static_cast<double>(r + 1)), freq.push_back(df[r] / n);
  const auto positives = std::count(d.y_train.begin(), d.y_train.end(), 1.0);
  Json by_rank = {{"500", df.back() / n}};
  for (const size_t r : {1, 10, 50, 100}) by_rank[std::to_string(r)] = df[r - 1] / n;
  return {{"train_rows", d.X_train.rows},
          {"mean_nnz", static_cast<double>(d.X_train.nnz()) / n},
          {"positive_fraction", static_cast<double>(positives) / n},
          {"df_fraction_by_rank", by_rank},
          {"df_rank_slope_6_400", rank.size() >= 2 ? loglog_slope(rank, freq) : 0.0}};
}

RunRecord fit_and_measure(const BinaryDataset& d, const std::string& solver, const Params& params,
                          uint64_t seed) {
  FitContext ctx;
  ctx.seed = seed;
  ctx.label = solver;
  FitTime time;  // the fit alone: data generation is not timed
  const BinaryFit fit = timed_fit(
      [&] {
        return solver_catalog().fit_binary(solver, BinaryProblem{d.X_train, d.y_train}, params,
                                           ctx);
      },
      time);

  Stopwatch test_clock;
  const auto predicted_test = fit.model.predict(d.X_test);
  const double test_seconds = test_clock.seconds();
  const auto predicted_train = fit.model.predict(d.X_train);

  RunRecord r = record_fit(solver, params, fit, time);  // extra.cpu_seconds: the thread's
  r.metrics = {{"test_error", error_rate(d.y_test, predicted_test)},
               {"train_error", error_rate(d.y_train, predicted_train)}};
  r.test_seconds = test_seconds;
  // The same O_svm (b unregularised) for every solver, so the solutions can be compared.
  r.extra["O_svm_common"] = svm_primal_objective(d.X_train, d.y_train, fit.model, kMlrcgLambda);
  r.extra["train_rows"] = d.X_train.rows;
  r.extra["train_nnz"] = d.X_train.nnz();
  return r;
}

// a9a's nested subsamples of the training file (throws DataUnavailable when a9a is not here).
TaskPreparer a9a_series(const ExperimentContext& ctx) {
  auto a9a = std::make_shared<const BinaryDataset>(load_a9a());
  SizeSeries s;
  s.dataset = kA9a;
  s.record = a9a->identity;
  s.record["name"] = kA9a;
  s.record["train"] = a9a->X_train.rows;
  s.record["test"] = a9a->X_test.rows;
  s.record["features"] = a9a->X_train.cols;
  s.record["use"] = "nested subsamples of the training file (seeded permutation prefixes)";
  s.sizes = halving_sizes(a9a->X_train.rows, kA9aHalvings);
  const uint64_t perm_seed = derive_seed(ctx.seed, "a9a/subsample");
  const Json content = a9a->identity.value("data", Json::object()).value("content_sha256", "");
  s.data_config = [=](int32_t n) {
    return Json{{"n", n},
                {"pool", "a9a training file"},
                {"content_sha256", content},
                {"subsample_seed", perm_seed},
                {"test", "a9a.t"}};
  };
  s.make = [a9a, perm_seed](int32_t n) { return nested_subsample(*a9a, n, perm_seed); };
  s.fit = fit_and_measure;
  return size_series_preparer(std::move(s), ctx.progress);
}

std::vector<int32_t> synthetic_sizes(bool fast) {
  return fast ? std::vector<int32_t>{10000, 20000}
              : std::vector<int32_t>{10000, 20000, 50000, 100000, 200000, 400000, 800000};
}

// The synthetic RCV1-sized series, documented with the statistics of its smallest draw.
TaskPreparer synthetic_series(const ExperimentContext& ctx) {
  const uint64_t seed = ctx.seed;
  auto spec = [seed](int32_t n) {
    return rcv1_like_spec(n, kSyntheticTest, derive_seed(seed, fmt::format("synthetic/n={}", n)));
  };
  SizeSeries s;
  s.dataset = kSynthetic;
  s.sizes = synthetic_sizes(false);  // fast mode: the declared fast tasks, the first two
  const int32_t n0 = s.sizes.front();
  s.record = {{"name", kSynthetic},
              {"source", "core/synthetic_data.h make_synthetic_text (synthetic, not real data)"},
              {"spec", to_json(spec(n0))},
              {"test_rows", kSyntheticTest},
              {"sizes", synthetic_sizes(ctx.fast)},
              {"statistics", synthetic_statistics(
                                 synthetic_binary_dataset(spec(n0), kSyntheticTest, kSynthetic))},
              {"why", kRcv1LikeWhy}};
  s.data_config = [=](int32_t n) {
    return Json{{"n", n}, {"generator", to_json(spec(n))}, {"test_rows", kSyntheticTest}};
  };
  s.make = [=](int32_t n) { return synthetic_binary_dataset(spec(n), kSyntheticTest, kSynthetic); };
  s.fit = fit_and_measure;
  return size_series_preparer(std::move(s), ctx.progress);
}

// The paper's solvers' points on each series, and why a capped one stopped growing.
struct ScalingPoints {
  std::map<std::pair<std::string, std::string>, std::vector<SeriesPoint>> points;  // series, solver
  std::string caps;  // "smo on synthetic-text: not run above ...; "
  std::vector<SeriesPoint> get(const std::string& series, const std::string& solver) const {
    const auto it = points.find({series, solver});
    return it == points.end() ? std::vector<SeriesPoint>{} : it->second;
  }
};

ScalingPoints scaling_points(const ProtocolResults& results) {
  ScalingPoints sp;
  for (const std::string series : {kSynthetic, kA9a})
    for (const std::string& solver : kPaperSolvers)
      if (const auto* runs = finished_tasks(results.tasks, series, solver)) {
        sp.points[{series, solver}] = series_points(*runs);
        if (const std::string why = series_stopped_reason(*runs); !why.empty())
          sp.caps += fmt::format("{} on {}: {}; ", solver, series, why);
      }
  return sp;
}

std::string fmt_slope(const std::optional<double>& s) {
  return s ? fmt::format("{:.2f}", *s) : std::string("n/a");
}

// Table 2's pattern (slower than SVM on small data, faster on large) as a ratio trend: the fitted
// slope of log(MLR-CG / SMO time) over log n is below 0, as declared.
void add_ratio_claim(ResultFile& rf, const std::vector<SeriesPoint>& mlr,
                     const std::vector<SeriesPoint>& smo, const std::string& caps,
                     const ClaimMeasures& measures) {
  std::string ratios;
  double max_gap = 0;
  for (const auto& m : mlr)
    for (const auto& s : smo)
      if (m.n == s.n && s.cpu_seconds > 0) {
        // The fits must solve the same problem for their times to compare.
        const double o_mlr = m.run->extra.value("O_svm_common", 0.0),
                     o_smo = s.run->extra.value("O_svm_common", 0.0);
        max_gap = std::max(max_gap, (o_mlr - o_smo) / std::abs(o_smo));
        ratios += fmt::format("{}n = {}: {:.0f}%", ratios.empty() ? "" : ", ", group_digits(m.n),
                              100 * m.cpu_seconds / s.cpu_seconds);
      }
  const DeclaredClaim claim = declared_claim(kMlrcgPaper, "scaling-ratio-falls");
  rf.add_claim(tested_claim(
      claim, declared_comparisons(claim, measures).value(),
      fmt::format("MLR-CG CPU time as % of SMO's on synthetic-text: {} (same problem solved: "
                  "MLR-CG's O_svm at most {:.3g}% above SMO's at these n). {}",
                  ratios, 100 * max_gap, caps)));
}

// Every series' fitted slopes, wall time and CPU time, as evidence.
std::string slopes_text(const ScalingPoints& sp) {
  std::string slopes = "fitted slopes (wall / CPU): ";
  for (const std::string d : {kSynthetic, kA9a})
    for (const std::string& s : kPaperSolvers) {
      const auto p = sp.get(d, s);
      if (p.empty()) continue;
      slopes += fmt::format("{} {} {} / {} over n = {}; ", d, s, fmt_slope(time_slope(p, false)),
                            fmt_slope(time_slope(p, true)), n_range(p));
    }
  return slopes;
}

// "10,000: 0.12 s (CPU 0.11 s), ...": a series' times, as evidence.
std::string times_text(const std::vector<SeriesPoint>& points) {
  std::string out;
  for (const auto& x : points)
    out += fmt::format("{}{}: {:.2f} s (CPU {:.2f} s)", out.empty() ? "" : ", ", group_digits(x.n),
                       x.seconds, x.cpu_seconds);
  return out;
}

// The §7 claims, from the synthetic series (the RCV1-sized one), decided on the CPU time of the
// fits: on a shared machine wall time also measures the other processes (in our runs the
// wall-time slope of the same MLR-CG fits rose with the machine's load), and the claim is about
// the algorithms' cost. Wall-time slopes, a9a and LIBLINEAR are given as evidence.
void add_claims(ResultFile& rf, const ScalingPoints& sp) {
  const auto mlr = sp.get(kSynthetic, "mlr-cg"), smo = sp.get(kSynthetic, "smo"),
             lib = sp.get(kSynthetic, "liblinear-s3");
  const double smo_max_n = smo.empty() ? 0 : smo.back().n;
  const auto mlr_slope = time_slope(mlr, true), smo_slope = time_slope(smo, true),
             mlr_slope_smo_range = time_slope(mlr, true, smo_max_n);
  const std::string slopes = slopes_text(sp);
  const std::string& caps = sp.caps;
  const std::string per_n =
      fmt::format("synthetic-text times: mlr-cg [{}]; smo [{}]; liblinear-s3 [{}]", times_text(mlr),
                  times_text(smo), times_text(lib));

  size_t common = 0;  // the sizes both ran
  for (const auto& m : mlr)
    for (const auto& x : smo) common += m.n == x.n && m.cpu_seconds > 0 && x.cpu_seconds > 0;
  if (mlr.size() < 3 || smo.size() < 3 || common < 3) return;  // the fast subset: no intervals
  // Linear: the CPU-time slope within the declared band; super-linear: SMO's slope at least the
  // declared minimum and above MLR-CG's on the same n (the slope of their log ratio below 0);
  // "linear-time": both at once. Each decided by its declared tests.
  const DeclaredClaim linear_claim = declared_claim(kMlrcgPaper, "scaling-mlr-linear"),
                      super_claim = declared_claim(kMlrcgPaper, "scaling-smo-superlinear"),
                      both_claim = declared_claim(kMlrcgPaper, "linear-time");
  const ClaimMeasures measures =
      series_slope_measures([&sp](const std::string& s) { return sp.get(kSynthetic, s); });
  std::vector<ClaimComparison> linear = declared_comparisons(linear_claim, measures).value(),
                               super = declared_comparisons(super_claim, measures).value(),
                               both = declared_comparisons(both_claim, measures).value();
  rf.add_claim(tested_claim(
      linear_claim, std::move(linear),
      fmt::format("synthetic-text mlr-cg CPU-time slope {} over n = 10,000..{}. {}. {}",
                  fmt_slope(mlr_slope), group_digits(mlr.back().n), per_n, slopes)));
  rf.add_claim(tested_claim(
      super_claim, std::move(super),
      fmt::format("synthetic-text CPU-time slopes over n = 10,000..{}: smo {}, mlr-cg {}. {}{}",
                  group_digits(smo_max_n), fmt_slope(smo_slope), fmt_slope(mlr_slope_smo_range),
                  caps, slopes)));
  // §7's "linear-time": both slope claims' comparisons at once.
  rf.add_claim(tested_claim(both_claim, std::move(both),
                            fmt::format("measured on synthetic RCV1-sized data (500 Zipf binary "
                                        "features, n up to 800,000), CPU time of the fits. {}{}",
                                        caps, slopes)));
  add_ratio_claim(rf, mlr, smo, caps, measures);
}

}  // namespace

void add_mlrcg2003_scaling(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.task_sources = {{kA9a, a9a_series}, {kSynthetic, synthetic_series}};
  // The claims rest on timings: the full run only (the protocol is not declared "fast").
  hooks.summarise = [](const ExperimentContext&, ResultFile& rf, const ProtocolResults& results) {
    add_claims(rf, scaling_points(results));
  };
  register_protocol(registry, kMlrcgPaper, kScalingExperiment, std::move(hooks));
}

}  // namespace linrepro
