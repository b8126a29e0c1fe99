#pragma once
// The checks of an experiment's declared texts (experiments/<paper>/experiments.json): its
// "claims" with their "tests" and its "ablations" (harness/language/declared_texts.h reads them;
// harness/protocol/claim_comparisons.h decides the tests). A malformed entry is a ConfigError
// naming the file, the experiment and the entry.
#include <string>

#include "harness/results/result_schema.h"

namespace linrepro {

// A test's bound that each group's measure gives itself (a bound that differs per category).
inline constexpr const char* kMeasuredBound = "measured";

// Check an experiment's "claims" and "ablations" objects (where: the file and experiment).
void check_declared_claims(const Json& claims, const std::string& where);
void check_declared_ablations(const Json& ablations, const std::string& where);

// Checks an experiment's declared "tests" of one claim (`bounds`: the claim's declared bounds).
void check_declared_tests(const Json& tests, const Json& bounds, const std::string& at);

}  // namespace linrepro
