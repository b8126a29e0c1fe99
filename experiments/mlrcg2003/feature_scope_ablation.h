#pragma once
// Issue 15 item 4: the scope of MLR-CG's 500 information-gain features (§5) for the §6.1 F1 cells,
// as an ablation (harness/ablation.h). One row per variant: one global 500-term set for all 90
// categories (our behaviour until 2026-11), one 500-term set per binary task (chosen), the
// alternatives considered, and the paper's numbers. The columns are §6.1's cells: micro- and
// macro-F1 per method ("SVM micro-F1", "SVM macro-F1", "MLR-CG micro-F1", ...).
#include <optional>
#include <string>
#include <vector>

#include "harness/ablation.h"
#include "harness/published.h"

namespace linrepro {

struct MicroMacroF1 {
  double micro = 0, macro = 0;  // fractions in [0, 1]
};

struct FeatureScopeVariant {
  std::string variant;      // "per-category"
  std::string description;  // one line
  bool chosen = false;
  // One per method, in the order of `methods` below; nullopt: not run.
  std::vector<std::optional<MicroMacroF1>> results;
};

// methods: §6.1's column prefixes ("SVM", "MLR-CG"). The published row comes from the cells
// text-6.1 / reuters21578 / "<method> micro-F1" ... of `published` (absent cells: nullopt).
// Throws std::invalid_argument when a variant has a result count other than methods.size().
Ablation feature_scope_ablation(const std::vector<std::string>& methods,
                                const std::vector<FeatureScopeVariant>& variants,
                                const PublishedPaper& published);

}  // namespace linrepro
