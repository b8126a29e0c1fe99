#pragma once
// FNV-1a 64 over the bytes of values, in the order added: what the tests that pin a solver's
// iterates bit for bit compare (tests/baselines/smo_svm_test.cpp, tests/algorithms/
// pinned_iterates_test.cpp). Any changed bit of any value moves it.
#include <cstdint>
#include <span>
#include <type_traits>

namespace linrepro::testing {

class BitDigest {
 public:
  template <class T>
  BitDigest& add(std::span<const T> values) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const unsigned char*>(values.data());
    for (size_t i = 0; i < values.size_bytes(); ++i) h_ = (h_ ^ p[i]) * 1099511628211ull;
    return *this;
  }
  template <class T>
  BitDigest& add(const T& value) {
    return add(std::span<const T>(&value, 1));
  }
  uint64_t value() const { return h_; }

 private:
  uint64_t h_ = 14695981039346656037ull;  // FNV-1a offset basis
};

}  // namespace linrepro::testing
