#pragma once
// The feature-count ablation of graphsvm2002/features (feature_sweep.cpp), exposed for tests.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/ablation.h"
#include "harness/published.h"

namespace linrepro {

struct SvmInputRow {
  std::string id, description;
  bool chosen = false;
  std::optional<double> C, accuracy;
};
// One ablation per corpus: the SVM input variants with their default C and MCSVM's accuracy,
// and the paper's MCSVM.
Ablation svm_input_ablation(const std::string& corpus, const std::vector<SvmInputRow>& rows,
                            const PublishedPaper* published);

// One ablation per corpus: accuracy[variant][method] for "smart" (used), "glasgow" and "none".
Ablation stoplist_ablation(const std::string& corpus,
                           const std::map<std::string, std::map<std::string, double>>& accuracy,
                           const PublishedPaper* published);

// One ablation per corpus ("20ng" | "reuters"): a row per k (0 = every term), accuracy of MCNB,
// MCSVM and GraphSVM (accuracy[k][method]; missing values stay empty), columns[k] the matrix
// width it gave, and the paper's row when `published` has it. The chosen row is
// graphsvm_feature_config().k.
Ablation feature_count_ablation(const std::string& corpus, const std::vector<int32_t>& ks,
                                const std::map<int32_t, std::map<std::string, double>>& accuracy,
                                const std::map<int32_t, int32_t>& columns,
                                const PublishedPaper* published);

}  // namespace linrepro
