#include "harness/protocol/claim_comparisons.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/error.h"
#include "harness/language/declaration_checks.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/timing_rounds.h"

namespace linrepro {

namespace {

constexpr const char* kEachLater = "each later a";

struct Side {
  double bound;
  bool above, strict;
};

// A declared bound: a number, or a bound of the claim by name, "-name" for its negative; NaN for
// "measured" (the measure's own, kMeasuredBound).
double bound_of(const Json& bound, const DeclaredClaim& claim) {
  if (bound.is_number()) return bound.get<double>();
  const std::string name = bound.get<std::string>();
  if (name == kMeasuredBound) return std::nan("");
  return name.starts_with('-') ? -claim.bound(name.substr(1)) : claim.bound(name);
}

std::vector<std::string> names_of(const Json& j) {
  if (j.is_string()) return {j.get<std::string>()};
  return j.get<std::vector<std::string>>();
}

// A test's (side, bound) in turn; "within" is two.
std::vector<Side> sides_of(const Json& test, const DeclaredClaim& claim) {
  const Json& bound = test.at("bound");
  const std::vector<std::string> side = names_of(test.at("side"));
  std::vector<Side> out;
  for (size_t i = 0; i < side.size(); ++i) {
    const double b = bound_of(bound.is_array() ? bound.at(i) : bound, claim);
    if (side[i] == "within") {
      out.push_back({-b, true, false});
      out.push_back({b, false, false});
    } else {
      out.push_back({b, side[i][0] == '>', side[i].size() == 1});
    }
  }
  return out;
}

// The (a, b) pairs of a test in order: a first; b empty where the measure reads a alone.
std::vector<std::pair<std::string, std::string>> pairs_of(const Json& test) {
  const std::vector<std::string> a = names_of(test.at("a"));
  std::vector<std::pair<std::string, std::string>> out;
  if (!test.contains("b")) {
    for (const auto& x : a) out.emplace_back(x, "");
  } else if (test.at("b") == kEachLater) {
    for (size_t i = 0; i < a.size(); ++i)
      for (size_t j = i + 1; j < a.size(); ++j) out.emplace_back(a[i], a[j]);
  } else {
    for (const auto& x : a)
      for (const auto& y : names_of(test.at("b"))) out.emplace_back(x, y);
  }
  return out;
}

std::string what_of(const std::string& text, const std::string& a, const std::string& b,
                    const std::string& measure, const std::string& group) {
  return fmt::format(fmt::runtime(text), fmt::arg("a", a), fmt::arg("b", b),
                     fmt::arg("measure", measure), fmt::arg("group", group));
}

const RunRecord* run_named(const std::map<std::string, const RunRecord*>& runs,
                           const std::string& name) {
  const auto it = runs.find(name);
  return it == runs.end() ? nullptr : it->second;
}

// a - b in accuracy points (or error points: `error`) over the per-document outcomes `field`.
ClaimMeasure outcome_measure(const std::map<std::string, const RunRecord*>& runs, bool error,
                             std::string field, std::string rows) {
  return [&runs, error, field, rows](std::string what, const std::string& a, const std::string& b,
                                     double bound, bool above,
                                     bool strict) -> std::optional<ClaimComparison> {
    const RunRecord *ra = run_named(runs, a), *rb = run_named(runs, b);
    if (!ra || !rb) return std::nullopt;
    const auto oa = run_outcomes(*ra, field, rows), ob = run_outcomes(*rb, field, rows);
    ClaimComparison c =
        error ? accuracy_comparison(std::move(what), ob, oa, bound, above, kClaimBootstrapSeed)
              : accuracy_comparison(std::move(what), oa, ob, bound, above, kClaimBootstrapSeed);
    c.strict = strict;
    if (field == "train_correct") c.test = bootstrap_test_name(oa.size(), "training documents");
    return c;
  };
}

}  // namespace

ClaimMeasures run_measures(const std::map<std::string, const RunRecord*>& runs) {
  ClaimMeasures m;
  m["accuracy"] = outcome_measure(runs, false, "test_correct", "test_rows");
  m["train_accuracy"] = outcome_measure(runs, false, "train_correct", "train_rows");
  m["error"] = outcome_measure(runs, true, "test_correct", "test_rows");
  m["train_error"] = outcome_measure(runs, true, "train_correct", "train_rows");
  m["time_ratio"] = [&runs](std::string what, const std::string& a, const std::string& b,
                            double bound, bool above,
                            bool strict) -> std::optional<ClaimComparison> {
    const RunRecord *ra = run_named(runs, a), *rb = run_named(runs, b);
    if (!ra || !rb) return std::nullopt;
    ClaimComparison c = time_ratio_comparison(std::move(what), *ra, *rb, bound, above);
    c.strict = strict;
    return c;
  };
  // A metric no run carries: its runs are not there (a misspelt name leaves the claim undecided,
  // which committed_texts_test.py reports as a declared claim the results never hold).
  m["metric:*"] = [](std::string, const std::string&, const std::string&, double, bool,
                     bool) -> std::optional<ClaimComparison> { return std::nullopt; };
  for (const auto& [name, run] : runs) {
    if (!run) continue;
    for (const auto& [metric, value] : run->metrics.items())
      if (value.is_number())
        m.emplace("metric:" + metric,
                  [&runs, metric](std::string what, const std::string& a, const std::string& b,
                                  double bound, bool above,
                                  bool strict) -> std::optional<ClaimComparison> {
                    const RunRecord *ra = run_named(runs, a),
                                    *rb = b.empty() ? nullptr : run_named(runs, b);
                    if (!ra || !ra->metrics.contains(metric) ||
                        (!b.empty() && (!rb || !rb->metrics.contains(metric))))
                      return std::nullopt;
                    const double value = ra->metrics.at(metric).get<double>() -
                                         (rb ? rb->metrics.at(metric).get<double>() : 0.0);
                    return exact_comparison(std::move(what), value, bound, above, strict);
                  });
  }
  return m;
}

std::optional<std::vector<ClaimComparison>> declared_comparisons(const DeclaredClaim& claim,
                                                                 const ClaimMeasures& measures,
                                                                 const std::string& group) {
  std::vector<ClaimComparison> out;
  for (const Json& test : claim.tests) {
    if (test.contains("groups")) {
      const auto groups = test.at("groups").get<std::vector<std::string>>();
      if (std::none_of(groups.begin(), groups.end(), [&](const std::string& g) {
            return fnmatch(g.c_str(), group.c_str(), 0) == 0;
          }))
        continue;
    }
    std::vector<std::pair<std::string, const ClaimMeasure*>> measure;
    for (const std::string& name : names_of(test.at("measure"))) {
      auto it = measures.find(name);
      if (it == measures.end() && name.starts_with("metric:")) it = measures.find("metric:*");
      if (it == measures.end())
        throw ConfigError(
            fmt::format("claim \"{}\": its test measure \"{}\" is not one its driver measures",
                        claim.id, name));
      measure.emplace_back(name, &it->second);
    }
    const std::vector<Side> sides = sides_of(test, claim);
    const std::string what = test.at("what").get<std::string>();
    for (const auto& [a, b] : pairs_of(test)) {
      std::vector<ClaimComparison> pair;
      for (const auto& [name, m] : measure)
        for (const Side& s : sides)
          if (auto c = (*m)(what_of(what, a, b, name, group), a, b, s.bound, s.above, s.strict)) {
            if (std::isnan(c->bound))
              throw ConfigError(fmt::format(
                  "claim \"{}\": its test measure \"{}\" gives no bound of its own (\"{}\")",
                  claim.id, name, kMeasuredBound));
            pair.push_back(std::move(*c));
          }
      if (pair.size() == measure.size() * sides.size())
        out.insert(out.end(), pair.begin(), pair.end());
      else if (!test.value("optional", false))
        return std::nullopt;
    }
  }
  return out;
}

}  // namespace linrepro
