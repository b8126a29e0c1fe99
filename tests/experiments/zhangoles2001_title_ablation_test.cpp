// Issue 15 item 2: Table 5's 20NG reads the Subject line as the title (title features distinct from
// body features) and drops From; the title ablation's table (title_ablation.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "corpora/newsgroups.h"
#include "experiments/zhangoles2001/table5_protocol.h"
#include "experiments/zhangoles2001/title_ablation.h"
#include "features/analyzer.h"

namespace linrepro {
namespace {

// An 18828-style message: From and Subject only, then the body.
const std::string kMessage =
    "From: jane@x.edu (Jane Doe)\nSubject: Re: Windows crashes\n\nMy windows crashes daily.\n";

std::vector<std::string> terms_of(const TextDoc& d) {
  const TextOptions options = zo_table5::selected_features().text_options();
  const std::vector<TextDoc> docs = {d};
  const TokenizedCorpus tc = tokenize_corpus(docs, options);
  std::vector<std::string> out;
  for (int32_t id : tc.doc(0)) out.push_back(tc.terms[static_cast<size_t>(id)]);
  return out;
}

bool has(const std::vector<std::string>& terms, const std::string& t) {
  return std::find(terms.begin(), terms.end(), t) != terms.end();
}

TEST(Table5Titles, SubjectIsTheTitleWithItsOwnFeaturesAndFromIsDropped) {
  Document doc;
  split_news_message(kMessage, "m", NewsHeaders::KeepSubject, doc);
  EXPECT_EQ(doc.title, "Re: Windows crashes");  // verbatim, "Re:" kept
  EXPECT_EQ(doc.body, "My windows crashes daily.\n");
  const auto terms = terms_of(TextDoc{doc.title, doc.body});
  // The same word in title and body: two features (Porter stems, title namespace "t:").
  EXPECT_TRUE(has(terms, "t:window"));
  EXPECT_TRUE(has(terms, "window"));
  EXPECT_TRUE(has(terms, "t:crash"));
  EXPECT_TRUE(has(terms, "crash"));
  EXPECT_TRUE(has(terms, "t:re"));
  EXPECT_FALSE(has(terms, "re"));  // title only
  EXPECT_FALSE(has(terms, "t:daili"));
  // From is neither title nor body.
  for (const auto& t : terms) {
    EXPECT_EQ(t.find("jane"), std::string::npos) << t;
    EXPECT_EQ(t.find("doe"), std::string::npos) << t;
  }
}

TEST(Table5Titles, OldReadingHasNoTitleAndFromVariantPutsTheSenderInTheBody) {
  Document old;
  split_news_message(kMessage, "m", NewsHeaders::DropAll, old);
  const auto old_terms = terms_of(TextDoc{old.title, old.body});
  EXPECT_TRUE(std::none_of(old_terms.begin(), old_terms.end(),
                           [](const std::string& t) { return t.starts_with(kTitlePrefix); }));
  Document from;
  split_news_message(kMessage, "m", NewsHeaders::KeepSubjectFromInBody, from);
  EXPECT_EQ(from.title, "Re: Windows crashes");
  EXPECT_EQ(from.body, "jane@x.edu (Jane Doe)\nMy windows crashes daily.\n");
  const auto terms = terms_of(TextDoc{from.title, from.body});
  EXPECT_TRUE(has(terms, "jane"));
  EXPECT_FALSE(has(terms, "t:jane"));
  EXPECT_TRUE(has(terms, "t:window"));
}

TEST(Table5Titles, Table5ReadsTheChosenVariantAndExactlyOneIsChosen) {
  const auto variants = title_variants();
  EXPECT_EQ(std::count_if(variants.begin(), variants.end(),
                          [](const TitleVariant& v) { return v.chosen; }),
            1);
  EXPECT_EQ(variants.front().view, "20news-18828");  // the old reading is a row
  EXPECT_EQ(chosen_title_variant().id, "subject-title");
  const auto collections = zo_table5::table5_collections();
  ASSERT_FALSE(collections.empty());
  EXPECT_EQ(collections.front().column, "20NewsGroup");
  EXPECT_EQ(collections.front().collection.view, chosen_title_variant().view);
  EXPECT_EQ(chosen_title_variant().view, "20news-18828-subject");
  // Every other reading is a task set of its own, seeded as its collection (the same splits).
  for (const auto& v : variants) {
    const auto it = std::ranges::find_if(
        collections, [&](const auto& c) { return c.column == "20NewsGroup [" + v.id + "]"; });
    EXPECT_EQ(it != collections.end(), !v.chosen) << v.id;
    if (it != collections.end()) {
      EXPECT_EQ(it->collection.name, "20NewsGroup");
      EXPECT_EQ(it->collection.view, v.view);
    }
  }
}

PublishedPaper published_20ng() {
  PublishedPaper p;
  p.paper = "zhangoles2001";
  PublishedCell c;  // field by field: the struct grows
  c.table = "table5";
  c.row = "Lin Reg";
  c.column = "20NewsGroup";
  c.value = 94.1;
  p.cells.push_back(c);
  return p;
}

TEST(Table5Titles, AblationRowsPerVariantChosenMarkedMissingValuesEmpty) {
  const std::vector<TitleAblationMethod> methods = {{"Lin Reg", "cls"}, {"SVM", "smo"}};
  const std::map<std::string, std::map<std::string, double>> means = {
      {"no-headers", {{"cls", 85.0}}},
      {"subject-title", {{"cls", 87.5}, {"smo", 88.0}}},
  };
  const Ablation a = title_ablation(methods, means, published_20ng(), "20NewsGroup");
  EXPECT_EQ(a.id, "title-features-20ng");
  EXPECT_EQ(a.columns, (std::vector<std::string>{"Lin Reg", "SVM"}));
  ASSERT_EQ(a.rows.size(), title_variants().size() + 1);
  EXPECT_EQ(a.rows[0].variant, "no-headers");
  EXPECT_FALSE(a.rows[0].chosen);
  EXPECT_EQ(*a.rows[0].values[0], 85.0);
  EXPECT_FALSE(a.rows[0].values[1].has_value());  // not run for SVM
  EXPECT_TRUE(a.rows[1].chosen);
  EXPECT_EQ(*a.rows[1].values[1], 88.0);
  EXPECT_FALSE(a.rows[2].values[0].has_value());  // no means for the From variant
  EXPECT_TRUE(a.rows.back().reference);
  EXPECT_EQ(*a.rows.back().values[0], 94.1);
  EXPECT_FALSE(a.rows.back().values[1].has_value());  // no published SVM cell given
}

}  // namespace
}  // namespace linrepro
