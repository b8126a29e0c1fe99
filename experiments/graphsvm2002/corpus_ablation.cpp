#include "experiments/graphsvm2002/corpus_ablation.h"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "experiments/graphsvm2002/experiments.h"
#include "harness/declared_texts.h"
#include "harness/published.h"

namespace linrepro {

namespace {

struct Column {
  const char* name;    // the ablation's column
  const char* run;     // the run key (after the prefix)
  const char* metric;  // "accuracy" or a hierarchy metric
  const char* table;   // where the paper prints it
  const char* published_row;
};

const std::vector<Column>& columns() {
  static const std::vector<Column> c = {
      {"MCNB", "mcnb", "accuracy", "table1", "MCNB"},
      {"MCSVM", "mcsvm", "accuracy", "table1", "MCSVM"},
      {"GraphSVM t=0.07", "graphsvm-t0.07", "accuracy", "table2", "20ng GraphSVM t=0.07"},
      {"GraphSVM t=0.05", "graphsvm-t0.05", "accuracy", "table2", "20ng GraphSVM t=0.05"},
      {"GraphSVM t=0.03", "graphsvm-t0.03", "accuracy", "table2", "20ng GraphSVM t=0.03"},
      {"Hier-NB", "hier-nb", "accuracy", "figure3", "Hier-NB"},
      {"Hier-SVM", "hier-svm", "accuracy", "figure3", "Hier-SVM"},
      {"NB-L1", "hier-nb", "l1", "table1", "NB-L1"},
      {"NB-L2 with NB-L1", "hier-nb", "l2_given_l1", "table1", "NB-L2 with NB-L1"},
      {"NB-L2 with Perfect-L1", "hier-nb", "l2_perfect_l1", "table1", "NB-L2 with Perfect-L1"},
      {"SVM-L1", "hier-svm-l1svm", "l1", "table1", "SVM-L1"},
      {"SVM-L2 with NB-L1", "hier-svm", "l2_given_l1", "table1", "SVM-L2 with NB-L1"},
      {"SVM-L2 with Perfect-L1", "hier-svm", "l2_perfect_l1", "table1", "SVM-L2 with Perfect-L1"}};
  return c;
}

std::optional<double> value_of(const MainResults& res, const Column& c) {
  const RunRecord* r = res.get(c.run);
  if (!r) return std::nullopt;
  const double v = metric_of(*r, c.metric);
  return std::isnan(v) ? std::nullopt : std::optional<double>(v);
}

}  // namespace

std::string corpus_ablation_column(const std::string& table, const std::string& row) {
  std::string name = row;
  if (table == "table2" || table == "figure5") {
    if (!row.starts_with("20ng ")) return "";
    name = row.substr(5);
    if (name == "GraphSVM") name = "GraphSVM t=0.05";  // Figure 5's GraphSVM is t = 0.05
  } else if (table != "table1" && table != "figure3") {
    return "";
  }
  for (const Column& c : columns())
    if (name == c.name) return name;
  return "";
}

std::optional<Ablation> corpus_ablation(const MainResults& ours, const MainResults& other,
                                        const std::filesystem::path& published_dir) {
  Ablation a = declared_ablation(kGraphsvmPaper, kCorpusAblation);
  AblationRow mine{
      "20news-18828", "the cells: 20news-18828, Subject (it has no Organization)", true, false, {}};
  AblationRow theirs{
      "20news-bydate", "20news-bydate pooled, Subject and Organization", false, false, {}};
  for (const Column& c : columns()) {
    a.columns.push_back(c.name);
    mine.values.push_back(value_of(ours, c));
    theirs.values.push_back(value_of(other, c));
  }
  if (!theirs.values[0] || !mine.values[0]) return std::nullopt;
  a.rows.push_back(std::move(mine));
  a.rows.push_back(std::move(theirs));
  AblationRow ref{"published", "Tables 1-2 and Figure 3 of the paper", false, true, {}};
  const std::optional<PublishedPaper> p = load_published_if_present(published_dir, kGraphsvmPaper);
  for (const Column& c : columns())
    ref.values.push_back(published_value(p ? &*p : nullptr, c.table, c.published_row, "Accuracy"));
  a.rows.push_back(std::move(ref));
  return a;
}

}  // namespace linrepro
