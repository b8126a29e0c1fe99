#pragma once
// The README's "Status of the reference run" table, generated from results/comparison.json so it
// cannot go stale: `linrepro compare` rewrites the text between the two markers in README.md, and
// a test (tests/harness/status_table_test.cpp) fails when the committed README and the committed
// comparison.json disagree.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace linrepro {

inline constexpr const char* kStatusTableBegin = "<!-- status-table:begin -->";
inline constexpr const char* kStatusTableEnd = "<!-- status-table:end -->";

// The block between the markers (newline first and last): one row per paper of the comparison's
// summary: paper | input | within | outside | not run | data unavailable | claims (hold / do not
// hold / indistinguishable) | the ids of the claims (and correctness checks) that do not hold.
std::string render_status_table(const nlohmann::json& comparison);

// The text between the markers, or nullopt when either marker is missing or they are out of order.
std::optional<std::string> status_table_block(const std::string& readme);

// `readme` with the text between the markers replaced by `block`. Throws ConfigError when the
// markers are missing.
std::string replace_status_table(const std::string& readme, const std::string& block);

// Rewrites the block in `readme` (atomically) when the file has the markers; returns whether it
// did. A README without markers is left alone.
bool update_status_table(const std::filesystem::path& readme, const nlohmann::json& comparison);

// "" when the block in `readme` is the table rendered from `comparison_json`, else what differs
// (the first differing line of each, or the missing markers). Throws DataError for an unreadable
// file.
std::string check_status_table(const std::filesystem::path& readme,
                               const std::filesystem::path& comparison_json);

}  // namespace linrepro
