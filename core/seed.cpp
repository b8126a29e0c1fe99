#include "core/seed.h"

namespace linrepro {

uint64_t derive_seed(uint64_t parent, std::string_view name) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a offset basis
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;  // FNV prime
  }
  uint64_t z = h ^ (parent + 0x9e3779b97f4a7c15ull);  // splitmix64 finaliser
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace linrepro
