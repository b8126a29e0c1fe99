// "{$name}" in a declared text (a cell's note, a protocol claim's args: protocol_cells.h
// with_declared_values): the declared value as the note prints it, an error naming a value that is
// not declared.
#include <gtest/gtest.h>

#include "core/error.h"
#include "harness/protocol/protocol_cells.h"

namespace linrepro {
namespace {

TEST(DeclaredValues, EachPlaceholderIsItsValueAndAnUndeclaredOneIsAnError) {
  const Json values = {{"categories", 10}, {"eps", 1e-6}, {"name", "CCAT"}};
  EXPECT_EQ(with_declared_values("the {$categories} largest, eps {$eps}, {$name}; {x}", values),
            "the 10 largest, eps 1e-06, CCAT; {x}");
  try {
    (void)with_declared_values("the {$categorys} largest", values);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "\"{$categorys}\" names no declared value");
  }
}

}  // namespace
}  // namespace linrepro
