#pragma once

// The part of a game's `state` (docs/protocol.md, "State") a player of the load generator needs
// to choose its next move, and the GTP names of points.

#include <boost/json/fwd.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <string>

#include "base/result.h"

namespace tengen::loadgen {

enum class Colour { Black, White };

std::optional<Colour> colourFromName(std::string_view name);

struct GameView {
  std::string phase;  // "play", "finished", …
  std::optional<Colour> toMove;
  int moveNumber = 0;
  // size*size of '0'/'1', row `size` (top) first; empty outside play and once the game is over
  std::string legal;
};

// Reads a `state` object; fails naming the field that is missing or malformed.
Result<GameView> parseGameView(const boost::json::value& state, int size);

// GTP name of the index into a board string (row `size` first, left to right): with size 19,
// index 0 is "A19" and index 360 is "T1". Columns skip the letter I.
std::string pointName(int index, int size);

// A uniformly random index of a '1' in `legal`, or nullopt if there is none.
std::optional<int> randomLegalIndex(const std::string& legal, std::mt19937_64& random);

}  // namespace tengen::loadgen
