#include "experiments/zhangoles2001/tokenisation_ablation.h"

#include <fmt/format.h>

#include <stdexcept>

namespace linrepro {

namespace {

constexpr const char* kTokenisationWhy =
    "Z&O §2 (figure 1): \"one or both of Steps 4 and 5 [stemming, stopword removal] may be "
    "omitted, although keeping them may improve performance\"; §4.1 says only which one the "
    "experiments omit: \"we do not remove stopwords in the preprocessing step\", and \"we select "
    "10000 features ..., ignoring features occurring less than 3 times as suggested in Joachims "
    "(1998)\". So the cells keep figure 1's stemming step (the text omits step 5 only) and the "
    "min count 3 rule it states; chosen from the text before these rows were measured. The "
    "other rows show what the open steps do to the vocabulary and to Figure 7: without stemming "
    "and without the min count the vocabulary is larger, so 10,000 features is a real selection "
    "and not nearly every term.";

std::string count_name(int32_t k) {
  return k >= 1000 ? fmt::format("{},{:03d}", k / 1000, k % 1000) : fmt::format("{}", k);
}

}  // namespace

Ablation tokenisation_ablation(const std::vector<int32_t>& feature_counts,
                               const std::vector<TokenisationRow>& rows) {
  std::vector<std::string> columns;
  for (int32_t k : feature_counts) columns.push_back(count_name(k) + " features");
  columns.push_back("no selection");
  // Built whole (GCC 12 warns, so -Werror fails, on assigning a short literal to a member here).
  Ablation a{"figure7-tokenisation",
             "Figure 7: micro BEP of Logistic Reg by features per category, per tokenisation",
             kTokenisationWhy,
             "%",
             columns,
             {}};
  for (const TokenisationRow& r : rows) {
    if (r.bep.size() != feature_counts.size())
      throw std::invalid_argument(
          fmt::format("tokenisation_ablation: row '{}' has {} values for {} feature counts",
                      r.variant, r.bep.size(), feature_counts.size()));
    AblationRow row{r.variant,
                    fmt::format("{}; vocabulary {} terms after the min count ({} distinct "
                                "training terms)",
                                r.description, r.vocabulary, r.train_terms),
                    r.chosen,
                    false,
                    {}};
    for (double b : r.bep) row.values.push_back(b);
    row.values.push_back(r.bep_no_selection);
    a.rows.push_back(std::move(row));
  }
  return a;
}

}  // namespace linrepro
