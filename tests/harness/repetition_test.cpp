// Repetition in a declaration (harness/language/repetition.h): "for_each" on an element of a list
// stands for one element per binding, with "$name" and "{$name}" replaced; what cannot be meant
// (a binding that shadows a declared value among them) is refused with the path.
#include "harness/language/repetition.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/error.h"

namespace linrepro {
namespace {

std::string expansion_error(const Json& j) {
  try {
    expand_repetitions(j, "f.json");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(Repetition, AnObjectOfListsIsEveryCombinationInOrder) {
  const Json j = Json::parse(R"({"methods": [
      {"name": "first"},
      {"for_each": {"draw": [1, 2], "m": ["smo", "mlr"]}, "name": "draw{$draw}/{$m}",
       "data": {"draw": "$draw"}, "key": "{class}/{task}/$lambda"}]})");
  const Json expected = Json::parse(R"({"methods": [
      {"name": "first"},
      {"name": "draw1/smo", "data": {"draw": 1}, "key": "{class}/{task}/$lambda"},
      {"name": "draw1/mlr", "data": {"draw": 1}, "key": "{class}/{task}/$lambda"},
      {"name": "draw2/smo", "data": {"draw": 2}, "key": "{class}/{task}/$lambda"},
      {"name": "draw2/mlr", "data": {"draw": 2}, "key": "{class}/{task}/$lambda"}]})");
  EXPECT_EQ(expand_repetitions(j, "f.json"), expected);
}

TEST(Repetition, AListOfBindingsIsEachInTurnAndInnerRepetitionsSeeOuterNames) {
  const Json j = Json::parse(R"([
      {"for_each": [{"c": "univ-6", "row": "Univ-6"}, {"c": "hoovers-28", "row": "Hoovers-28"}],
       "class": "$row", "args": {"collection": "{$c}"},
       "rows": [{"for_each": {"draw": [1, 2]}, "row": "{$row} draw {$draw}"}]}])");
  const Json out = expand_repetitions(j, "f.json");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1]["class"], "Hoovers-28");
  EXPECT_EQ(out[1]["args"]["collection"], "hoovers-28");
  EXPECT_EQ(out[1]["rows"], Json::parse(R"([{"row": "Hoovers-28 draw 1"},
                                             {"row": "Hoovers-28 draw 2"}])"));
}

TEST(Repetition, WhatCannotBeMeantIsRefusedWithItsPath) {
  EXPECT_EQ(expansion_error(Json::parse(R"({"a": {"for_each": {"x": [1]}, "v": "$x"}})")),
            "f.json: /a: \"for_each\" repeats an element of a list; this is not one");
  EXPECT_EQ(expansion_error(Json::parse(R"({"a": [{"for_each": {"x": [1, 2]}, "v": 3}]})")),
            "f.json: /a/0: \"for_each\" binds \"x\", which the element never uses");
  EXPECT_EQ(expansion_error(Json::parse(R"({"a": [{"for_each": {"x": []}, "v": "$x"}]})")),
            "f.json: /a/0: \"for_each\": \"x\" must be a non-empty list");
  EXPECT_EQ(expansion_error(Json::parse(R"({"a": [{"for_each": 3, "v": "$x"}]})")),
            "f.json: /a/0: \"for_each\" is an object of names and lists of values, or a list of "
            "objects");
  EXPECT_EQ(expansion_error(Json::parse(R"({"a": [{"for_each": {"a b": [1]}, "v": "$x"}]})")),
            "f.json: /a/0: \"for_each\" binds \"a b\", not a name");
}

TEST(Repetition, ABindingMayNotShadowAValueTheProtocolDeclares) {
  // "$lambda" in the method would mean the binding or the protocol's value: refused.
  const Json shadow = Json::parse(R"({"protocol": {"values": {"lambda": 0.1}, "datasets": [],
      "methods": [{"for_each": {"lambda": [1, 2]}, "params": {"lambda": "$lambda"}}]}})");
  EXPECT_EQ(expansion_error(shadow),
            "f.json: /protocol/methods/0: \"for_each\" binds \"lambda\", a value the protocol "
            "declares: \"$lambda\" would mean either");
  for (const char* declared :
       {R"("supplied": ["epochs"])", R"("datasets": [{"values": {"epochs": 2}}])"}) {
    const Json j = Json::parse(fmt::format(
        R"({{"datasets": [], {}, "methods": [{{"for_each": {{"epochs": [1]}}, "e": "$epochs"}}]}})",
        declared));
    EXPECT_NE(expansion_error(j).find("binds \"epochs\", a value the protocol declares"),
              std::string::npos)
        << declared;
  }
  // "n", the training rows, is always a value; outside a protocol a name is free.
  EXPECT_NE(expansion_error(Json::parse(
                R"({"datasets": [], "methods": [{"for_each": {"n": [1]}, "e": "$n"}]})")),
            "");
  EXPECT_EQ(
      expansion_error(Json::parse(R"({"rows": [{"for_each": {"lambda": [1]}, "v": "$lambda"}]})")),
      "");
}

}  // namespace
}  // namespace linrepro
