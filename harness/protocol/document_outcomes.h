#pragma once
// Per-document outcomes of a run on its test set (issue 27 item 3): whether each test document was
// classified correctly, so that two methods measured on the same documents are compared by a
// paired test (metrics/paired_bootstrap.h) rather than by their accuracies alone. Stored in the
// run's extra as a hex string, four documents a digit (document 4k + j is bit j of digit k), so a
// 7,532-document test set costs 1,883 characters.
#include <cstdint>
#include <string>
#include <vector>

#include "harness/results/claim_verdict.h"
#include "harness/results/result_schema.h"

namespace linrepro {

std::string outcomes_to_hex(const std::vector<uint8_t>& correct);
// Throws ConfigError when the text is not hex or does not hold exactly n documents.
std::vector<uint8_t> outcomes_from_hex(const std::string& hex, size_t n);

// 1 where truth[i] == predicted[i]. Throws ConfigError when the lengths differ.
std::vector<uint8_t> correct_outcomes(const std::vector<int32_t>& truth,
                                      const std::vector<int32_t>& predicted);

// The outcomes stored under extra[field] of a run whose metrics hold their count under `rows`;
// throws ConfigError naming the run and the field when they are missing (a run stored before the
// field existed: rerun it with --force).
std::vector<uint8_t> run_outcomes(const RunRecord& run, const std::string& field = "test_correct",
                                  const std::string& rows = "test_rows");

// The mean over pairs (a_k, b_k) of accuracy(a_k) - accuracy(b_k), each pair on its own test set
// (a sweep's points), the pairs resampled independently.
ClaimComparison mean_run_accuracy_comparison(
    std::string what, const std::vector<std::pair<const RunRecord*, const RunRecord*>>& pairs,
    double bound, bool above);

}  // namespace linrepro
