#include "experiments/zhangoles2001/title_ablation.h"

#include <algorithm>

#include "experiments/zhangoles2001/experiments.h"
#include "harness/declared_texts.h"
#include "harness/published.h"

namespace linrepro {

namespace {

// One row per reading (the chosen one: Table 5's means), one column per method, and the published
// row.
Ablation reading_ablation(const std::string& id, const char* reference,
                          const std::vector<TitleVariant>& variants,
                          const std::vector<TitleAblationMethod>& methods,
                          const std::map<std::string, std::map<std::string, double>>& means,
                          const PublishedPaper& published, const std::string& column) {
  Ablation a = declared_ablation(kZoPaper, id);
  for (const auto& m : methods) a.columns.push_back(m.row);
  for (const TitleVariant& v : variants) {
    AblationRow row{v.id, v.description, v.chosen, false, {}};
    const auto by_solver = means.find(v.id);
    for (const auto& m : methods) {
      std::optional<double> value;
      if (by_solver != means.end()) {
        const auto it = by_solver->second.find(m.solver);
        if (it != by_solver->second.end()) value = it->second;
      }
      row.values.push_back(value);
    }
    if (!v.chosen && !v.every_method)
      row.description += " (run for the cheapest methods only; the others are empty)";
    a.rows.push_back(std::move(row));
  }
  AblationRow ref{"published", reference, false, true, {}};
  for (const auto& m : methods)
    ref.values.push_back(published_value(&published, "table5", m.row, column));
  a.rows.push_back(std::move(ref));
  return a;
}

}  // namespace

std::vector<TitleVariant> title_variants() {
  return {
      {kTable5Ng20Column, "no-headers", "20news-18828",
       "old: every header dropped (Subject and From), body only, no title features", false},
      {kTable5Ng20Column, "subject-title", "20news-18828-subject",
       "Subject as the title (separate features), From dropped", true},
      {kTable5Ng20Column, "subject-title-from-body", "20news-18828-subject-from-body",
       "Subject as the title, the From line's words as body words", false},
      {kTable5Ng20Column, "bydate-headers", "20news-bydate-subject-headers-in-body",
       "another copy: 20news-bydate pooled (18,846 messages), Subject as the title, every other "
       "header it keeps (From, Organization, Lines, ...) read as body words",
       false, true},
  };
}

const TitleVariant& chosen_title_variant() {
  static const std::vector<TitleVariant> variants = title_variants();
  return *std::find_if(variants.begin(), variants.end(),
                       [](const TitleVariant& v) { return v.chosen; });
}

std::vector<TitleVariant> webkb_markup_variants() {
  return {{"WebKB", "page-text", "webkb-all7",
           "the page's text: tags, comments and scripts removed, entities decoded", true},
          {"WebKB", "markup", "webkb-all7-markup",
           "the page's markup as body words: tags, attributes, URLs and entities", false, true}};
}

Ablation title_ablation(const std::vector<TitleAblationMethod>& methods,
                        const std::map<std::string, std::map<std::string, double>>& means,
                        const PublishedPaper& published, const std::string& column) {
  return reading_ablation("title-features-20ng",
                          "Table 5's 20NewsGroup column (19,997 messages with headers)",
                          title_variants(), methods, means, published, column);
}

Ablation webkb_markup_ablation(const std::vector<TitleAblationMethod>& methods,
                               const std::map<std::string, std::map<std::string, double>>& means,
                               const PublishedPaper& published, const std::string& column) {
  return reading_ablation("html-webkb", "Table 5's WebKB column", webkb_markup_variants(), methods,
                          means, published, column);
}

}  // namespace linrepro
