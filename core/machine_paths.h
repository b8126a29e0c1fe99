#pragma once
// Results that travel: a result document, a reference or the page is read on other machines, so
// the absolute paths of this one (where the project, its data mirror and $LINREPRO_DATA are) are
// written as the variables that name them on every machine (core/project_root.h):
// "$LINREPRO_ROOT" for the project root, "$LINREPRO_MIRROR" for the data mirror, "$LINREPRO_DATA"
// for that directory (names, not <tags>: Markdown would hide a tag). A path elsewhere (a user's own
// folder) is left as it is: it is the user's, and nothing else names it.
#include <nlohmann/json.hpp>
#include <string>

namespace linrepro {

// `text` with every occurrence of those directories replaced by their names (the longest first,
// so the mirror beside the root is not read as a path under it).
std::string portable_paths(std::string text);

// The same in every string of `j` (keys stay as they are).
nlohmann::json portable_paths_in(const nlohmann::json& j);

}  // namespace linrepro
