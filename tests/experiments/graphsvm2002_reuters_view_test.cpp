// The Reuters selection rules of GraphSVM §3.1 (experiments/graphsvm2002/reuters_view.h) on a
// hand-made corpus where the rules give different counts. (That the chosen rule counts what the
// runs train on is checked by the driver itself on the real data: graphsvm2002/main.cpp.)
#include <gtest/gtest.h>

#include <algorithm>

#include "experiments/graphsvm2002/reuters_view.h"

namespace linrepro {
namespace {

Document doc(int id, std::vector<std::string> labels, std::string split, bool body = true) {
  Document d;
  d.id = std::to_string(id);
  d.title = "t" + d.id;
  d.body = body ? "grain wheat corn price " + d.id : "";
  d.labels = std::move(labels);
  d.split = std::move(split);
  return d;
}

// Training documents per class: big 15 (3 of them also small), mid 10 (one a brief without a
// body), small 3, other 1. Test: big alone, big+small and big+other (multi-class among all topics
// and among the "90", whose classes all have a test document here; single-class among the kept),
// big+mid (multi-class once mid is kept), and a brief of mid.
Corpus corpus() {
  Corpus c;
  int id = 0;
  for (int i = 0; i < 12; ++i) c.docs.push_back(doc(++id, {"big"}, "train"));
  for (int i = 0; i < 9; ++i) c.docs.push_back(doc(++id, {"mid"}, "train"));
  c.docs.push_back(doc(++id, {"mid"}, "train", false));
  for (int i = 0; i < 3; ++i) c.docs.push_back(doc(++id, {"small", "big"}, "train"));
  c.docs.push_back(doc(++id, {"other"}, "train"));
  c.docs.push_back(doc(++id, {"big"}, "test"));
  c.docs.push_back(doc(++id, {"big", "small"}, "test"));
  c.docs.push_back(doc(++id, {"big", "mid"}, "test"));
  c.docs.push_back(doc(++id, {"big", "other"}, "test"));
  c.docs.push_back(doc(++id, {"mid"}, "test", false));
  c.label_names = {"big", "mid", "other", "small"};
  return c;
}

const ReutersViewRule& rule(const std::string& id) {
  static const auto rules = reuters_view_rules();
  return *std::find_if(rules.begin(), rules.end(), [&](const auto& r) { return r.id == id; });
}

TEST(Graphsvm2002ReutersView, EachRuleCountsClassesRowsAndSingleClassTestDocuments) {
  const Corpus c = corpus();
  // > 10: big only (15 training documents: 12 + 3 with small). Rows: 15. Test: every document
  // with big and none of the other kept classes: 4 (big+small, big+mid, big+other count).
  ReutersViewCounts n = count_reuters_view(c, rule("gt10-kept"));
  EXPECT_EQ(n.classes, 1);
  EXPECT_EQ(n.train_docs, 15);
  EXPECT_EQ(n.train_rows, 15);
  EXPECT_EQ(n.test_docs, 4);
  // Among all topics only the document with big alone is single-class.
  EXPECT_EQ(count_reuters_view(c, rule("gt10-all-topics")).test_docs, 1);
  // The "90": classes with a training and a test document: big, mid, small, other; same as all.
  EXPECT_EQ(count_reuters_view(c, rule("gt10-90")).test_docs, 1);
  // >= 10: big and mid (10). big+mid is now multi-class; mid's brief counts.
  n = count_reuters_view(c, rule("ge10-kept"));
  EXPECT_EQ(n.classes, 2);
  EXPECT_EQ(n.train_rows, 25);
  EXPECT_EQ(n.test_docs, 4);  // big, big+small, big+other, mid
  // Without briefs mid has 9 training documents; the test brief is gone too.
  n = count_reuters_view(c, rule("gt10-kept-body"));
  EXPECT_EQ(n.classes, 1);
  EXPECT_EQ(n.test_docs, 4);
}

TEST(Graphsvm2002ReutersView, OneRuleIsChosenAndTheAblationEndsWithThePaper) {
  const auto rules = reuters_view_rules();
  EXPECT_EQ(std::count_if(rules.begin(), rules.end(), [](const auto& r) { return r.chosen; }), 1);
  PublishedPaper p;
  p.cells.push_back({});
  p.cells.back().table = "datasets";
  p.cells.back().row = "reuters";
  p.cells.back().column = "test documents";
  p.cells.back().value = 1887;
  const Ablation a = reuters_view_ablation(corpus(), &p);
  ASSERT_EQ(a.rows.size(), rules.size() + 1);
  EXPECT_TRUE(a.rows.back().reference);
  EXPECT_FALSE(a.rows.back().values[0].has_value());
  EXPECT_EQ(a.rows.back().values[2], 1887);
  EXPECT_TRUE(a.rows[0].chosen);
}

// A rule's documents (what the ablation's accuracy columns run on) are exactly what it counts:
// one training row per kept label, its single-class test documents, nothing else.
TEST(Graphsvm2002ReutersView, EachRulesCorpusHoldsWhatItCounts) {
  const Corpus c = corpus();
  for (const ReutersViewRule& r : reuters_view_rules()) {
    const Corpus v = reuters_view_corpus(c, r);
    const ReutersViewCounts n = count_reuters_view(c, r);
    int32_t train_docs = 0, train_rows = 0, test_docs = 0;
    for (const Document& d : v.docs) {
      if (r.body_only) {
        EXPECT_FALSE(d.body.empty()) << r.id;
      }
      for (const auto& l : d.labels) {
        EXPECT_NE(std::find(v.label_names.begin(), v.label_names.end(), l), v.label_names.end());
      }
      if (d.split == "train") {
        ++train_docs;
        train_rows += static_cast<int32_t>(d.labels.size());
      } else {
        ++test_docs;
        EXPECT_EQ(d.labels.size(), 1u) << r.id << " " << d.id;
      }
    }
    EXPECT_EQ(static_cast<int32_t>(v.label_names.size()), n.classes) << r.id;
    EXPECT_EQ(train_docs, n.train_docs) << r.id;
    EXPECT_EQ(train_rows, n.train_rows) << r.id;
    EXPECT_EQ(test_docs, n.test_docs) << r.id;
  }
  // big+mid is two kept classes once mid is kept (>= 10): of the five test documents, the other
  // four remain (the brief of mid too).
  const Corpus ge10 = reuters_view_corpus(c, rule("ge10-kept"));
  EXPECT_EQ(std::count_if(ge10.docs.begin(), ge10.docs.end(),
                          [](const Document& d) { return d.split == "test"; }),
            4);
}

}  // namespace
}  // namespace linrepro
