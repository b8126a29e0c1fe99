#pragma once
// Every random choice takes an explicit seed. Seeds for sub-tasks are derived by hashing names
// (benchopt's idea), so adding a run never changes another run's randomness.
#include <cstdint>
#include <random>
#include <string_view>

namespace linrepro {

using Rng = std::mt19937_64;

// FNV-1a 64-bit of the text, mixed with the parent seed (splitmix64 finaliser).
uint64_t derive_seed(uint64_t parent, std::string_view name);

}  // namespace linrepro
