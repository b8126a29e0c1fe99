#pragma once
// How the protocol tests expect a malformed declaration to be refused.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "harness/language/declared_protocol.h"

namespace linrepro::testing {

// parse_protocol(j) throws a ConfigError whose message contains `what` and the declaration's place.
inline void expect_protocol_refused(const Json& j, const std::string& what) {
  try {
    parse_protocol(j, "f (x/y)");
    ADD_FAILURE() << "accepted; expected: " << what;
  } catch (const ConfigError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(what), std::string::npos) << m;
    EXPECT_NE(m.find("f (x/y) protocol"), std::string::npos) << m;
  }
}

}  // namespace linrepro::testing
