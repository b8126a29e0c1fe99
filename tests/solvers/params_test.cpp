#include "solvers/params.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"

namespace linrepro {
namespace {

// Runs `f` expecting a ConfigError whose message contains every one of `parts`.
template <class F>
void expect_config_error(F&& f, std::initializer_list<std::string> parts) {
  try {
    f();
    ADD_FAILURE() << "expected ConfigError";
  } catch (const ConfigError& e) {
    for (const auto& part : parts)
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
          << e.what() << "\n missing: " << part;
  }
}

TEST(ParamReader, DefaultsWhenNullOrAbsent) {
  const Params none;  // null: all defaults
  ParamReader r(none, "smo");
  EXPECT_EQ(r.number("tol", 1e-3), 1e-3);
  EXPECT_EQ(r.integer("max_iter", 100), 100);
  EXPECT_EQ(r.boolean("shrinking", true), true);
  EXPECT_EQ(r.choice("loss", "hinge", {"hinge", "squared_hinge"}), "hinge");
  EXPECT_FALSE(r.has("tol"));
  EXPECT_NO_THROW(r.finish());

  const Params some = {{"tol", 0.5}};
  ParamReader s(some, "smo");
  EXPECT_TRUE(s.has("tol"));
  EXPECT_EQ(s.number("tol", 1e-3), 0.5);
  EXPECT_EQ(s.positive("eps", 2.0), 2.0);
  EXPECT_NO_THROW(s.finish());
}

TEST(ParamReader, TypeErrorsNameSolverAndKey) {
  const Params p = {{"tol", "small"}, {"max_iter", 2.5}, {"shrinking", "yes"}, {"lambda", 0},
                    {"eps", -1},      {"min_iter", 1},   {"loss", "absolute"}, {"x", std::nan("")}};
  ParamReader r(p, "smo");
  expect_config_error([&] { r.number("tol", 0); },
                      {"smo", "'tol'", "must be a number", "\"small\""});
  expect_config_error([&] { r.integer("max_iter", 1); },
                      {"'max_iter'", "must be an integer", "2.5"});
  expect_config_error([&] { r.integer("min_iter", 5, 2); }, {"'min_iter'", "must be >= 2", "1"});
  expect_config_error([&] { r.boolean("shrinking", true); }, {"'shrinking'", "true/false"});
  expect_config_error([&] { r.positive("lambda", 1); }, {"'lambda'", "must be > 0"});
  expect_config_error([&] { r.non_negative("eps", 1); }, {"'eps'", "must be >= 0", "-1"});
  expect_config_error(
      [&] {
        r.choice("loss", "hinge", {"hinge", "squared_hinge"});
      },
      {"'loss'", "one of {hinge, squared_hinge}", "\"absolute\""});
  expect_config_error([&] { r.number("x", 0); }, {"'x'", "not finite"});
}

TEST(ParamReader, BooleanAcceptsZeroAndOne) {
  const Params p = {{"a", true}, {"b", 0}, {"c", 1}, {"d", 2}};
  ParamReader r(p, "s");
  EXPECT_TRUE(r.boolean("a", false));
  EXPECT_FALSE(r.boolean("b", true));
  EXPECT_TRUE(r.boolean("c", false));
  expect_config_error([&] { r.boolean("d", false); }, {"'d'"});
}

TEST(ParamReader, ChoiceReturnsAllowedValue) {
  const Params p = {{"loss", "squared_hinge"}, {"n", 3}};
  ParamReader r(p, "s");
  EXPECT_EQ(r.choice("loss", "hinge", {"hinge", "squared_hinge"}), "squared_hinge");
  expect_config_error([&] { r.choice("n", "a", {"a"}); }, {"'n'", "one of {a}"});
}

TEST(ParamReader, UnknownKeyNamedWithTheKnownOnes) {
  const Params p = {{"lambda", 0.1}, {"lamda", 0.2}};
  ParamReader r(p, "mlr-cg");
  r.positive("lambda", 1e-4);
  r.integer("max_iter", 100);
  expect_config_error([&] { r.finish(); },
                      {"mlr-cg", "unknown parameter 'lamda'", "known: lambda, max_iter"});
}

TEST(ParamReader, NonObjectParamsRejected) {
  const Params array = Params::array({1, 2}), number = 3;
  expect_config_error([&] { ParamReader r(array, "smo"); }, {"smo", "JSON object"});
  expect_config_error([&] { ParamReader r(number, "smo"); }, {"JSON object"});
}

TEST(SetParamFromText, NumbersBooleansAndStrings) {
  Params p;  // null becomes an object
  set_param_from_text(p, "lambda=1e-4");
  set_param_from_text(p, "max_iter=100");
  set_param_from_text(p, "n=-5");
  set_param_from_text(p, "C=1.0");
  set_param_from_text(p, "shrinking=false");
  set_param_from_text(p, "loss=squared_hinge");
  set_param_from_text(p, "path=a=b");
  set_param_from_text(p, "empty=");
  ASSERT_TRUE(p.is_object());
  EXPECT_TRUE(p["lambda"].is_number_float());
  EXPECT_EQ(p["lambda"].get<double>(), 1e-4);
  EXPECT_TRUE(p["max_iter"].is_number_integer());
  EXPECT_EQ(p["max_iter"].get<int64_t>(), 100);
  EXPECT_EQ(p["n"].get<int64_t>(), -5);
  EXPECT_TRUE(p["C"].is_number_float());  // written with a '.', so the user meant a real number
  EXPECT_EQ(p["C"].get<double>(), 1.0);
  EXPECT_TRUE(p["shrinking"].is_boolean());
  EXPECT_FALSE(p["shrinking"].get<bool>());
  EXPECT_EQ(p["loss"], "squared_hinge");
  EXPECT_EQ(p["path"], "a=b");  // split at the first '='
  EXPECT_EQ(p["empty"], "");
  // An integer given on the command line reads back as a number and as an integer.
  ParamReader r(p, "s");
  EXPECT_EQ(r.integer("max_iter", 1), 100);
  EXPECT_EQ(r.number("lambda", 1), 1e-4);

  set_param_from_text(p, "max_iter=7");  // later assignments win
  EXPECT_EQ(p["max_iter"].get<int64_t>(), 7);
}

TEST(SetParamFromText, MalformedAssignmentsRejected) {
  Params p;
  expect_config_error([&] { set_param_from_text(p, "lambda"); }, {"'lambda'", "key=value"});
  expect_config_error([&] { set_param_from_text(p, "=3"); }, {"'=3'", "key=value"});
}

}  // namespace
}  // namespace linrepro

namespace linrepro {
namespace {

// -p max_iter=1e20 used to be converted to int64 (UB) and then narrowed: now a named error.
TEST(ParamReader, HugeIntegerIsRejectedNotConverted) {
  Params p = Params::object();
  set_param_from_text(p, "max_iter=1e20");
  ParamReader r(p, "smo");
  try {
    r.integer("max_iter", 100);
    FAIL() << "1e20 accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'max_iter' must be <= 2147483647"), std::string::npos)
        << e.what();
  }
  // Found by fuzz/fuzz_params: invalid UTF-8 made the later error message itself throw.
  Params q = Params::object();
  try {
    set_param_from_text(q, "max_iter=\xd3g20");
    FAIL() << "accepted a non-ASCII value";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'max_iter=\\xd3g20' has a byte that is not printable"),
              std::string::npos)
        << e.what();
  }
  ParamReader ok(Params{{"max_iter", 2147483647}}, "smo");
  EXPECT_EQ(ok.integer("max_iter", 1), 2147483647);
}

}  // namespace
}  // namespace linrepro
