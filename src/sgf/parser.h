#pragma once

#include <cstddef>
#include <limits>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "sgf/sgf_tree.h"

namespace tengen::sgf {

// Parses an SGF collection into its game trees, at most `maxGames` of them (text after the
// last one read is not looked at). Text before each "(;" is skipped as FF[4] allows. Errors
// name the line and column and say what was expected. Cost: linear in the text; no
// recursion, so nesting depth is bounded only by memory.
Result<std::vector<GameTree>> parseCollection(
    std::string_view text, std::size_t maxGames = std::numeric_limits<std::size_t>::max());

// The first game tree of a collection.
Result<GameTree> parseFirstGame(std::string_view text);

}  // namespace tengen::sgf
