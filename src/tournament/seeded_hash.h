#pragma once

// Deterministic pseudo-random numbers from a seed and a few integers (SplitMix64's finaliser):
// the same on every platform and standard library, unlike std::uniform_int_distribution, so a
// pairing pinned in a test stays pinned.

#include <cstdint>

namespace tengen::tournament {

constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

constexpr std::uint64_t seededHash(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0) {
  return mix64(mix64(mix64(seed) ^ a) ^ b);
}

}  // namespace tengen::tournament
