#pragma once
// Document/row counts of a verified dataset, for the stamp the resolver writes and for
// `linrepro data status`. Kept apart from data_resolver.cpp so that the resolver does not depend
// on the readers (the readers depend on the resolver).
#include <filesystem>
#include <string>

#include "corpora/document.h"

namespace linrepro {

// Runs the dataset's reader on `data_path` (the path resolve() would return) and returns its
// counts; a reader error is returned as {"error": message}, never thrown.
Json count_dataset(const std::string& name, const std::filesystem::path& data_path);

}  // namespace linrepro
