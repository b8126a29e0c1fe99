#pragma once
// Errors users see. Every message names the cause; data errors name the file and line.
#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace linrepro {

// Malformed or missing input data: "path:line: what".
struct DataError : std::runtime_error {
  DataError(const std::string& file, long line, const std::string& what)
      : std::runtime_error(line > 0 ? fmt::format("{}:{}: {}", file, line, what)
                                    : fmt::format("{}: {}", file, what)) {}
};

// A parameter or config value that cannot be used: names the field.
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace linrepro
