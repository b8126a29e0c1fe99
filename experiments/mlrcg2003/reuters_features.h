#pragma once
// The features of MLR-CG's binary tasks on Reuters-21578 (Table 2's four categories and §6.1's
// 90): "500 features are selected with Information Gain" (§5), one 500-term set PER BINARY TASK
// (per_category scope; reuters.cpp's header gives the reasoning from the paper's text), binary
// values, Porter stems, no stop list. The old global set is kept for the ablation.
#include "features/pipeline.h"

namespace linrepro {

// Each binary task's own `k` terms by its information gain (c vs. not c). The paper: k = 500.
FeatureConfig mlrcg_binary_task_features(int32_t k = 500);
// Our behaviour until 2026-11: one set of `k` terms for every task, by joint all-category IG.
FeatureConfig mlrcg_global_features(int32_t k = 500);

}  // namespace linrepro
