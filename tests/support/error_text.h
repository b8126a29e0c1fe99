#pragma once
// The message of what `f` throws, for tests that check what an error says ("(no error)" when it
// throws nothing, so the expectation fails with that text).
#include <exception>
#include <functional>
#include <string>

namespace linrepro::testing {

inline std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace linrepro::testing
