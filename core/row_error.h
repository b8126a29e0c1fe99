#pragma once
// A problem with one row of a matrix, found after reading it (by a solver, say). The solver knows
// the row, not the file: whoever read the file turns it into a DataError at that row's line
// (LibsvmData::lines), so the user sees "file:line: cause" as for any malformed input.
#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "core/error.h"

namespace linrepro {

struct RowError : ConfigError {
  RowError(int64_t row, const std::string& cause)
      : ConfigError(fmt::format("row {}: {}", row + 1, cause)), row(row), cause(cause) {}
  int64_t row;        // 0-based; the message counts from 1, as line numbers do
  std::string cause;  // without the row
};

}  // namespace linrepro
