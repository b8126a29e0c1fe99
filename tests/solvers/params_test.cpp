#include "solvers/params.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <type_traits>

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

// A declaration like a solver's: one parameter of every type.
std::vector<ParamDecl> decls() {
  return {number_param("x", 0.5, "any finite number"),
          positive_param("tol", 1e-3, "a tolerance"),
          non_negative_param("eps", 0.0, "a width"),
          integer_param("max_iter", 100, 2, "a count"),
          boolean_param("shrinking", true, "a switch"),
          choice_param("loss", "hinge", {"hinge", "squared_hinge"}, "a choice"),
          string_param("path", "", "a name"),
          without_default(positive_param("C", nullptr, "a cost"), "lambda applies")};
}

TEST(ParamReader, DefaultsComeFromTheDeclaration) {
  const Params none;  // null: all defaults
  ParamReader r(none, "smo", decls());
  EXPECT_EQ(r.number("x"), 0.5);
  EXPECT_EQ(r.number("tol"), 1e-3);
  EXPECT_EQ(r.integer("max_iter"), 100);
  EXPECT_EQ(r.boolean("shrinking"), true);
  EXPECT_EQ(r.text("loss"), "hinge");
  EXPECT_EQ(r.text("path"), "");
  EXPECT_EQ(r.optional_number("C"), std::nullopt);
  EXPECT_FALSE(r.has("tol"));
  EXPECT_NO_THROW(r.finish());

  const Params some = {{"tol", 0.5}, {"C", 2}, {"max_iter", 7}, {"path", "a"}};
  ParamReader s(some, "smo", decls());
  EXPECT_TRUE(s.has("tol"));
  EXPECT_EQ(s.number("tol"), 0.5);
  EXPECT_EQ(s.optional_number("C"), 2.0);
  EXPECT_EQ(s.integer("max_iter"), 7);
  EXPECT_EQ(s.text("path"), "a");
  EXPECT_NO_THROW(s.finish());
}

TEST(ParamReader, TypeErrorsNameSolverAndKey) {
  const Params p = {{"x", "small"}, {"max_iter", 2.5},    {"shrinking", "yes"}, {"tol", 0},
                    {"eps", -1},    {"loss", "absolute"}, {"path", 3},          {"C", -2}};
  ParamReader r(p, "smo", decls());
  expect_config_error([&] { r.number("x"); }, {"smo", "'x'", "must be a number", "\"small\""});
  expect_config_error([&] { r.integer("max_iter"); }, {"'max_iter'", "must be an integer", "2.5"});
  expect_config_error([&] { r.boolean("shrinking"); }, {"'shrinking'", "true/false"});
  expect_config_error([&] { r.number("tol"); }, {"'tol'", "must be > 0"});
  expect_config_error([&] { r.number("eps"); }, {"'eps'", "must be >= 0", "-1"});
  expect_config_error([&] { r.text("loss"); },
                      {"'loss'", "one of {hinge, squared_hinge}", "\"absolute\""});
  expect_config_error([&] { r.text("path"); }, {"'path'", "must be a string"});
  expect_config_error([&] { r.optional_number("C"); }, {"'C'", "must be > 0"});
  const Params small = {{"max_iter", 1}}, nan = {{"x", std::nan("")}};
  ParamReader s(small, "smo", decls());
  expect_config_error([&] { s.integer("max_iter"); }, {"'max_iter'", "must be >= 2", "1"});
  ParamReader t(nan, "smo", decls());
  expect_config_error([&] { t.number("x"); }, {"'x'", "not finite"});
}

TEST(ParamReader, BooleanAcceptsZeroAndOne) {
  const std::vector<ParamDecl> d = {boolean_param("a", false, ""), boolean_param("b", true, ""),
                                    boolean_param("c", false, ""), boolean_param("d", false, "")};
  const Params p = {{"a", true}, {"b", 0}, {"c", 1}, {"d", 2}};
  ParamReader r(p, "s", d);
  EXPECT_TRUE(r.boolean("a"));
  EXPECT_FALSE(r.boolean("b"));
  EXPECT_TRUE(r.boolean("c"));
  expect_config_error([&] { r.boolean("d"); }, {"'d'"});
}

TEST(ParamReader, ChoiceReturnsAllowedValue) {
  const Params p = {{"loss", "squared_hinge"}};
  ParamReader r(p, "s", decls());
  EXPECT_EQ(r.text("loss"), "squared_hinge");
}

TEST(ParamReader, UnknownKeyNamedWithTheDeclaredOnes) {
  const std::vector<ParamDecl> d = {positive_param("lambda", 1e-4, ""),
                                    integer_param("max_iter", 100, 0, "")};
  const Params p = {{"lambda", 0.1}, {"lamda", 0.2}};
  ParamReader r(p, "mlr-cg", d);
  r.number("lambda");
  expect_config_error([&] { r.finish(); },
                      {"mlr-cg", "unknown parameter 'lamda'", "known: lambda, max_iter"});
  // A declared key the solver did not read with the others given is not silently ignored.
  const Params q = {{"max_iter", 3}};
  ParamReader s(q, "mlr-cg", d);
  s.number("lambda");
  expect_config_error([&] { s.finish(); }, {"mlr-cg", "'max_iter'", "not used"});
}

// What the solver code gets wrong is a logic_error, never a user's ConfigError.
TEST(ParamReader, ReadingOutsideTheDeclarationIsAProgrammingError) {
  const Params none;
  ParamReader r(none, "smo", decls());
  EXPECT_THROW(r.number("lambda"), std::logic_error);        // not declared
  EXPECT_THROW(r.integer("tol"), std::logic_error);          // declared as a number
  EXPECT_THROW(r.text("shrinking"), std::logic_error);       // declared as a boolean
  EXPECT_THROW(r.number("C"), std::logic_error);             // no default: optional_number
  EXPECT_THROW(r.optional_number("tol"), std::logic_error);  // has a default: number
  EXPECT_FALSE((std::is_base_of_v<std::logic_error, ConfigError>));
}

TEST(ParamDecl, InconsistentDeclarationsRejected) {
  EXPECT_NO_THROW(check_declarations(decls(), "s"));
  EXPECT_THROW(check_declarations({positive_param("a", 1, ""), positive_param("a", 2, "")}, "s"),
               std::logic_error);
  EXPECT_THROW(check_declarations({positive_param("a", 0, "")}, "s"), std::logic_error);
  EXPECT_THROW(check_declarations({integer_param("k", 1, 2, "")}, "s"), std::logic_error);
  EXPECT_THROW(check_declarations({integer_param("k", 2.5, 0, "")}, "s"), std::logic_error);
  EXPECT_THROW(check_declarations({choice_param("c", "x", {"a", "b"}, "")}, "s"), std::logic_error);
  EXPECT_THROW(check_declarations({boolean_param("b", true, ""), number_param("n", "1", "")}, "s"),
               std::logic_error);
}

TEST(ParamDecl, ListingTexts) {
  const auto d = decls();
  EXPECT_EQ(d[1].type_text(), "number > 0");
  EXPECT_EQ(d[3].type_text(), "integer >= 2");
  EXPECT_EQ(d[5].type_text(), "one of {hinge, squared_hinge}");
  EXPECT_EQ(d[1].default_text(), "0.001");
  EXPECT_EQ(d[4].default_text(), "true");
  EXPECT_EQ(d[5].default_text(), "\"hinge\"");
  EXPECT_EQ(d[7].default_text(), "none");
  EXPECT_EQ(d[7].no_default, "lambda applies");
}

TEST(ParamReadRecorder, RecordsEveryValueHandedOut) {
  ParamReadRecorder recorder;
  EXPECT_THROW(ParamReadRecorder second, std::logic_error);  // one at a time
  const Params p = {{"tol", 0.5}};
  ParamReader r(p, "smo", decls());
  r.number("tol");
  r.integer("max_iter");
  r.optional_number("C");
  const std::vector<ParamRead> reads = recorder.take();
  ASSERT_EQ(reads.size(), 3u);
  EXPECT_EQ(reads[0].solver, "smo");
  EXPECT_EQ(reads[0].key, "tol");
  EXPECT_EQ(reads[0].value, 0.5);
  EXPECT_FALSE(reads[0].from_default);
  EXPECT_EQ(reads[1].value, 100);
  EXPECT_TRUE(reads[1].from_default);
  EXPECT_TRUE(reads[2].value.is_null());
  EXPECT_TRUE(recorder.take().empty());
}

TEST(ParamReader, NonObjectParamsRejected) {
  const Params array = Params::array({1, 2}), number = 3;
  expect_config_error([&] { ParamReader r(array, "smo", decls()); }, {"smo", "JSON object"});
  expect_config_error([&] { ParamReader r(number, "smo", decls()); }, {"JSON object"});
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
  ParamReader r(p, "s", {integer_param("max_iter", 1, 0, ""), positive_param("lambda", 1, "")});
  EXPECT_EQ(r.integer("max_iter"), 100);
  EXPECT_EQ(r.number("lambda"), 1e-4);

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
  ParamReader r(p, "smo", decls());
  try {
    r.integer("max_iter");
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
  ParamReader ok(Params{{"max_iter", 2147483647}}, "smo", decls());
  EXPECT_EQ(ok.integer("max_iter"), 2147483647);
}

}  // namespace
}  // namespace linrepro
