// The Reuters hierarchy ablation (issue 16 item 5) on hand-made runs: it finds where the clip
// rule cut from the stored merge distances, counts the classes NB's validation confusion never
// gets right, and lists the clip rule's run (chosen) beside the fixed group counts.
#include <gtest/gtest.h>

#include "experiments/graphsvm2002/main_cells.h"

namespace linrepro {
namespace {

RunRecord hier(double groups, double accuracy) {
  RunRecord r;
  r.status = "ok";
  r.metrics = {{"accuracy", accuracy}, {"l1", 90.0}, {"l2_given_l1", 99.0}};
  r.extra["num_clusters"] = groups;
  return r;
}

TEST(Graphsvm2002HierarchyAblation, SaysWhereTheClipRuleCutAndWhy) {
  MainResults res;
  EXPECT_FALSE(reuters_hierarchy_ablation(res, {}));  // nothing stored yet
  res.runs["hier-svm"] = hier(3, 80);
  res.runs["hier-svm"].extra["merge_distances"] = {0.1, 0.5, 0.55};  // jump after merge 1
  res.runs["hier-svm-g2"] = hier(2, 85);
  res.runs["mcnb"].status = "ok";
  res.runs["mcnb"].extra["validation_confusion"] = {
      {0, 4, 0, 0}, {0, 5, 0, 0}, {1, 0, 3, 0}, {0, 0, 2, 1}};  // class 0 never, 3 mostly wrong
  const auto a = reuters_hierarchy_ablation(res, {2});
  ASSERT_TRUE(a);
  EXPECT_NE(a->why.find("the largest jump (0.400) comes after merge 1 of 3, so 3 groups"),
            std::string::npos)
      << a->why;
  EXPECT_NE(a->why.find("gets 1 of the 4 classes wrong on every validation document and 2"),
            std::string::npos)
      << a->why;
  ASSERT_EQ(a->rows.size(), 2u);
  EXPECT_TRUE(a->rows[0].chosen);
  EXPECT_EQ(a->rows[0].values[0], 3.0);
  EXPECT_EQ(a->rows[1].values[1], 85.0);
}

}  // namespace
}  // namespace linrepro
