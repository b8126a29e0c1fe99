// Issue 15 item 2: Table 5's 20NG reads the Subject line as the title (title features distinct from
// body features) and drops From; the title ablation's declared rows are its readings.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "corpora/newsgroups.h"
#include "experiments/zhangoles2001/table5_protocol.h"
#include "experiments/zhangoles2001/title_ablation.h"
#include "features/analyzer.h"
#include "harness/protocol/protocol_runner.h"

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

// The declared ablation tables (experiments.json) have one row per reading the runs read, in the
// same order, the same one chosen.
TEST(Table5Titles, TheDeclaredAblationRowsAreTheReadings) {
  const DeclaredProtocol p = declared_protocol("zhangoles2001", "table5");
  ASSERT_EQ(p.ablation_tables.size(), 2u);
  for (const auto& [table, variants] : {std::pair{p.ablation_tables[0], title_variants()},
                                        std::pair{p.ablation_tables[1], webkb_markup_variants()}}) {
    ASSERT_EQ(table.at("rows").size(), variants.size()) << table.at("ablation");
    for (size_t i = 0; i < variants.size(); ++i) {
      EXPECT_EQ(table.at("rows")[i].at("row"), variants[i].id);
      EXPECT_EQ(table.at("rows")[i].value("chosen", false), variants[i].chosen);
    }
  }
  EXPECT_EQ(p.ablation_tables[0].at("ablation"), "title-features-20ng");
}

}  // namespace
}  // namespace linrepro
