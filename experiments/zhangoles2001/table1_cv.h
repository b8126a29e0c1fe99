#pragma once
// Table 1's cross-validation runs (Zhang & Oles 2001, §4.1), shared by table1 (the default set:
// the 10 largest categories, whose choice feeds Tables 2-5) and table1_all (every trainable
// category, and the ablation of both choices; outside the default set for its cost).
//
// One run = one category x one method over the whole lambda grid x 5 folds; its record holds,
// per lambda, the held-out counts pooled over the folds (break-even TP and positives, and the
// confusion counts at the training-error threshold). The folds are the same for every category,
// method and variant (seeded from ctx.seed and "table1/folds").
//
// Two ways to get the features of a fold (ZoCvSelection):
//   in_fold          selected on the fold's training part only (cv_fold_features.h): what §4.1's
//                    "cross-validation with the training set" implies, since selection is part
//                    of what is learnt from training data. The default since issue 15.
//   whole_training   selected once on the whole training set, held-out documents included (our
//                    Table 1 until issue 15); kept as an ablation row.
// The run keys differ ("cv/..." in-fold, "cv-whole/..." whole), so one result file can hold both.
#include <cstdint>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/cv_fold_features.h"
#include "experiments/zhangoles2001/cv_select.h"
#include "experiments/zhangoles2001/reuters_protocol.h"

namespace linrepro {

inline constexpr int32_t kZoCvFolds = 5;
inline constexpr int32_t kZoCvLargest = 10;  // the old (and default) restriction: 10 largest

enum class ZoCvSelection { in_fold, whole_training };
const char* to_string(ZoCvSelection s);

// What the runs are computed from: the prepared collection (whole-training-set selection, labels,
// category sizes) and the per-fold features.
struct ZoCvData {
  ZoReuters data;
  ZoFoldFeatures folds;
  uint64_t fold_seed = 0;
};
// Throws DataUnavailable when the corpus is missing.
ZoCvData load_zo_cv_data(const ExperimentContext& ctx);

// Categories with at least one training document, most training documents first.
std::vector<int32_t> zo_trainable_by_size(const ZoReuters& data);

struct ZoCvJob {
  int32_t k = 0;
  const ZoMethod* method = nullptr;
  ZoCvSelection selection = ZoCvSelection::in_fold;
  RunRecord result;  // stored, computed, or pending
};

// Asks rf for every (category, method) run of `selection` (the workers share them).
std::vector<ZoCvJob> zo_declare_cv_runs(const ExperimentContext& ctx, ResultFile& rf,
                                        const ZoCvData& cv, const std::vector<ZoMethod>& methods,
                                        const std::vector<int32_t>& categories,
                                        ZoCvSelection selection, const std::string& progress_tag);

// One method's pooled grid over the given categories' finished runs of one variant.
struct ZoCvPooled {
  std::vector<ZoCvPoint> points;        // per lambda of zo_lambda_grid()
  std::vector<BinaryCounts> f1_counts;  // per lambda: pooled counts at the training thresholds
  size_t best = 0;                      // zo_best_lambda(points): the largest pooled BEP
  int64_t one_se = -1;                  // zo_one_se_lambda(points); -1: runs without folds
  // Table 1's choice, the one-SE index. Throws ConfigError (rerun with --force) when the runs
  // predate the per-fold counts.
  size_t chosen() const;
  double lambda() const { return points[chosen()].lambda; }
  double best_lambda() const { return points[best].lambda; }
};
// Throws std::invalid_argument if a category has no run of this method and variant among jobs.
ZoCvPooled zo_pool_cv(const std::vector<ZoCvJob>& jobs, const std::string& solver,
                      ZoCvSelection selection, const std::vector<int32_t>& categories);

// "1: BEP 80.12 / F1 79.80, 0.1: ..." for the cells' notes.
std::string zo_cv_grid_text(const ZoCvPooled& p);

}  // namespace linrepro
