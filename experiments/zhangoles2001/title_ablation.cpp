#include "experiments/zhangoles2001/title_ablation.h"

#include <algorithm>

namespace linrepro {

std::vector<TitleVariant> title_variants() {
  return {
      {kTable5Ng20Column, "no-headers", "20news-18828", false},
      {kTable5Ng20Column, "subject-title", "20news-18828-subject", true},
      {kTable5Ng20Column, "subject-title-from-body", "20news-18828-subject-from-body", false},
      // Another copy: 20news-bydate pooled, Subject as the title, every other header as body words.
      {kTable5Ng20Column, "bydate-headers", "20news-bydate-subject-headers-in-body", false},
  };
}

const TitleVariant& chosen_title_variant() {
  static const std::vector<TitleVariant> variants = title_variants();
  return *std::find_if(variants.begin(), variants.end(),
                       [](const TitleVariant& v) { return v.chosen; });
}

std::vector<TitleVariant> webkb_markup_variants() {
  return {{"WebKB", "page-text", "webkb-all7", true},
          {"WebKB", "markup", "webkb-all7-markup", false}};
}

}  // namespace linrepro
