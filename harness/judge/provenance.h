#pragma once
// Whether a result document says unambiguously which code produced it. A committed reference
// (results/<paper>/fast/*.json) is only as good as that: numbers recorded from a tree with
// uncommitted changes, or runs computed at several commits (a resumed file), cannot be traced
// back to one commit, so `linrepro regress` warns about them.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace linrepro {

// One readable warning per defect (empty: clean): the environment's git_dirty is true; no git
// commit is recorded; the runs (their git_commit, or the file's mixed_commits) come from more
// than one commit, or from another commit than the environment's.
std::vector<std::string> provenance_warnings(const nlohmann::json& doc);

}  // namespace linrepro
