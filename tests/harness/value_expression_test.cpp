// The value expressions of the protocol language (harness/language/value_expression.h): each
// form parses to the term, relation, scale and format it says; what is not one is a ConfigError
// naming the text and what is wrong; every brace of an evidence text is a placeholder (a value
// naming its run, a bound, the task) or a ConfigError.
#include "harness/language/value_expression.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace linrepro {
namespace {

std::string error_of(const std::string& text) {
  try {
    (void)parse_value_expression(text, "f.json (p/e)");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(ValueExpression, EachFormParsesToWhatItSays) {
  ValueExpression e = parse_value_expression("metric:accuracy", "w");
  EXPECT_EQ(e.term.source, ValueTerm::Source::metric);
  EXPECT_EQ(e.term.name, "accuracy");
  EXPECT_EQ(e.term.run, "");
  EXPECT_EQ(e.op, ValueExpression::Op::none);
  EXPECT_EQ(e.scaled(0.5), 0.5);

  e = parse_value_expression("metric:extra.max_memory_bytes@mcsvm|/1e6", "w");
  EXPECT_EQ(e.term.name, "extra.max_memory_bytes");
  EXPECT_EQ(e.term.run, "mcsvm");
  EXPECT_EQ(e.divisor, 1e6);
  EXPECT_EQ(e.scaled(3e6), 3.0);

  e = parse_value_expression("split-mean:accuracy#sd@20ng/k=01000/MCNB in 20ng [bydate]|100", "w");
  EXPECT_EQ(e.term.source, ValueTerm::Source::aggregate);
  EXPECT_EQ(e.term.name, "split-mean:accuracy");
  EXPECT_EQ(e.term.field, "sd");
  EXPECT_EQ(e.term.run, "20ng/k=01000/MCNB");
  EXPECT_EQ(e.term.cls, "20ng [bydate]");  // a data set's name may hold spaces
  EXPECT_EQ(e.scale, 100);

  e = parse_value_expression("combined-micro-f1@mmlr-cg minus combined-micro-f1@smo|100:+.2f", "w");
  EXPECT_EQ(e.op, ValueExpression::Op::minus);
  EXPECT_EQ(e.term.run, "mmlr-cg");
  EXPECT_EQ(e.other.name, "combined-micro-f1");
  EXPECT_EQ(e.other.run, "smo");
  EXPECT_EQ(e.format, "+.2f");

  e = parse_value_expression("metric:train_seconds over metric:train_seconds@mcsvm", "w");
  EXPECT_EQ(e.op, ValueExpression::Op::over);
  EXPECT_EQ(e.term.run, "");
  EXPECT_EQ(e.other.run, "mcsvm");

  e = parse_value_expression("record:sizes.classes", "w");
  EXPECT_EQ(e.term.source, ValueTerm::Source::record);
  EXPECT_EQ(e.term.name, "sizes.classes");

  e = parse_value_expression("$covtype.epochs", "w");
  EXPECT_EQ(e.term.source, ValueTerm::Source::value);
  EXPECT_EQ(e.term.name, "covtype.epochs");

  e = parse_value_expression("micro-bep@clg|:.2f", "w");
  EXPECT_FALSE(e.has_scale);
  EXPECT_EQ(e.format, ".2f");
}

TEST(ValueExpression, WhatIsNotOneIsRefusedWithTheText) {
  EXPECT_EQ(error_of("metric:"), "f.json (p/e): value \"metric:\": \"metric:\" without a name");
  EXPECT_EQ(error_of("accuracy|x"),
            "f.json (p/e): value \"accuracy|x\": the scale \"x\" is not a number (or \"/\" and "
            "a positive one)");
  EXPECT_NE(error_of("accuracy|/0").find("a positive one"), std::string::npos);
  EXPECT_NE(error_of("accuracy|100:q").find("the format \"q\" formats no number"),
            std::string::npos);
  EXPECT_NE(error_of("a@x minus b@y over c@z").find("one \" minus \" or \" over \" at most"),
            std::string::npos);
  EXPECT_NE(error_of("metric:a b@x").find("is not a quantity"), std::string::npos);
  EXPECT_NE(error_of("metric:a@").find("\"@\" without a run"), std::string::npos);
  EXPECT_NE(error_of("metric:a@x in ").find("\" in \" without a data set"), std::string::npos);
  EXPECT_NE(error_of("$lambda@x").find("belongs to no run"), std::string::npos);
  EXPECT_NE(error_of("$a minus metric:b@x").find("not declared ones"), std::string::npos);
  EXPECT_EQ(error_of(""),
            "f.json (p/e): value \"\": \"\" is not a quantity (metric:<name>, "
            "record:<path>, $<value> or an aggregate)");
}

TEST(ValueExpression, EvidencePlaceholdersAreTheBracesThatNameARunOrABound) {
  const std::string text = "{task}: a {metric:error@a|100:.3g}% vs {bound.within}";
  const std::vector<EvidencePlaceholder> found = evidence_placeholders(text, "w");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_TRUE(found[0].task);
  EXPECT_EQ(text.substr(found[1].position, found[1].length), "{metric:error@a|100:.3g}");
  EXPECT_EQ(found[1].value.term.run, "a");
  EXPECT_EQ(found[1].value.format, ".3g");
  EXPECT_EQ(found[2].bound, "within");
  EXPECT_THROW(evidence_placeholders("{metric:e@a|zz}", "w"), ConfigError);
  EXPECT_THROW(evidence_placeholders("{bound.}", "w"), ConfigError);
}

TEST(ValueExpression, AnEvidenceBraceThatIsNoPlaceholderIsRefused) {
  // A value without its run would otherwise stay in the evidence as text.
  try {
    evidence_placeholders("test error {metric:test_error|100:.2f} %", "w");
    FAIL() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(),
                 "w: \"{metric:test_error|100:.2f}\" in its evidence is no placeholder: "
                 "{bound.<name>}, {task}, {class} or a value expression naming its run "
                 "(metric:<name>@<run>)");
  }
  EXPECT_THROW(evidence_placeholders("a {x} b", "w"), ConfigError);
  EXPECT_THROW(evidence_placeholders("a {metric:e@a", "w"), ConfigError);
  EXPECT_THROW(evidence_placeholders("a {metric:{e}@a}", "w"), ConfigError);
}

}  // namespace
}  // namespace linrepro
