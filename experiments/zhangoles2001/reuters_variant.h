#pragma once
// One set of binary classifiers (one solver and setting, over the categories of the Reuters
// protocol, reuters_protocol.h) run through the result file: the unit text4.cpp and its two
// studies outside the default set (text4_lambda0.cpp, figure7_tokenisation.cpp) are made of.
// Run keys are "<variant id>/<category>", so a variant's runs are reused wherever its id and
// config are the same.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/experiment.h"

namespace linrepro {

struct ZoVariant {
  std::string id;   // run key prefix
  std::string row;  // text-4 row ("" when the variant has no text-4 cell)
  std::string solver;
  double lambda = 0;
  bool fixed_K = true;
  int32_t features = kZoFeatures;   // 0: no selection
  Params extra = Params::object();  // over zo_params'
  int32_t top = 0;                  // the `top` largest categories only; 0: all
};

// zo_params(solver, lambda, fixed_K) updated by `extra`.
Params zo_variant_params(const ZoVariant& v);

struct ZoVariantResult {
  std::vector<ZoEval> evals;
  std::vector<double> objective;    // per category (NAN: not trained)
  std::vector<int64_t> iterations;  // per category (0: not trained)
  int32_t trained = 0;
};

// Asks `rf` for the variant's run on each of `categories` (ids of data); `experiment` prefixes
// the progress lines.
ZoVariantResult run_zo_variant(ResultFile& rf, const ExperimentContext& ctx, const ZoReuters& data,
                               const ZoVariant& v, const std::vector<int32_t>& categories,
                               const std::string& experiment);

// Every variant's runs, by id: each feature count prepared once from `tok` (its dataset added to
// rf); over every category, a variant's `top` largest, or in fast mode the largest only.
std::map<std::string, ZoVariantResult> run_zo_variants(ResultFile& rf, const ExperimentContext& ctx,
                                                       const ZoTokenized& tok,
                                                       const std::vector<ZoVariant>& variants,
                                                       const std::string& experiment);

}  // namespace linrepro
