// The defaults `linrepro solvers` lists are the ones the solvers use. Every solver declares its
// parameters once (SolverInfo::params) and reads them through a ParamReader built from that list;
// this fits every registered solver on a tiny problem with empty parameters while a
// ParamReadRecorder records each value handed out, and checks that
//   - every value read is the declared default (no default: nothing given, read as absent),
//   - every declared parameter is read at the defaults, unless it is marked conditional,
//   - what the fit reports it ran with (BinaryFit::extra under a declared name: "eps", "K",
//     "lambda", "bias", ...) is the declared default too, so no solver overrides what it read;
// and that regularization_params (the drivers' "this loss at this lambda") reaches every solver.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/synthetic_data.h"
#include "harness/experiment/solver_catalog.h"
#include "solvers/regularization.h"

namespace linrepro {
namespace {

struct Problem {
  SyntheticData d;
  MulticlassLabels labels;
};

const Problem& tiny() {
  static const Problem p = [] {
    SyntheticSpec spec;
    spec.rows = 60;
    spec.features = 30;
    spec.mean_nnz = 6;
    spec.seed = 11;
    Problem q{make_synthetic_text(spec), {}};
    q.labels.class_names = {"a", "b", "c"};
    for (int32_t i = 0; i < q.d.X.rows; ++i) q.labels.y.push_back(i % 3);
    return q;
  }();
  return p;
}

struct RecordedFit {
  std::vector<ParamRead> reads;
  nlohmann::json extra;
};

RecordedFit fit_recorded(const SolverInfo& s, const Params& params) {
  ParamReadRecorder recorder;
  FitContext ctx;
  ctx.seed = 5;
  const Problem& p = tiny();
  RecordedFit run;
  if (s.fit_binary)
    run.extra = solver_catalog().fit_binary(s.name, {p.d.X, p.d.y}, params, ctx).extra;
  else
    run.extra = solver_catalog().fit_multiclass(s.name, {p.d.X, p.labels}, params, ctx).extra;
  run.reads = recorder.take();
  return run;
}

// Numbers compare as numbers (1 and 1.0 alike; a lambda that went through C = 1/(2 lambda n) and
// back may differ in the last bit), everything else exactly.
bool same(const nlohmann::json& used, const nlohmann::json& declared) {
  if (used.is_number() && declared.is_number()) {
    const double a = used.get<double>(), b = declared.get<double>();
    return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
  }
  return used == declared;
}

TEST(SolverDefaults, EveryDeclaredDefaultIsTheOneUsed) {
  ASSERT_FALSE(solver_catalog().all().empty());
  for (const SolverInfo& s : solver_catalog().all()) {
    SCOPED_TRACE(s.name);
    const RecordedFit run = fit_recorded(s, Params::object());
    ASSERT_FALSE(run.reads.empty()) << "reads no parameters through its declaration";
    std::set<std::string> read;
    for (const ParamRead& r : run.reads) {
      EXPECT_EQ(r.solver, s.name);
      const ParamDecl* d = find_declaration(s.params, r.key);
      ASSERT_NE(d, nullptr) << r.key;
      EXPECT_TRUE(r.from_default) << r.key;
      EXPECT_TRUE(same(r.value, d->default_value))
          << r.key << ": read " << r.value << ", declared " << d->default_value;
      read.insert(r.key);
    }
    for (const ParamDecl& d : s.params)
      EXPECT_TRUE(d.conditional || read.contains(d.name))
          << "'" << d.name << "' is declared but not read at the defaults";
    for (const ParamDecl& d : s.params) {
      if (d.default_value.is_null() || !run.extra.contains(d.name)) continue;
      EXPECT_TRUE(same(run.extra[d.name], d.default_value))
          << d.name << ": the fit reports " << run.extra[d.name] << ", declared "
          << d.default_value;
    }
  }
}

// The drivers' request "this solver's problem at lambda" is read by every solver: the value lands
// in the parameter its kind names, and the intercept switch in its declared parameters.
TEST(SolverDefaults, RegularizationParamsReachEverySolver) {
  const double lambda = 0.02;  // no solver's default
  for (const SolverInfo& s : solver_catalog().all()) {
    SCOPED_TRACE(s.name);
    const Params params = regularization_params(s, lambda);
    RecordedFit run;
    ASSERT_NO_THROW(run = fit_recorded(s, params));
    for (const auto& [key, value] : params.items()) {
      const auto it = std::find_if(run.reads.begin(), run.reads.end(),
                                   [&](const ParamRead& r) { return r.key == key; });
      ASSERT_NE(it, run.reads.end()) << key << " not read";
      EXPECT_FALSE(it->from_default) << key;
      EXPECT_TRUE(same(it->value, value)) << key << ": read " << it->value;
    }
    EXPECT_TRUE(params.contains(s.kind.lambda_param));
  }
}

}  // namespace
}  // namespace linrepro
