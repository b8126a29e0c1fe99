#include "experiments/graphsvm2002/reuters_view.h"

#include <algorithm>
#include <map>
#include <set>

#include "experiments/graphsvm2002/experiments.h"
#include "harness/experiment/published.h"
#include "harness/language/declared_texts.h"

namespace linrepro {

namespace {

std::set<std::string> kept_classes(const Corpus& c, const ReutersViewRule& rule) {
  std::map<std::string, int32_t> train;
  for (const Document& d : c.docs)
    if (d.split == "train" && !(rule.body_only && d.body.empty()))
      for (const auto& l : std::set<std::string>(d.labels.begin(), d.labels.end())) ++train[l];
  std::set<std::string> kept;
  for (const auto& [l, n] : train)
    if (n >= rule.min_train_docs) kept.insert(l);
  return kept;
}

// The 90 categories with at least one training and one test document.
std::set<std::string> train_and_test_categories(const Corpus& c) {
  std::set<std::string> train, test;
  for (const Document& d : c.docs)
    for (const auto& l : d.labels) (d.split == "train" ? train : test).insert(l);
  std::set<std::string> both;
  std::set_intersection(train.begin(), train.end(), test.begin(), test.end(),
                        std::inserter(both, both.end()));
  return both;
}

int32_t count_in(const std::set<std::string>& labels, const std::set<std::string>& set) {
  return static_cast<int32_t>(
      std::count_if(labels.begin(), labels.end(), [&](const auto& l) { return set.contains(l); }));
}

// Whether a test document counts under the rule (else it is "multi-class" and ignored).
bool single_class(const std::set<std::string>& labels, int32_t in_kept,
                  const std::set<std::string>& ninety, const ReutersViewRule& rule) {
  switch (rule.multi) {
    case MultiClassBy::kept:
      return in_kept == 1;
    case MultiClassBy::all_topics:
      return labels.size() == 1 && in_kept == 1;
    case MultiClassBy::train_and_test:
      return count_in(labels, ninety) == 1 && in_kept == 1;
  }
  return false;
}

}  // namespace

std::vector<ReutersViewRule> reuters_view_rules() {
  return {
      {"gt10-kept", "> 10 training documents; multi-class among the kept classes", 11,
       MultiClassBy::kept, false, true},
      {"gt10-all-topics", "> 10 training documents; multi-class among all TOPICS categories", 11,
       MultiClassBy::all_topics, false, false},
      {"gt10-90", "> 10 training documents; multi-class among the 90 with a train and a test doc",
       11, MultiClassBy::train_and_test, false, false},
      {"ge10-kept", ">= 10 training documents; multi-class among the kept classes", 10,
       MultiClassBy::kept, false, false},
      {"gt10-kept-body", "> 10 training documents, documents with a BODY only (no briefs)", 11,
       MultiClassBy::kept, true, false},
  };
}

// The counts of the rule's documents (reuters_view_corpus): a training document gives a row per
// kept class.
ReutersViewCounts count_reuters_view(const Corpus& c, const ReutersViewRule& rule) {
  const Corpus view = reuters_view_corpus(c, rule);
  ReutersViewCounts n;
  n.classes = static_cast<int32_t>(view.label_names.size());
  for (const Document& d : view.docs) {
    n.train_docs += d.split == "train";
    n.train_rows += d.split == "train" ? static_cast<int32_t>(d.labels.size()) : 0;
    n.test_docs += d.split == "test";
  }
  return n;
}

Ablation reuters_view_ablation(const Corpus& modapte, const PublishedPaper* published) {
  const std::vector<std::string> columns = {"classes", "training documents", "test documents"};
  Ablation a = declared_ablation(kGraphsvmPaper, "reuters-view");
  a.columns = columns;
  for (const ReutersViewRule& r : reuters_view_rules()) {
    const ReutersViewCounts n = count_reuters_view(modapte, r);
    AblationRow row{r.id, r.description, r.chosen, false, false, {}};
    row.allowed = r.min_train_docs == 11;  // §3.1: "more than 10 training documents"
    row.values = {double(n.classes), double(n.train_rows), double(n.test_docs)};
    a.rows.push_back(std::move(row));
  }
  AblationRow ref{"published", "§3.1's counts", false, true, false, {}};
  for (const auto& col : columns)
    ref.values.push_back(published_value(published, "datasets", "reuters", col));
  a.rows.push_back(std::move(ref));
  return a;
}

Corpus reuters_view_corpus(const Corpus& modapte, const ReutersViewRule& rule) {
  const std::set<std::string> kept = kept_classes(modapte, rule);
  const std::set<std::string> ninety = train_and_test_categories(modapte);
  Corpus out;
  out.name = modapte.name + "-" + rule.id;
  out.identity = modapte.identity;
  out.identity["rule"] = rule.id;
  out.label_names.assign(kept.begin(), kept.end());
  for (const Document& d : modapte.docs) {
    if (rule.body_only && d.body.empty()) continue;
    const std::set<std::string> labels(d.labels.begin(), d.labels.end());
    const int32_t in_kept = count_in(labels, kept);
    if (in_kept == 0) continue;
    if (d.split == "test" && !single_class(labels, in_kept, ninety, rule)) continue;
    if (d.split != "train" && d.split != "test") continue;
    Document k = d;
    k.labels.clear();
    for (const auto& l : labels)
      if (kept.contains(l)) k.labels.push_back(l);
    out.docs.push_back(std::move(k));
  }
  return out;
}

const std::vector<ReutersAccuracyColumn>& reuters_accuracy_columns() {
  static const std::vector<ReutersAccuracyColumn> c = {
      {"MCNB accuracy (%)", "mcnb", "figure5", "reuters MCNB"},
      {"MCSVM accuracy (%)", "mcsvm", "table2", "reuters MCSVM"},
      {"GraphSVM t=0.07 accuracy (%)", "graphsvm-t0.07", "table2", "reuters GraphSVM t=0.07"},
      {"GraphSVM t=0.05 accuracy (%)", "graphsvm-t0.05", "table2", "reuters GraphSVM t=0.05"},
      {"GraphSVM t=0.03 accuracy (%)", "graphsvm-t0.03", "table2", "reuters GraphSVM t=0.03"},
      {"GraphSVM t=0.01 accuracy (%)", "graphsvm-t0.01", "table2", "reuters GraphSVM t=0.01"},
      {"Hier-SVM accuracy (%)", "hier-svm", "figure5", "reuters Hier-SVM"}};
  return c;
}

void add_reuters_view_accuracies(
    Ablation& a, const std::map<std::string, std::map<std::string, double>>& by_rule,
    const PublishedPaper* published) {
  for (const auto& c : reuters_accuracy_columns()) {
    a.columns.push_back(c.column);
    for (AblationRow& row : a.rows) {
      std::optional<double> v;
      if (row.reference)
        v = published_value(published, c.table, c.row, "Accuracy");
      else if (const auto r = by_rule.find(row.variant); r != by_rule.end())
        if (const auto it = r->second.find(c.column); it != r->second.end()) v = it->second;
      row.values.push_back(v);
    }
  }
}

}  // namespace linrepro
