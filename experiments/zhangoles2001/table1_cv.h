#pragma once
// Table 1's cross-validation runs (Zhang & Oles 2001, §4.1), shared by table1 (the default set:
// the 10 largest categories, whose choice feeds Tables 2-5) and table1_all (every trainable
// category, and the ablation of both choices; outside the default set for its cost).
//
// The runs are a task set of declared protocols (harness/protocol/task_sets.h), "zo-reuters-cv":
// one task per category with a training document, most training documents first. One run = one
// category x one method over the whole lambda grid x 5 folds, at the method's declared params with
// lambda set to each grid value; its record holds, per lambda, the held-out counts pooled over the
// folds (break-even TP and positives, and the confusion counts at the training-error threshold).
// The folds are the same for every category, method and variant (seeded from ctx.seed and
// "table1/folds").
//
// Two ways to get the features of a fold (the set's option "selection"):
//   in_fold          selected on the fold's training part only (cv_fold_features.h): what §4.1's
//                    "cross-validation with the training set" implies, since selection is part
//                    of what is learnt from training data. The default since issue 15.
//   whole_training   selected once on the whole training set, held-out documents included (our
//                    Table 1 until issue 15); kept as an ablation row.
// The declared keys differ ("cv/<category>/<solver>" in-fold, "cv-whole/..." whole, which takes
// the in-fold run's seed), so one result file can hold both.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/cv_fold_features.h"
#include "experiments/zhangoles2001/cv_select.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

inline constexpr int32_t kZoCvFolds = 5;

enum class ZoCvSelection { in_fold, whole_training };
const char* to_string(ZoCvSelection s);

// The task set "zo-reuters-cv"; options {"selection": "in_fold" | "whole_training"}. Throws
// DataUnavailable when the corpus is missing.
TaskSource zo_reuters_cv_tasks();

// One method's pooled grid over the finished runs of some categories (one variant).
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
ZoCvPooled zo_pool_cv(std::span<const RunRecord> runs);

// "1: BEP 80.12 / F1 79.80, 0.1: ..." for the cells' notes.
std::string zo_cv_grid_text(const ZoCvPooled& p);

}  // namespace linrepro
