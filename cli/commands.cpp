#include "cli/commands.h"

#include <fmt/format.h>

namespace linrepro::cli {
int run(int, char**) {
  fmt::print("linrepro: placeholder\n");
  return 0;
}
}  // namespace linrepro::cli
