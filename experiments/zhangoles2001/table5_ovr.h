#pragma once
// One-vs-rest on per-category features, as Zhang & Oles build their multi-class categorizers
// (§4.2, text under Table 5): "we compute a linear classifier with weight w_l for each category l
// by treating it as a binary problem; we then predict the class of a data-point x as the label l
// with the largest value of w_l^T x", with no threshold adjustment. Their feature selection is
// per category (figure 2: "a separate list of selected features (words) for each category"), so
// x is a different vector for every l: class l's classifier sees only the columns selected for
// category l (features/pipeline.h for_category), and its score is w_l^T x restricted to them.
// The registry's one-vs-rest (solvers/one_vs_rest.h) cannot do this: it fits every class on the
// same matrix. With every category selecting every term the two are the same (a test checks it).
#include <cstdint>
#include <string>
#include <vector>

#include "core/labels.h"
#include "features/pipeline.h"
#include "harness/experiment/experiment.h"
#include "solvers/fit_context.h"
#include "solvers/params.h"

namespace linrepro {

struct PerCategoryOvr {
  std::vector<int32_t> predicted;           // test rows: argmax_l w_l^T x, ties -> lowest l
  std::vector<std::vector<double>> scores;  // [test row][class]
  int64_t iterations = 0;                   // summed over the classes
  double objective = 0;                     // summed over the classes (each in its own convention)
  Json per_class = Json::array();  // {"class", "features", "iterations", "objective", "stop"}
};

// Fits the registered binary solver `solver` once per class k of `train_labels` (class k against
// the rest) on for_category(split, k), and scores the test rows. `split` must have per-category
// selection with one category per class, in the order of train_labels.class_names. Class k's fit
// seed is derive_seed(ctx.seed, class name); ctx.threads workers run the classes.
PerCategoryOvr fit_per_category_one_vs_rest(const std::string& solver, const PreparedSplit& split,
                                            const MulticlassLabels& train_labels,
                                            const Params& params, const FitContext& ctx);

}  // namespace linrepro
