// The texts an experiment declares (harness/language/declared_texts.h): an ablation's title, why
// and unit come from experiments/<paper>/experiments.json with their placeholders filled, and a
// wrong declaration or a missing value is an error naming where.
#include "harness/language/declared_texts.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "harness/language/experiment_declarations.h"
#include "harness/results/claim_verdict.h"

namespace linrepro {
namespace {

TEST(DeclaredTexts, AnAblationTakesItsTextsFromItsPapersDeclaration) {
  const Ablation a = declared_ablation("zhangoles2001", "threshold-rule-table2");
  EXPECT_EQ(a.id, "threshold-rule-table2");
  EXPECT_EQ(a.title, "Table 2 micro-F1 over all 118 categories, by threshold rule");
  EXPECT_EQ(a.why.rfind("Z&O §4: thresholds are", 0), 0u) << a.why;
  EXPECT_EQ(a.unit, "%");
  EXPECT_TRUE(a.columns.empty());
  EXPECT_TRUE(a.rows.empty());
  // Two ablations of one choice share the why written once.
  EXPECT_EQ(declared_ablation("zhangoles2001", "threshold-rule-table3").why, a.why);
}

TEST(DeclaredTexts, PlaceholdersTakeTheDriversValues) {
  const Ablation a = declared_ablation("graphsvm2002", "sweep-classes-{corpus}-spread",
                                       TextArgs()
                                           .set("corpus", "reuters")
                                           .set("figure", 10)
                                           .set("corpus_title", "Reuters")
                                           .set("draws", 3));
  EXPECT_EQ(a.id, "sweep-classes-reuters-spread");
  EXPECT_EQ(a.title, "Figure 10 (Reuters): accuracy by number of classes K over 3 draws");
  // A format spec in the declaration applies to the value.
  const Ablation h = declared_ablation("graphsvm2002", "reuters-hierarchy",
                                       TextArgs()
                                           .set("first", std::string("0.1, 0.2"))
                                           .set("jump", 0.12345)
                                           .set("cut", 3)
                                           .set("merges", 59)
                                           .set("groups", 4)
                                           .set("never", 5)
                                           .set("classes", 60)
                                           .set("minority", 7));
  EXPECT_NE(h.why.find("distances are 0.1, 0.2 ...: the largest jump (0.123) comes after merge 3 "
                       "of 59, so 4 groups"),
            std::string::npos)
      << h.why;
}

// The message of the ConfigError `f` throws ("" when it throws none).
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(DeclaredTexts, AMissingDeclarationOrValueIsAnErrorNamingIt) {
  EXPECT_NE(error_of([] { declared_ablation("zhangoles2001", "no-such-ablation"); })
                .find("ablation \"no-such-ablation\" of zhangoles2001 is not declared in "
                      "experiments/zhangoles2001/experiments.json"),
            std::string::npos);
  const std::string missing = error_of([] {
    declared_ablation("graphsvm2002", "sweep-classes-{corpus}-spread",
                      TextArgs().set("corpus", "20ng"));
  });
  EXPECT_NE(missing.find("experiments/graphsvm2002/experiments.json (graphsvm2002/sweep_classes) "
                         "ablation \"sweep-classes-{corpus}-spread\""),
            std::string::npos)
      << missing;
}

Json paper_with(const Json& ablations, const Json& claims = Json::object()) {
  Json f = {{"paper", "examplepaper"},
            {"experiments",
             {{"table2",
               {{"description", "Table 2"},
                {"artifacts", {"table2"}},
                {"extra_solvers", {{"why", "none"}}},
                {"claims", claims},
                {"ablations", ablations}}}}}};
  return f;
}

std::string parse_error(const Json& file) {
  return error_of([&] { parse_experiment_declarations(file, "experiments.json"); });
}

TEST(DeclaredTexts, AWrongAblationDeclarationIsRefusedWhenTheFileIsRead) {
  const Json good = {{"title", "t"}, {"why", "w"}, {"unit", "%"}};
  EXPECT_EQ(parse_error(paper_with({{"a", good}})), "");
  Json typo = good;
  typo["wyh"] = "w";
  EXPECT_NE(
      parse_error(paper_with({{"a", typo}}))
          .find("/ablations/a: unknown key \"wyh\" in an ablation (nearest valid key: \"why\")"),
      std::string::npos);
  Json both = good;
  both["same_why_as"] = "b";
  EXPECT_NE(parse_error(paper_with({{"a", both}})).find("one of \"why\" or \"same_why_as\""),
            std::string::npos);
  Json no_unit = good;
  no_unit.erase("unit");
  EXPECT_NE(
      parse_error(paper_with({{"a", no_unit}})).find("/ablations/a: an ablation needs \"unit\""),
      std::string::npos);
  // An id is unique within the paper: a result file names its ablations by id alone.
  Json twice = paper_with({{"a", good}});
  twice["experiments"]["table5"] = twice["experiments"]["table2"];
  EXPECT_NE(parse_error(twice).find("ablation \"a\" is declared twice"), std::string::npos);
}

TEST(DeclaredTexts, AClaimTakesItsStatementAndKindFromTheDeclaration) {
  const DeclaredClaim c = declared_claim("zhangoles2001", "table2-liblinear-agrees");
  EXPECT_EQ(c.id, "table2-liblinear-agrees");
  EXPECT_EQ(c.claim.rfind("Peers: LIBLINEAR on the same matrices", 0), 0u) << c.claim;
  EXPECT_EQ(c.kind, ClaimKind::correctness_check);
  EXPECT_EQ(declared_claim("zhangoles2001", "comparable-hyperplanes").kind, ClaimKind::claim);
  // An id with a placeholder: one declaration for the Reuters and the RCV1 run of the same code;
  // the criterion's bound is declared with the claim and fills its placeholder in the text.
  const DeclaredClaim r =
      declared_claim("mlrcg2003", "mlr-error-as-svm{suffix}",
                     TextArgs().set("suffix", "-rcv1").set("collection", "RCV1"));
  EXPECT_EQ(r.id, "mlr-error-as-svm-rcv1");
  EXPECT_EQ(r.claim,
            "RCV1: 200 CG steps are enough: MLR-CG's test error rates are those of the SVM "
            "(criterion: within 0.3 points on every category)");
  EXPECT_EQ(r.bound("tolerance"), 0.3);
  EXPECT_THROW(r.bound("slack"), ConfigError);
  // Every placeholder of a bound is filled, wherever it stands ("{percent}%").
  EXPECT_NE(declared_claim("zhangoles2001", "primal-converges-faster-lambda0")
                .claim.find("in more than 90% of the categories"),
            std::string::npos);
  // The claim as a result file holds it, decided by its comparisons.
  const Claim tested =
      tested_claim(c, {exact_comparison("x", 1, 0, true)}, "the numbers that decide it");
  EXPECT_EQ(tested.id, c.id);
  EXPECT_EQ(tested.claim, c.claim);
  EXPECT_EQ(tested.kind, ClaimKind::correctness_check);
  EXPECT_EQ(tested.verdict(), Verdict::holds);
}

TEST(DeclaredTexts, AWrongClaimDeclarationIsRefusedWhenTheFileIsRead) {
  const Json good = {{"claim", "c"}};
  EXPECT_EQ(parse_error(paper_with(Json::object(), {{"c1", good}})), "");
  EXPECT_NE(parse_error(paper_with(Json::object(), {{"c1", {{"kind", "claim"}}}}))
                .find("/claims/c1: a claim needs \"claim\""),
            std::string::npos);
  EXPECT_NE(parse_error(paper_with(Json::object(), {{"c1", {{"claim", "c"}, {"kind", "check"}}}}))
                .find("/claims/c1/kind: must be \"claim\" | \"correctness_check\" (is \"check\")"),
            std::string::npos);
  EXPECT_NE(
      parse_error(paper_with(Json::object(), {{"c1", {{"claim", "c"}, {"bounds", {{"x", "1"}}}}}}))
          .find("/claims/c1/bounds/x: must be number (is \"1\")"),
      std::string::npos);
  Json twice = paper_with(Json::object(), {{"c1", good}});
  twice["experiments"]["table5"] = twice["experiments"]["table2"];
  EXPECT_NE(parse_error(twice).find("claim \"c1\" is declared twice"), std::string::npos);
  EXPECT_NE(error_of([] {
              declared_claim("zhangoles2001", "no-such-claim");
            }).find("claim \"no-such-claim\" of zhangoles2001 is not declared"),
            std::string::npos);
}

}  // namespace
}  // namespace linrepro
