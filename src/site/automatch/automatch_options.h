#pragma once

// The Matchmaker's timings (matchmaker.h, docs/protocol.md "Automatch and challenges"), apart
// so that SiteOptions can hold them without the Matchmaker's includes.

#include <chrono>
#include <cstddef>

namespace tengen::site {

struct AutomatchOptions {
  // Time between a pool's waves, plus up to waveJitter at random (lichess: 12-60 s + 1 s).
  std::chrono::milliseconds waveInterval{8000};
  std::chrono::milliseconds waveJitter{1000};
  // A pool this full is paired at the next tick without waiting for its wave.
  std::size_t waveAtOnce = 16;
  // A challenge not answered within this is withdrawn (the challenger hears "timeout").
  std::chrono::milliseconds challengeTimeout{std::chrono::seconds(60)};
  // How often waves, bot offers and challenge expiries are looked at.
  std::chrono::milliseconds tick{250};
};

}  // namespace tengen::site
