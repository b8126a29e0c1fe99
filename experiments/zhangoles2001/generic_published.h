#pragma once
// Candidate for harness/ (published.h, declared_texts.h): what the zhangoles2001 ablations repeat
// around a paper's published file and its declared ablations.
#include <optional>
#include <string>
#include <vector>

#include "harness/ablation.h"
#include "harness/declared_texts.h"
#include "harness/experiment.h"
#include "harness/published.h"

namespace linrepro {

// The published file of `paper` in ctx's published directory.
inline PublishedPaper load_paper_published(const ExperimentContext& ctx, const std::string& paper) {
  return load_published(ctx.published() / (paper + ".json"));
}

// A published cell's value; nullopt when the paper prints none.
inline std::optional<double> published_value(const PublishedPaper& p, const std::string& table,
                                             const std::string& row, const std::string& column) {
  const PublishedCell* c = find_published_cell(p, table, row, column);
  return c ? std::optional<double>(c->value) : std::nullopt;
}

// The declared ablation `id` of `paper` with its columns set (no rows yet).
inline Ablation declared_ablation_with(const std::string& paper, const std::string& id,
                                       const std::vector<std::string>& columns) {
  Ablation a = declared_ablation(paper, id);
  a.columns = columns;
  return a;
}

}  // namespace linrepro
