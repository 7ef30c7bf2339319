#pragma once

#include <cstdint>

namespace tengen::go {

// wyrand: one 64x64->128 multiply per number, fast and statistically sound for playouts;
// never for anything secret.
class Random {
 public:
  explicit Random(std::uint64_t seed = 0x5eed) : state_(seed) {}

  std::uint64_t next() {
    state_ += 0xA0761D6478BD642Full;
    __extension__ using Wide = unsigned __int128;
    const Wide m = static_cast<Wide>(state_) * (state_ ^ 0xE7037ED1A0B428DBull);
    return static_cast<std::uint64_t>(m >> 64) ^ static_cast<std::uint64_t>(m);
  }

  // Uniform in [0, n) by multiply-shift (Lemire); the bias is far below what playouts notice.
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() & 0xFFFFFFFFull) * n) >> 32);
  }

 private:
  std::uint64_t state_;
};

}  // namespace tengen::go
