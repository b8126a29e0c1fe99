#include "experiments/mlrcg2003/univ6_fold_spread.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "experiments/mlrcg2003/experiments.h"
#include "harness/declared_texts.h"
#include "harness/draw_spread.h"

namespace linrepro {

namespace {

const F1Pair& f1_of(const DrawF1& draw, const std::string& column, const std::string& row) {
  const auto it = draw.find(column);
  if (it == draw.end())
    throw ConfigError(fmt::format("table3 {}: a fold draw has no {} runs", row, column));
  return it->second;
}

}  // namespace

Ablation fold_spread_ablation(const std::string& row, const std::vector<DrawF1>& draws,
                              const std::vector<std::string>& columns) {
  std::string collection = row;  // the ablation's id names it in lower case
  std::transform(collection.begin(), collection.end(), collection.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  Ablation head = declared_ablation(kMlrcgPaper, "{collection}-fold-spread",
                                    TextArgs().set("collection", collection).set("row", row));
  for (const std::string& c : columns) {
    head.columns.push_back(c + " micro-F1");
    head.columns.push_back(c + " macro-F1");
  }
  head.columns.push_back("MMLR-CG - SVM micro-F1");
  head.columns.push_back("MMLR-CG - SVM macro-F1");
  std::vector<DrawRow> rows;
  for (size_t s = 0; s < draws.size(); ++s) {
    DrawRow r{fmt::format("draw {}", s),
              s == 0 ? "the cells' fold assignment" : "another seed's fold assignment",
              {}};
    for (const std::string& c : columns) {
      const F1Pair& f = f1_of(draws[s], c, row);
      r.values.push_back(100 * f.micro);
      r.values.push_back(100 * f.macro);
    }
    const F1Pair& m = f1_of(draws[s], "MMLR-CG", row);
    const F1Pair& v = f1_of(draws[s], "SVM", row);
    r.values.push_back(100 * (m.micro - v.micro));
    r.values.push_back(100 * (m.macro - v.macro));
    rows.push_back(std::move(r));
  }
  return draw_spread_ablation(std::move(head), rows, "fold assignments");
}

}  // namespace linrepro
